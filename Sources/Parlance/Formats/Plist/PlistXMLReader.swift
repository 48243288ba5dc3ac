#if canImport(Glibc)
  import Glibc
#endif

/// A reader of our own for the XML property lists that `.stringsdict` files are: a
/// `<plist>` holding dictionaries of keys and strings, read into a `PlistTape` with the
/// place of each key.
///
/// It reads a strict subset of what `PropertyListSerialization` reads, and reads it the
/// same way: a later key of a dictionary replaces an earlier one, text is kept as
/// written (line endings, spaces), and `&amp; &lt; &gt; &quot; &apos;` and character
/// references are decoded. Anything outside the subset — another value type, CDATA, a
/// comment inside text, an attribute, an encoding other than UTF-8, an unknown entity,
/// two spellings of one name, a mistake of any kind — makes `read` return nil, and the
/// caller hands the file to `PropertyListSerialization`, which says what it makes of it.
/// Time is linear in the size of the input.
///
/// ```
/// <plist version="1.0"><dict>     node 0, the root
///   <key>files</key>              node 1, 'files', at byte 33
///   <dict><key>one</key>…         node 2, 'one' of 'files'
/// ```
struct PlistXMLReader {
  /// Dictionaries nested deeper are handed to Foundation (a `.stringsdict` has three).
  static let maximumDepth = 64

  private let text: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0
  private var tape: PlistTape
  /// The root dictionary's names by first occurrence (`FirstKeys`: a repeated plain
  /// name is found by its bytes, before any `String` is made of it).
  private var rootNames: FirstKeys
  private let keepsEveryChild: Bool

  /// The tape of `text`, whose bytes it reads in place (the caller keeps them alive while
  /// it uses the tape); nil when the file is not in the subset. With `everyChild`, the
  /// tape's `entryOfChild` says the entry of each child of the root.
  static func read(_ text: UnsafeBufferPointer<UInt8>, everyChild: Bool = false) -> PlistTape? {
    // UTF-8 only, without a byte order mark and without NUL bytes; offsets are 32-bit.
    guard text.count < Int(Int32.max),
      !(text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF),
      text.baseAddress.map({ memchr($0, 0, text.count) }) ?? nil == nil,
      TextDecoding.firstInvalidUTF8Offset(in: text) == nil
    else { return nil }
    var reader = PlistXMLReader(text: text, everyChild: everyChild)
    guard reader.document() else { return nil }
    return reader.tape
  }

  private init(text: UnsafeBufferPointer<UInt8>, everyChild: Bool) {
    self.text = text
    keepsEveryChild = everyChild
    tape = PlistTape(text: text)
    // A node is at least `<key>k</key><dict/>`; reserving a third of that is one
    // allocation for most files and no waste for any.
    tape.nodes.reserveCapacity(text.count / 48)
    // A name is at least `<key>k</key>`.
    rootNames = FirstKeys(keys: text.count / 12, bytes: text.count)
  }

  // MARK: Document

  private mutating func document() -> Bool {
    if starts(with: "<?xml") {
      guard let end = processingInstructionEnd(), Self.declaresUTF8(text[index..<end]) else {
        return false
      }
      index = end + 2
    }
    guard index > 0 || text.first == UInt8(ascii: "<"), skipMisc(allowingDoctype: true),
      starts(with: "<plist")
    else { return false }
    index += 6
    guard index < text.count, text[index] == UInt8(ascii: ">") || text[index].isXMLSpace,
      let close = find(">"), text[close - 1] != UInt8(ascii: "/")
    else { return false }
    index = close + 1
    return skipMisc(allowingDoctype: false)
      && value(key: .empty, flags: [], place: index)
      && skipMisc(allowingDoctype: false) && consume("</plist>")
      && skipMisc(allowingDoctype: false) && index == text.count
  }

  /// `encoding="UTF-8"` (any case), or no encoding at all.
  private static func declaresUTF8(_ declaration: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
    let text = String(decoding: declaration, as: UTF8.self).lowercased()
    guard let range = text.range(of: "encoding") else { return true }
    let rest = text[range.upperBound...].filter { $0 != " " && $0 != "=" }
    return rest.hasPrefix("\"utf-8\"") || rest.hasPrefix("'utf-8'")
  }

  /// Whitespace, comments, processing instructions and (before the root) a DOCTYPE
  /// without an internal subset; false on anything unterminated.
  private mutating func skipMisc(allowingDoctype: Bool) -> Bool {
    while true {
      skipSpace()
      // Most tags are none of these: one byte tells.
      guard index + 1 < text.count, text[index] == UInt8(ascii: "<"),
        text[index + 1] == UInt8(ascii: "!") || text[index + 1] == UInt8(ascii: "?")
      else { return true }
      if starts(with: "<!--") {
        index += 4  // `<!-->` does not end the comment it opens
        guard let end = find("-->") else { return false }
        index = end + 3
      } else if starts(with: "<?") {
        guard let end = processingInstructionEnd() else { return false }
        index = end + 2
      } else if allowingDoctype, starts(with: "<!DOCTYPE") {
        guard let end = find(">"), !text[index..<end].contains(UInt8(ascii: "[")) else {
          return false
        }
        index = end + 1
      } else {
        return true
      }
    }
  }

  /// Where the `?>` of the processing instruction at `index` is, when no `>` comes
  /// before it (`PlistKeyLocator`, which found the keys' lines, ends it at the first `>`).
  private func processingInstructionEnd() -> Int? {
    guard let close = find(">"), close > index + 2, text[close - 1] == UInt8(ascii: "?") else {
      return nil
    }
    return close - 1
  }

  // MARK: Values

  /// Reads the value at `index` into the tape as the node named `key`, whose `<key>` is
  /// at `place`; false when it is outside the subset.
  private mutating func value(key: PlistTape.Span, flags: PlistTape.Flags, place: Int) -> Bool {
    let node = tape.nodes.count
    func append(_ kind: PlistTape.Kind, _ value: PlistTape.Span, _ flags: PlistTape.Flags) {
      tape.nodes.append(
        PlistTape.Node(
          key: key, value: value, end: Int32(node + 1), place: Int32(place), kind: kind,
          flags: flags))
    }
    if consume("<string>") {
      guard let (span, decoded) = self.text(until: "</string>") else { return false }
      append(.string, span, decoded ? flags.union(.valueDecoded) : flags)
      return true
    }
    if consume("<string/>") {
      append(.string, .empty, flags)
      return true
    }
    if consume("<dict/>") {
      append(.dictionary, .empty, flags)
      return true
    }
    guard consume("<dict>"), depth < Self.maximumDepth else { return false }
    depth += 1
    defer { depth -= 1 }
    append(.dictionary, .empty, flags)
    let isRoot = node == 0
    var plainNames = true
    while true {
      guard skipMisc(allowingDoctype: false) else { return false }
      if consume("</dict>") { break }
      let keyStart = index
      let name: PlistTape.Span
      var nameFlags: PlistTape.Flags = []
      let plain = plainKey()
      if let plain {
        name = PlistTape.Span(start: Int32(plain.lowerBound), count: Int32(plain.count))
        nameFlags = .plainKey
      } else if consume("<key>"), let (span, decoded) = self.text(until: "</key>") {
        name = span
        if decoded { nameFlags = .keyDecoded }
        plainNames = false
      } else {
        return false
      }
      let repeatOf = isRoot ? rootNames.repeatOf(plain, in: text) : nil
      let child = tape.nodes.count
      if let value = plainString() {
        // Most members of a property list, read the short way: the node is the one
        // `value(key:flags:place:)` writes.
        tape.nodes.append(
          PlistTape.Node(
            key: name, value: value, end: Int32(child + 1), place: Int32(keyStart),
            kind: .string, flags: nameFlags))
      } else {
        guard skipMisc(allowingDoctype: false),
          value(key: name, flags: nameFlags, place: keyStart)
        else { return false }
      }
      if isRoot, !addRootName(child, repeatOf: repeatOf) { return false }
    }
    tape.nodes[node].end = Int32(tape.nodes.count)
    return isRoot || plainNames || namesAreSpelledOnce(node)
  }

  /// Records `child` of the root dictionary, which replaces an earlier child of its name
  /// (`repeatOf`, when its bytes found it); false when two spellings of one name are one
  /// key to Swift: what Foundation makes of them is its own affair.
  private mutating func addRootName(_ child: Int, repeatOf: Int?) -> Bool {
    let slot = tape.entries.count
    guard
      let earlier = repeatOf
        ?? rootNames.insert(
          tape.key(child), at: slot, earlier: { tape.entries.map { tape.key(Int($0)) } })
    else {
      tape.entries.append(Int32(child))
      if keepsEveryChild { tape.entryOfChild.append(Int32(slot)) }
      return true
    }
    let before = Int(tape.entries[earlier])
    guard repeatOf != nil || tape.sameKeyBytes(before, child) else { return false }
    // The name is made only for a repeat that is listed.
    let name = tape.duplicates.isFull ? "" : tape.key(child)
    tape.duplicates.add(name, first: tape.location(of: before), again: tape.location(of: child))
    tape.entries[earlier] = Int32(child)
    if keepsEveryChild { tape.entryOfChild.append(Int32(earlier)) }
    return true
  }

  /// Whether no two names of dictionary `node` that Swift takes for one are spelled
  /// differently (`é`, `e\u{301}`): a Swift dictionary would keep one spelling.
  private func namesAreSpelledOnce(_ node: Int) -> Bool {
    var seen: [String: Int] = [:]
    for child in tape.children(of: node) {
      let name = tape.key(child)
      if let other = seen[name] {
        guard tape.sameKeyBytes(other, child) else { return false }
      } else {
        seen[name] = child
      }
    }
    return true
  }

  /// The bytes of the name of the `<key>` at `index` when they are plain (ASCII, no
  /// entity), `index` then past its `</key>`; nil, `index` unmoved, otherwise.
  private mutating func plainKey() -> Range<Int>? {
    if has(Self.emptyKeyTag, 6, at: index) {
      index += 6
      return index..<index
    }
    guard has(Self.keyTag, 5, at: index) else { return nil }
    let start = index + 5
    // Stops at an entity or a letter beyond ASCII too: either makes the name not plain.
    let stop = text.firstOffset(
      of: UInt8(ascii: "<"), or: UInt8(ascii: "&"), orNonASCII: true, from: start)
    guard stop < text.count, has(Self.keyEnd, 6, at: stop) else { return nil }
    index = stop + 6
    return start..<stop
  }

  /// The text of a `<string>` at `index`, after spaces, when it has no entity: its
  /// span, `index` then past its `</string>`; nil, `index` unmoved, otherwise (the
  /// general path reads it, and anything else, such as a comment before it).
  @inline(__always)
  private mutating func plainString() -> PlistTape.Span? {
    var at = index
    while at < text.count, text[at].isXMLSpace { at += 1 }
    guard has(Self.stringTag, 8, at: at) else { return nil }
    let start = at + 8
    let stop = text.firstOffset(of: UInt8(ascii: "<"), or: UInt8(ascii: "&"), from: start)
    guard stop < text.count, has(Self.stringEnd, 8, at: stop), stop + 8 < text.count,
      text[stop + 8] == UInt8(ascii: ">")
    else { return nil }
    index = stop + 9
    return PlistTape.Span(start: Int32(start), count: Int32(stop - start))
  }

  // The tags read most, as the numbers their bytes make read as a little-endian word.
  // Literals, not `static let`s: each of those is a check of its lazy start at every use.
  private static var keyTag: UInt64 { 0x3E_7965_6B3C }  // <key>
  private static var emptyKeyTag: UInt64 { 0x3E2F_7965_6B3C }  // <key/>
  private static var keyEnd: UInt64 { 0x3E79_656B_2F3C }  // </key>
  private static var stringTag: UInt64 { 0x3E67_6E69_7274_733C }  // <string>
  private static var stringEnd: UInt64 { 0x676E_6972_7473_2F3C }  // </string

  /// Whether the `length` bytes at `offset` (at most eight) are those of `tag`: one
  /// compare of a word where eight bytes remain, byte by byte before the end.
  @inline(__always)
  private func has(_ tag: UInt64, _ length: Int, at offset: Int) -> Bool {
    guard let base = text.baseAddress, offset + length <= text.count else { return false }
    if offset + 8 <= text.count {
      let word = UInt64(
        littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
      return length == 8 ? word == tag : word & ((1 << (8 * UInt64(length))) - 1) == tag
    }
    for byte in 0..<length where base[offset + byte] != UInt8(truncatingIfNeeded: tag >> (8 * byte))
    {
      return false
    }
    return true
  }

  /// The text up to `end`, and whether its entities were decoded into `tape.decoded`
  /// (else it is where it is written); nil on `<` or an entity outside the subset.
  private mutating func text(until end: StaticString) -> (PlistTape.Span, decoded: Bool)? {
    // The text between entities is copied only from the first entity on; the `<` or `&`
    // is found eight bytes at a time.
    var decodedStart: Int?
    var start = index
    while true {
      index = text.firstOffset(of: UInt8(ascii: "<"), or: UInt8(ascii: "&"), from: index)
      guard index < text.count else { return nil }
      let stop = index
      if text[stop] == UInt8(ascii: "<") {
        guard consume(end) else { return nil }
        guard let decodedStart else {
          return (PlistTape.Span(start: Int32(start), count: Int32(stop - start)), false)
        }
        tape.decoded += text[start..<stop]
        let count = tape.decoded.count - decodedStart
        return (PlistTape.Span(start: Int32(decodedStart), count: Int32(count)), true)
      }
      if decodedStart == nil { decodedStart = tape.decoded.count }
      if start < stop { tape.decoded += text[start..<stop] }
      // `&amp;` runs (an escaped URL's query, a value of ampersands) a word at a time.
      while index + 5 <= text.count, text[index] == UInt8(ascii: "&"),
        UnsafeRawPointer(text.baseAddress.unsafelyUnwrapped + index + 1)
          .loadUnaligned(as: UInt32.self) == Self.ampersandName
      {
        tape.decoded.append(UInt8(ascii: "&"))
        index += 5
      }
      if index < text.count, text[index] != UInt8(ascii: "&") {
        start = index
        continue
      }
      guard let scalar = entity() else { return nil }
      TextDecoding.appendUTF8(scalar.value, to: &tape.decoded)
      start = index
    }
  }

  /// `amp;` as the word it is in memory.
  private static let ampersandName = UInt32(littleEndian: 0x3B70_6D61)

  /// `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&#65;` `&#x41;` (not NUL, not a surrogate).
  private mutating func entity() -> Unicode.Scalar? {
    // The five named entities, told apart by the byte after `&`.
    switch index + 1 < text.count ? text[index + 1] : 0 {
    case UInt8(ascii: "a"):
      if consume("&amp;") { return "&" }
      if consume("&apos;") { return "'" }
    case UInt8(ascii: "l"): if consume("&lt;") { return "<" }
    case UInt8(ascii: "g"): if consume("&gt;") { return ">" }
    case UInt8(ascii: "q"): if consume("&quot;") { return "\"" }
    default: break
    }
    guard let semicolon = find(";"), semicolon - index <= 12 else { return nil }
    let name = String(decoding: text[(index + 1)..<semicolon], as: UTF8.self)
    index = semicolon + 1
    guard name.hasPrefix("#") else { return nil }
    let digits = name.dropFirst()
    let value =
      digits.hasPrefix("x")
      ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
    guard let value, value != 0, digits.allSatisfy({ $0.isHexDigit || $0 == "x" }) else {
      return nil
    }
    return Unicode.Scalar(value)
  }

  // MARK: Bytes

  private mutating func skipSpace() {
    while index < text.count, text[index].isXMLSpace { index += 1 }
  }

  @inline(__always)
  private func starts(with prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard index + count <= text.count, let base = text.baseAddress else { return false }
    let expected = prefix.utf8Start
    for offset in 0..<count where base[index + offset] != expected[offset] { return false }
    return true
  }

  @inline(__always)
  private mutating func consume(_ prefix: StaticString) -> Bool {
    guard starts(with: prefix) else { return false }
    index += prefix.utf8CodeUnitCount
    return true
  }

  /// Where `pattern` next starts at or after `index`.
  private func find(_ pattern: StaticString) -> Int? {
    let count = pattern.utf8CodeUnitCount
    let first = pattern.utf8Start[0]
    var position = index
    while position + count <= text.count {
      if text[position] == first {
        var matches = true
        for offset in 1..<count where text[position + offset] != pattern.utf8Start[offset] {
          matches = false
          break
        }
        if matches { return position }
      }
      position += 1
    }
    return nil
  }
}

extension UInt8 {
  fileprivate var isXMLSpace: Bool {
    self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09
  }
}
