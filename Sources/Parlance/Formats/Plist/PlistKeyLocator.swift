/// Where the keys of an XML property list are, which `PropertyListSerialization` does not
/// say: a light scan of the raw text for `<key>NAME</key>` in the root dictionary and in
/// the dictionaries directly below it.
///
/// ```
/// <plist><dict>
///   <key>files</key>            top-level key 'files' at 2:3
///   <dict>
///     <key>count</key>          key 'count' of 'files' at 4:5
/// ```
///
/// Entity escapes in names (`&amp;`, `&#x41;`) are decoded so that names match what
/// Foundation read. It is not a validating parser: text it cannot follow leaves keys
/// without a location, and the caller uses `1:1`. Time is linear in the size of the text.
struct PlistKeyLocator {
  /// A top-level key, with the keys of the dictionary that is its value.
  struct TopLevelKey {
    var location: SourceLocation
    var children: [String: SourceLocation] = [:]
  }

  /// Each top-level key by name; a duplicated name keeps its last occurrence, whose value
  /// Foundation keeps.
  private(set) var keys: [String: TopLevelKey] = [:]
  /// Top-level names written more than once.
  private(set) var duplicates = RepeatedKeys()

  /// Scans UTF-8 text (the caller decodes UTF-16 first).
  init(utf8 text: [UInt8]) {
    text.withUnsafeBufferPointer { scan($0) }
  }

  /// Locations found by a reader that read the file itself (`PlistXMLReader`).
  init(keys: [String: TopLevelKey], duplicates: RepeatedKeys) {
    self.keys = keys
    self.duplicates = duplicates
  }

  private enum Container { case dictionary, array }

  private mutating func scan(_ text: UnsafeBufferPointer<UInt8>) {
    var locator = LineLocator()
    var containers: [Container] = []
    var currentTopLevel: String?
    var index = 0
    let count = text.count
    while let open = text.firstOffset(of: UInt8(ascii: "<"), from: index) {
      index = open + 1
      if text.hasPrefix("!--", at: index) {
        index = text.offset(after: Array("-->".utf8), from: index + 3)
        continue
      }
      if text.hasPrefix("![CDATA[", at: index) {
        index = text.offset(after: Array("]]>".utf8), from: index + 8)
        continue
      }
      guard let close = text.firstOffset(of: UInt8(ascii: ">"), from: index) else { return }
      let tagEnd = close
      index = close + 1
      guard open + 1 < tagEnd else { continue }
      let first = text[open + 1]
      if first == UInt8(ascii: "?") || first == UInt8(ascii: "!") { continue }
      let isClosing = first == UInt8(ascii: "/")
      let selfClosing = text[tagEnd - 1] == UInt8(ascii: "/")
      let nameStart = isClosing ? open + 2 : open + 1
      var nameEnd = nameStart
      while nameEnd < tagEnd, text[nameEnd].isTagNameByte { nameEnd += 1 }
      let name = String(
        decoding: UnsafeBufferPointer(rebasing: text[nameStart..<nameEnd]), as: UTF8.self)
      switch (name, isClosing) {
      case ("dict", false), ("array", false):
        if !selfClosing { containers.append(name == "dict" ? .dictionary : .array) }
      case ("dict", true), ("array", true):
        if !containers.isEmpty { containers.removeLast() }
      case ("key", false):
        let keyName: String
        if selfClosing {
          keyName = ""
        } else {
          guard let textEnd = text.firstOffset(of: UInt8(ascii: "<"), from: index) else { return }
          keyName = Self.decodeEntities(UnsafeBufferPointer(rebasing: text[index..<textEnd]))
          index = textEnd
        }
        let location = locator.location(of: open, in: text)
        record(keyName, at: location, containers: containers, currentTopLevel: &currentTopLevel)
      default:
        break
      }
      if index >= count { return }
    }
  }

  private mutating func record(
    _ name: String, at location: SourceLocation, containers: [Container],
    currentTopLevel: inout String?
  ) {
    if containers == [.dictionary] {
      if let previous = keys[name] {
        duplicates.add(name, first: previous.location, again: location)
      }
      keys[name] = TopLevelKey(location: location)
      currentTopLevel = name
    } else if containers == [.dictionary, .dictionary], let parent = currentTopLevel {
      // Keep the first: a later duplicate child is rare and not worth a second map.
      if keys[parent]?.children[name] == nil {
        keys[parent]?.children[name] = location
      }
    }
  }

  /// `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&#65;` `&#x41;`; anything else stays as is.
  static func decodeEntities(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard bytes.contains(UInt8(ascii: "&")) else {
      return String(decoding: bytes, as: UTF8.self)
    }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "&"),
        let semicolon = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";"))
      else {
        output.append(bytes[index])
        index += 1
        continue
      }
      let entity = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<semicolon]), as: UTF8.self)
      if let scalar = XMLEntity.scalar(named: entity) {
        output += Array(String(Character(scalar)).utf8)
        index = semicolon + 1
      } else {
        output.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}

extension UInt8 {
  fileprivate var isTagNameByte: Bool {
    isASCIIAlphanumeric || self == UInt8(ascii: "_") || self == UInt8(ascii: "-")
      || self == UInt8(ascii: ":")
  }
}

extension UnsafeBufferPointer<UInt8> {
  fileprivate func firstOffset(of byte: UInt8, from start: Int) -> Int? {
    guard start < count else { return nil }
    return self[start...].firstIndex(of: byte)
  }

  fileprivate func hasPrefix(_ prefix: String, at start: Int) -> Bool {
    var index = start
    for byte in prefix.utf8 {
      guard index < count, self[index] == byte else { return false }
      index += 1
    }
    return true
  }

  /// The offset just past the first `pattern` at or after `start`, or `count`.
  fileprivate func offset(after pattern: [UInt8], from start: Int) -> Int {
    var index = start
    while index + pattern.count <= count {
      if self[index] == pattern[0], self[index..<(index + pattern.count)].elementsEqual(pattern) {
        return index + pattern.count
      }
      index += 1
    }
    return count
  }
}
