#if canImport(Glibc)
  import Glibc
#endif

/// A reader of our own for the XML property lists that `.stringsdict` files are: a
/// `<plist>` holding dictionaries of keys and strings, with the location of each key.
///
/// It reads a strict subset of what `PropertyListSerialization` reads, and reads it the
/// same way: a later key of a dictionary replaces an earlier one, text is kept as
/// written (line endings, spaces), and `&amp; &lt; &gt; &quot; &apos;` and character
/// references are decoded. Anything outside the subset — another value type, CDATA, a
/// comment inside text, an attribute, an encoding other than UTF-8, an unknown entity,
/// a mistake of any kind — makes `read` return nil, and the caller hands the file to
/// `PropertyListSerialization`, which says what it makes of it. Time is linear in the
/// size of the input.
///
/// ```
/// <plist version="1.0"><dict>
///   <key>files</key>            top-level key 'files' at 1:28
///   <dict><key>one</key>…       key 'one' of 'files'
/// ```
struct PlistXMLReader {
  /// The plist's value, and where its keys are (as `PlistKeyLocator` finds them).
  struct Result {
    var root: PlistValue
    var locations: PlistKeyLocator
    /// Each key of the root dictionary with its value and where it is (the last of a
    /// repeated key), in no order: what a reader walks without hashing each name again.
    var located: [(location: SourceLocation, key: String, value: PlistValue)]
    /// With `keepingStrings`, every string value of the root dictionary as written,
    /// duplicated keys included, in file order (what a later key replaced is gone from
    /// `root`); else empty.
    var strings: [(key: String, location: SourceLocation, value: String)]
  }

  /// A key of the root dictionary: its spelling, its value and where it is.
  private struct TopLevelEntry {
    var key: String
    var value: PlistValue
    var located: PlistKeyLocator.TopLevelKey
  }

  /// Dictionaries nested deeper are handed to Foundation (a `.stringsdict` has three).
  static let maximumDepth = 64

  private let text: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var lines = LineLocator()
  private var depth = 0
  /// The root dictionary's entries by first occurrence of their names (the last value
  /// of each), and where each name was first (`FirstKeys`: a repeated plain name is
  /// found by its bytes, before any `String` is made of it).
  private var topLevel: [TopLevelEntry] = []
  private var topLevelNames: FirstKeys
  private let keepsStrings: Bool
  private var duplicates = RepeatedKeys()
  private var strings: [(key: String, location: SourceLocation, value: String)] = []

  /// The value and key locations of `bytes`; nil when the file is not in the subset.
  /// - Parameters:
  ///   - bytes: the file.
  ///   - keepingStrings: whether `Result.strings` lists every string as written.
  /// - Returns: what was read; nil when the file is not in the subset.
  static func read(_ bytes: [UInt8], keepingStrings: Bool = false) -> Result? {
    // UTF-8 only, without a byte order mark and without NUL bytes.
    guard !bytes.starts(with: [0xEF, 0xBB, 0xBF]),
      bytes.withUnsafeBytes({ $0.baseAddress.map { memchr($0, 0, bytes.count) } ?? nil }) == nil,
      TextDecoding.decodeUTF8(bytes).firstInvalidOffset == nil
    else { return nil }
    return bytes.withUnsafeBufferPointer { text in
      var reader = PlistXMLReader(text: text, keepingStrings: keepingStrings)
      guard var root = reader.document() else { return nil }
      // A root `<dict>` was read into `topLevel`: its names are hashed once here, into a
      // table the ones below keep the layout of (`mapValues` hashes nothing).
      let table = Dictionary(
        reader.topLevel.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
      if case .dictionary = root { root = .dictionary(table.mapValues(\.value)) }
      return Result(
        root: root,
        locations: PlistKeyLocator(
          keys: table.mapValues(\.located), duplicates: reader.duplicates),
        located: reader.topLevel.map { ($0.located.location, $0.key, $0.value) },
        strings: reader.strings)
    }
  }

  private init(text: UnsafeBufferPointer<UInt8>, keepingStrings: Bool) {
    self.text = text
    self.keepsStrings = keepingStrings
    // A name is at least `<key>k</key>`.
    topLevelNames = FirstKeys(keys: text.count / 12, bytes: text.count)
  }

  // MARK: Document

  private mutating func document() -> PlistValue? {
    if starts(with: "<?xml") {
      guard let end = processingInstructionEnd(), Self.declaresUTF8(text[index..<end]) else {
        return nil
      }
      index = end + 2
    }
    guard index > 0 || text.first == UInt8(ascii: "<"), skipMisc(allowingDoctype: true),
      starts(with: "<plist")
    else { return nil }
    index += 6
    guard index < text.count, text[index] == UInt8(ascii: ">") || text[index].isXMLSpace,
      let close = find(">"), text[close - 1] != UInt8(ascii: "/")
    else { return nil }
    index = close + 1
    guard skipMisc(allowingDoctype: false), let root = value(isTopLevel: true),
      skipMisc(allowingDoctype: false), consume("</plist>"), skipMisc(allowingDoctype: false),
      index == text.count
    else { return nil }
    return root
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

  private mutating func value(isTopLevel: Bool = false) -> PlistValue? {
    if consume("<string>") {
      guard let text = self.text(until: "</string>") else { return nil }
      return .string(text)
    }
    if consume("<string/>") { return .string("") }
    if consume("<dict/>") {
      lastChildren = [:]
      return .dictionary([:])
    }
    guard consume("<dict>"), depth < Self.maximumDepth else { return nil }
    depth += 1
    defer { depth -= 1 }
    var dictionary: [String: PlistValue] = [:]
    var children: [String: SourceLocation] = [:]
    while true {
      guard skipMisc(allowingDoctype: false) else { return nil }
      if consume("</dict>") { break }
      let keyStart = index
      let key: String
      var repeatOf: Int?
      let plain = isTopLevel ? plainKey() : nil
      if isTopLevel { repeatOf = topLevelNames.repeatOf(plain, in: text) }
      if let repeatOf {
        key = topLevel[repeatOf].key
      } else if let plain {
        key = String(decoding: UnsafeBufferPointer(rebasing: text[plain]), as: UTF8.self)
      } else if consume("<key/>") {
        key = ""
      } else if consume("<key>"), let text = self.text(until: "</key>") {
        key = text
      } else {
        return nil
      }
      let location = lines.location(of: keyStart, in: text)
      if !isTopLevel, depth == 2 {
        // The first of a repeated name stays; one hash of it.
        withUnsafeMutablePointer(to: &children[key, default: location]) { _ in }
      }
      guard skipMisc(allowingDoctype: false), let value = self.value() else { return nil }
      if isTopLevel {
        var located = PlistKeyLocator.TopLevelKey(location: location)
        if case .dictionary = value { located.children = lastChildren }
        let entry = TopLevelEntry(key: key, value: value, located: located)
        if let earlier = repeatOf
          ?? topLevelNames.insert(key, at: topLevel.count, earlier: { topLevel.map(\.key) })
        {
          // Two spellings of one name (`é`, `e\u{301}`) are one key to Swift: what
          // Foundation makes of them is its own affair.
          guard topLevel[earlier].key.hasSameBytes(as: key) else { return nil }
          duplicates.add(key, first: topLevel[earlier].located.location, again: location)
          topLevel[earlier] = entry
        } else {
          topLevel.append(entry)
        }
        if keepsStrings, case .string(let text) = value { strings.append((key, location, text)) }
      } else if dictionary.updateValue(value, forKey: key) != nil,
        let stored = dictionary.index(forKey: key),
        !dictionary.keys[stored].hasSameBytes(as: key)
      {
        return nil
      }
    }
    lastChildren = children
    return .dictionary(dictionary)
  }

  /// The bytes of the name of the `<key>` at `index` when they are plain (ASCII, no
  /// entity), `index` then past its `</key>`; nil, `index` unmoved, otherwise.
  private mutating func plainKey() -> Range<Int>? {
    if starts(with: "<key/>") {
      index += 6
      return index..<index
    }
    guard starts(with: "<key>") else { return nil }
    let start = index + 5
    let stop = text.firstOffset(of: UInt8(ascii: "<"), or: UInt8(ascii: "&"), from: start)
    guard stop < text.count, text[stop] == UInt8(ascii: "<") else { return nil }
    index = stop
    guard consume("</key>"), UnsafeBufferPointer(rebasing: text[start..<stop]).isASCII else {
      index = start - 5
      return nil
    }
    return start..<stop
  }

  /// The keys of the dictionary read last, for the top-level key that owns it.
  private var lastChildren: [String: SourceLocation] = [:]

  /// Text up to `end`, entities decoded; nil on `<` or an entity outside the subset.
  private mutating func text(until end: StaticString) -> String? {
    // The text between entities, copied only when there is one (each adds a byte or
    // more, so `bytes` stays empty until then); the `<` or `&` found eight bytes at a time.
    var bytes: [UInt8] = []
    var start = index
    while true {
      index = text.firstOffset(of: UInt8(ascii: "<"), or: UInt8(ascii: "&"), from: index)
      guard index < text.count else { return nil }
      let stop = index
      if text[stop] == UInt8(ascii: "<") {
        guard consume(end) else { return nil }
        if bytes.isEmpty {
          return String(decoding: UnsafeBufferPointer(rebasing: text[start..<stop]), as: UTF8.self)
        }
        bytes += text[start..<stop]
        return String(decoding: bytes, as: UTF8.self)
      }
      if start < stop { bytes += text[start..<stop] }
      // `&amp;` runs (an escaped URL's query, a value of ampersands) a word at a time.
      while index + 5 <= text.count, text[index] == UInt8(ascii: "&"),
        UnsafeRawPointer(text.baseAddress.unsafelyUnwrapped + index + 1)
          .loadUnaligned(as: UInt32.self) == Self.ampersandName
      {
        bytes.append(UInt8(ascii: "&"))
        index += 5
      }
      if index < text.count, text[index] != UInt8(ascii: "&") {
        start = index
        continue
      }
      guard let scalar = entity() else { return nil }
      if scalar.isASCII {
        bytes.append(UInt8(scalar.value))
      } else {
        bytes += Array(String(scalar).utf8)
      }
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

extension String {
  /// Whether the two are spelled with the same bytes (`==` also takes `é` for `e\u{301}`).
  fileprivate func hasSameBytes(as other: String) -> Bool {
    guard utf8.count == other.utf8.count else { return false }
    var left = self
    var right = other
    return left.withUTF8 { left in
      right.withUTF8 { right in
        guard let first = left.baseAddress, let second = right.baseAddress else { return true }
        return memcmp(first, second, left.count) == 0
      }
    }
  }
}
