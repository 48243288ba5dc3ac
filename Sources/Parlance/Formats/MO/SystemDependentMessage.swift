/// A message of a `.mo` file whose text depends on the platform, expanded for this one.
///
/// A C program writes `printf(ngettext("%" PRIu64 " byte", …), size)`: the msgid the
/// compiler makes is `"%lu byte"` on 64-bit Linux and `"%llu byte"` on 32-bit. `msgfmt`
/// stores such a message as static pieces with named segments between them
/// (`"%"`, `<PRIu64>`, `" byte"`), and the reader puts in the platform's value of each
/// segment, as glibc does at load time:
///
/// ```
/// PRIu64  → lu      PRId32 → d       PRIxMAX → lx      PRIuPTR → lu   (LP64 glibc)
/// PRIu64  → llu     PRIdFAST32 → d   PRIxMAX → llx     PRIuPTR → u    (ILP32 glibc)
/// I       → I       (glibc's flag for the locale's digits)
/// ```
///
/// A message with a segment gettext does not know is left out, as glibc leaves it out.
struct SystemDependentMessage {
  /// The expanded original: `msgid`, `msgctxt` U+0004 `msgid`, or `msgid` NUL `plural`.
  var original: [UInt8]
  /// The expanded translation, forms separated by NULs.
  var translation: [UInt8]
  /// Where its descriptor is, for diagnostics.
  var descriptorOffset: Int

  /// The original's first string (up to a NUL), decoded: the lookup key.
  var key: String {
    String(decoding: original.prefix { $0 != 0 }, as: UTF8.self)
  }

  /// The end of a segment list.
  private static let segmentsEnd: UInt32 = 0xFFFF_FFFF

  /// The value a segment name stands for on this platform, or nil for a name gettext
  /// does not know: `PRI` + `d i o u x X` + `8 16 32 64`, `LEAST` or `FAST` before those,
  /// `MAX`, `PTR`; and `I`.
  static func value(ofSegment name: String) -> String? {
    if name == "I" { return "I" }
    guard name.hasPrefix("PRI"), name.count >= 5 else { return nil }
    let characters = Array(name)
    let conversion = characters[3]
    guard "diouxX".contains(conversion) else { return nil }
    let size = String(characters[4...])
    let is64Bit = MemoryLayout<Int>.size == 8
    // glibc's <inttypes.h>: the length modifier each type takes.
    let modifier: String
    switch size {
    case "8", "16", "32", "LEAST8", "LEAST16", "LEAST32", "FAST8": modifier = ""
    case "64", "LEAST64", "FAST64", "MAX": modifier = is64Bit ? "l" : "ll"
    case "FAST16", "FAST32", "PTR": modifier = is64Bit ? "l" : ""
    default: return nil
    }
    return modifier + String(conversion)
  }

  /// The expanded system-dependent messages of a file whose `layout` says it has some.
  static func read(
    _ bytes: UnsafeRawBufferPointer, layout: MOFile.Layout, path: String,
    diagnostics: inout [Diagnostic]
  ) -> [SystemDependentMessage] {
    let count = layout.systemDependentCount
    guard count > 0 else { return [] }
    func word(_ offset: Int) -> UInt32? {
      MOFile.word(at: offset, in: bytes, bigEndian: layout.bigEndian)
    }
    func error(_ kind: Diagnostic.Kind, at offset: Int) {
      diagnostics.append(
        Diagnostic(file: path, location: .byte(offset), severity: .error, kind: kind))
    }
    // Checked before anything is allocated from a count.
    guard layout.segmentsOffset + layout.segmentCount * 8 <= bytes.count,
      layout.systemDependentOriginals + count * 4 <= bytes.count,
      layout.systemDependentTranslations + count * 4 <= bytes.count
    else {
      error(
        .catalogTableOutOfBounds(
          table: "system-dependent strings", entries: count,
          offset: layout.systemDependentOriginals, fileSize: bytes.count), at: 36)
      return []
    }
    var segments: [String?] = []
    segments.reserveCapacity(layout.segmentCount)
    for index in 0..<layout.segmentCount {
      let descriptor = layout.segmentsOffset + index * 8
      guard let length = word(descriptor).map(Int.init), let offset = word(descriptor + 4),
        length > 0, Int(offset) + length <= bytes.count,
        bytes[Int(offset) + length - 1] == 0
      else {
        error(.invalidSystemDependentSegment(index: index), at: descriptor)
        return []
      }
      let name = String(
        decoding: UnsafeRawBufferPointer(rebasing: bytes[Int(offset)..<Int(offset) + length - 1]),
        as: UTF8.self)
      segments.append(value(ofSegment: name))
      if value(ofSegment: name) == nil {
        diagnostics.append(
          Diagnostic(
            file: path, location: .byte(Int(offset)), severity: .warning,
            kind: .unknownSystemDependentSegment(name)))
      }
    }
    var messages: [SystemDependentMessage] = []
    for index in 0..<count {
      var expanded: [[UInt8]] = []
      for table in [layout.systemDependentOriginals, layout.systemDependentTranslations] {
        guard let string = word(table + index * 4).map(Int.init) else { break }
        switch expand(string, in: bytes, segments: segments, bigEndian: layout.bigEndian) {
        case .success(let text?): expanded.append(text)
        case .success(nil): break  // an unknown segment: left out, as glibc does
        case .failure:
          error(.invalidSystemDependentString(index: index), at: table + index * 4)
        }
      }
      guard expanded.count == 2 else { continue }
      messages.append(
        SystemDependentMessage(
          original: expanded[0], translation: expanded[1],
          descriptorOffset: layout.systemDependentOriginals + index * 4))
    }
    return messages
  }

  private struct Malformed: Error {}

  /// The string at `offset` (a static-segments offset, then (size, segment) pairs up to
  /// `segmentsEnd`) with its segments put in, without the final NUL; nil when it uses a
  /// segment without a value here.
  private static func expand(
    _ offset: Int, in bytes: UnsafeRawBufferPointer, segments: [String?], bigEndian: Bool
  ) -> Result<[UInt8]?, Malformed> {
    func word(_ offset: Int) -> UInt32? { MOFile.word(at: offset, in: bytes, bigEndian: bigEndian) }
    guard var staticOffset = word(offset).map(Int.init) else { return .failure(Malformed()) }
    var output: [UInt8] = []
    var pair = offset + 4
    var known = true
    // A segment list longer than the file's words cannot be well formed.
    for _ in 0..<(bytes.count / 8 + 1) {
      guard let size = word(pair).map(Int.init), let reference = word(pair + 4),
        staticOffset + size <= bytes.count
      else { return .failure(Malformed()) }
      output.append(contentsOf: bytes[staticOffset..<staticOffset + size])
      staticOffset += size
      pair += 8
      if reference == segmentsEnd {
        // The last static piece ends with the string's NUL.
        guard size > 0, output.last == 0 else { return .failure(Malformed()) }
        output.removeLast()
        return .success(known ? output : nil)
      }
      guard Int(reference) < segments.count else { return .failure(Malformed()) }
      if let value = segments[Int(reference)] {
        output.append(contentsOf: value.utf8)
      } else {
        known = false
      }
    }
    return .failure(Malformed())
  }
}
