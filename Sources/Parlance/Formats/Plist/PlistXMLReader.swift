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

  let text: UnsafeBufferPointer<UInt8>
  var index = 0
  private var depth = 0
  var tape: PlistTape
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
      TextDecoding.firstInvalidUTF8Offset(in: text, orNUL: true) == nil
    else { return nil }
    var reader = PlistXMLReader(text: text, everyChild: everyChild)
    guard reader.document() else { return nil }
    return reader.tape
  }

  private init(text: UnsafeBufferPointer<UInt8>, everyChild: Bool) {
    self.text = text
    keepsEveryChild = everyChild
    tape = PlistTape(text: text)
    // A node takes at least 13 bytes of the file (`<key/><dict/>`): this is the one
    // allocation of any file. Its pages are touched only as nodes are written.
    tape.nodes.reserveCapacity(text.count / 13 + 2)
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
  @inline(__always)
  private mutating func skipMisc(allowingDoctype: Bool) -> Bool {
    skipSpace()
    // Most tags are none of these: one byte tells, here, without a call.
    guard startsMarkup else { return true }
    return skipMarkup(allowingDoctype: allowingDoctype)
  }

  /// Whether `<!` or `<?` is at `index`.
  private var startsMarkup: Bool {
    @inline(__always) get {
      index + 1 < text.count && text[index] == UInt8(ascii: "<")
        && (text[index + 1] == UInt8(ascii: "!") || text[index + 1] == UInt8(ascii: "?"))
    }
  }

  /// `skipMisc` from a comment, processing instruction or DOCTYPE at `index`.
  private mutating func skipMarkup(allowingDoctype: Bool) -> Bool {
    while true {
      skipSpace()
      guard startsMarkup else { return true }
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
      guard plainMembers(isRoot: isRoot) else { return false }
      guard skipMisc(allowingDoctype: false) else { return false }
      if consume("</dict>") { break }
      let keyStart = index
      let name: PlistTape.Span
      var nameFlags: PlistTape.Flags = []
      let plain = plainKey(at: index).map { key in
        index = key.end
        return key.name
      }
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
      if let value = plainString(at: index) {
        // A plain `<string>` (`plainMembers` took those after a plain name, but not one
        // after a comment), read the short way: the node `value(key:flags:place:)` writes.
        index = value.end
        tape.nodes.append(
          PlistTape.Node(
            key: name, value: value.text, end: Int32(child + 1), place: Int32(keyStart),
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

  /// Reads the members of a dictionary at `index` that are plain, and most are:
  /// `<key>NAME</key><string>TEXT</string>`, spaces around either, the name ASCII and
  /// neither with an entity. It writes the nodes the general path writes for them (and
  /// of the root's, records their names), stops at anything else (`index` there), and
  /// is false only where `addRootName` is.
  private mutating func plainMembers(isRoot: Bool) -> Bool {
    while true {
      skipSpace()
      let keyStart = index
      guard let key = plainKey(at: keyStart), let value = plainString(at: key.end) else {
        return true
      }
      index = value.end
      let name = key.name
      // Offsets below `text.count`, which `read` keeps below `Int32.max`.
      @inline(__always) func offset(_ value: Int) -> Int32 { Int32(truncatingIfNeeded: value) }
      var node = PlistTape.Node(
        key: PlistTape.Span(start: offset(name.lowerBound), count: offset(name.count)),
        value: value.text, end: 0, place: offset(keyStart), kind: .string, flags: .plainKey)
      guard isRoot else {
        node.end = offset(tape.nodes.count &+ 1)
        tape.nodes.append(node)
        continue
      }
      let repeatOf = rootNames.repeatOf(name, in: text)
      if let repeatOf, !keepsEveryChild {
        // A string that replaces a leaf (a string, `<dict/>`) takes its node: names
        // repeated do not grow the tape. (The root's nodes are then not in file order.)
        let before = Int(tape.entries[repeatOf])
        if tape.nodes[before].end == offset(before &+ 1) {
          recordRepeat(of: before, again: .unresolved(offset: keyStart))
          node.end = offset(before &+ 1)
          tape.nodes[before] = node
          continue
        }
      }
      let child = tape.nodes.count
      node.end = offset(child &+ 1)
      tape.nodes.append(node)
      guard addRootName(child, repeatOf: repeatOf) else { return false }
    }
  }

  /// Records `child` of the root dictionary, which replaces an earlier child of its name
  /// (`repeatOf`, when its bytes found it); false when two spellings of one name are one
  /// key to Swift: what Foundation makes of them is its own affair.
  private mutating func addRootName(_ child: Int, repeatOf: Int?) -> Bool {
    if let repeatOf {
      replace(repeatOf, by: child)
      return true
    }
    let slot = tape.entries.count
    guard
      let earlier = rootNames.insert(
        tape.key(child), at: slot, earlier: { tape.entries.map { tape.key(Int($0)) } })
    else {
      tape.entries.append(Int32(child))
      if keepsEveryChild { tape.entryOfChild.append(Int32(slot)) }
      return true
    }
    guard tape.sameKeyBytes(Int(tape.entries[earlier]), child) else { return false }
    replace(earlier, by: child)
    return true
  }

  /// Makes `child` the root's entry `earlier`, which had its name, and records the repeat.
  @inline(__always)
  private mutating func replace(_ earlier: Int, by child: Int) {
    recordRepeat(of: Int(tape.entries[earlier]), again: tape.location(of: child))
    tape.entries[earlier] = Int32(truncatingIfNeeded: child)
    if keepsEveryChild { tape.entryOfChild.append(Int32(truncatingIfNeeded: earlier)) }
  }

  /// Records that the member at `again` repeats the name of node `before`.
  @inline(__always)
  private mutating func recordRepeat(of before: Int, again: SourceLocation) {
    if tape.duplicates.isFull {
      tape.duplicates.countUnlisted(seen: true) { again }
    } else {
      // The name is made only for a repeat that is listed (the bytes are the same).
      let name = tape.key(before)
      let first = tape.location(of: before)
      tape.duplicates.add(name, first: first, again: again)
    }
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

  /// The bytes of the name of the `<key>` at `at` when they are plain (ASCII, no
  /// entity; none for `<key/>`), and the offset past its `</key>`; nil otherwise.
  @inline(__always)
  private func plainKey(at: Int) -> (name: Range<Int>, end: Int)? {
    if has(Self.emptyKeyTag, 6, at: at) { return (at &+ 6..<at &+ 6, at &+ 6) }
    guard has(Self.keyTag, 5, at: at) else { return nil }
    let start = at &+ 5
    // Stops at an entity or a letter beyond ASCII too: either makes the name not plain.
    let stop = text.firstOffset(
      of: UInt8(ascii: "<"), or: UInt8(ascii: "&"), orNonASCII: true, from: start)
    guard has(Self.keyEnd, 6, at: stop) else { return nil }
    return (start..<stop, stop &+ 6)
  }

  /// The text of a `<string>` at `at`, after spaces, when it has no entity, and the
  /// offset past its `</string>`; nil otherwise (the general path reads it, and anything
  /// else, such as a comment before it).
  @inline(__always)
  private func plainString(at start: Int) -> (text: PlistTape.Span, end: Int)? {
    var at = start
    while at < text.count, text[at].isXMLSpace { at += 1 }
    guard has(Self.stringTag, 8, at: at) else { return nil }
    let textStart = at &+ 8
    let stop = text.firstOffset(of: UInt8(ascii: "<"), or: UInt8(ascii: "&"), from: textStart)
    guard has(Self.stringEnd, 8, at: stop), stop &+ 8 < text.count,
      text[stop &+ 8] == UInt8(ascii: ">")
    else { return nil }
    // Offsets below `text.count`, which `read` keeps below `Int32.max`.
    let span = PlistTape.Span(
      start: Int32(truncatingIfNeeded: textStart),
      count: Int32(truncatingIfNeeded: stop - textStart))
    return (span, stop &+ 9)
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
    // Offsets are below `Int32.max` (`read`): wrapping arithmetic, without the checks.
    guard let base = text.baseAddress else { return false }
    if offset &+ 8 <= text.count {
      let word = UInt64(
        littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
      return length == 8 ? word == tag : word & ((1 &<< (8 &* UInt64(length))) &- 1) == tag
    }
    guard offset &+ length <= text.count else { return false }
    for byte in 0..<length where base[offset + byte] != UInt8(truncatingIfNeeded: tag >> (8 * byte))
    {
      return false
    }
    return true
  }
}
