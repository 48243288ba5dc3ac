import Foundation

/// Where the header declares `charset=`, found in the raw bytes before decoding.
///
/// Only the header entry is searched (the first entry, `msgid ""`), so a `charset=` in a
/// translated string never counts. The charsets this reads are ASCII-compatible, so the
/// header's ASCII text is the same bytes whatever the charset.
struct PoCharsetDeclaration {
  var name: String
  /// Byte offset of the name in the file.
  var offset: Int

  init?(scanning bytes: [UInt8]) {
    var lineStart = 0
    var inHeader = false
    let count = bytes.count
    while lineStart < count {
      var lineEnd = lineStart
      while lineEnd < count && bytes[lineEnd] != 0x0A && bytes[lineEnd] != 0x0D { lineEnd += 1 }
      defer { lineStart = lineEnd + 1 }
      var start = lineStart
      while start < lineEnd && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
      let line = bytes[start..<lineEnd]
      if line.isEmpty || line.first == UInt8(ascii: "#") {
        if inHeader && line.isEmpty { return nil }
        continue
      }
      if line.starts(with: "msgid".utf8) && !line.starts(with: "msgid_plural".utf8) {
        // The header's msgid is empty: `msgid ""`.
        let rest = line.dropFirst(5).drop { $0 == 0x20 || $0 == 0x09 }
        guard !inHeader, rest.starts(with: "\"\"".utf8) else { return nil }
        inHeader = true
        continue
      }
      guard inHeader, line.starts(with: "msgstr".utf8) || line.first == UInt8(ascii: "\"") else {
        return nil
      }
      let pattern = Array("charset=".utf8)
      var index = start
      while index + pattern.count <= lineEnd {
        if bytes[index] == pattern[0] && bytes[index..<index + pattern.count].elementsEqual(pattern)
        {
          let nameStart = index + pattern.count
          var nameEnd = nameStart
          while nameEnd < lineEnd
            && ![0x20, 0x09, UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: ";")].contains(
              bytes[nameEnd])
          {
            nameEnd += 1
          }
          guard nameEnd > nameStart else { return nil }
          name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
          offset = nameStart
          return
        }
        index += 1
      }
    }
    return nil
  }
}
