import Foundation

/// One key/value pair of a `.strings` file (or of a plain `.plist` catalog), in file order.
public struct StringsEntry: Hashable, Sendable {
  public var key: String
  public var value: String
  /// Where the key starts (its opening quote when quoted); `1:1` in a property-list file.
  public var location: SourceLocation

  public init(key: String, value: String, location: SourceLocation) {
    self.key = key
    self.value = value
    self.location = location
  }
}

/// The entries of a `.strings` file and the problems found while reading it.
public struct StringsFile: Hashable, Sendable {
  /// Every entry in file order, duplicates included.
  public var entries: [StringsEntry]
  /// Sorted by location.
  public var diagnostics: [Diagnostic]

  public init(entries: [StringsEntry] = [], diagnostics: [Diagnostic] = []) {
    self.entries = entries
    self.diagnostics = diagnostics
  }

  /// The entries by key; for a duplicated key the last value wins, as with Apple's tools.
  public var table: [String: String] {
    var table = [String: String](minimumCapacity: entries.count)
    for entry in entries {
      table[entry.key] = entry.value
    }
    return table
  }
}

/// Reads Apple `.strings` files: old-style text, or compiled binary or XML property lists.
///
/// The text grammar is Apple's: `"key" = "value";` with `/* */` and `//` comments,
/// unquoted keys and values (`NSCameraUsageDescription = "…";`), the shortcut `"key";`
/// (the value is the key), and C-like escapes; the entries may be wrapped in `{ }`.
/// Apple's parser rejects a whole file for one mistake; this one reports an error at the mistake's line and column and resumes at the
/// next `;` or the next line that starts a key, so the rest of the file still loads.
///
/// Escapes: `\n \t \r \" \\ \' \/ \? \a \b \f \v`; `\0`…`\377` octal (up to three digits,
/// the value taken as a code point); `\U` or `\u` with one to four hex digits, where two
/// escaped UTF-16 surrogates in a row make one scalar. Any other escaped character is kept,
/// with a warning, as Apple keeps it.
public enum StringsParser {
  /// Parses the bytes of a `.strings` file.
  ///
  /// `file` is only the path shown in diagnostics. Text may be UTF-8 (with or without a
  /// BOM) or UTF-16 (with a BOM, or recognizably UTF-16 without one). A binary (`bplist00`)
  /// or XML property list goes through `PropertyListSerialization`; its entries have no
  /// position, so they all get location `1:1`, and come in key order.
  /// Time is linear in the size of the input, whatever the input.
  public static func parse(_ bytes: [UInt8], file: String) -> StringsFile {
    if bytes.starts(with: binaryPropertyListMagic) {
      return parsePropertyList(bytes, file: file)
    }
    let decoded = TextDecoding.decodeUnicode(bytes)
    if isXMLPropertyList(decoded.utf8) {
      return parsePropertyList(bytes, file: file)
    }
    return decoded.utf8.withUnsafeBufferPointer { text in
      var scanner = StringsScanner(text: text, file: file)
      if let offset = decoded.firstInvalidOffset {
        // Its own locator: the scanner's walks forward from the start of the text.
        var locator = LineLocator()
        scanner.report(
          .invalidEncoding(charset: decoded.encodingName), .error,
          at: locator.location(of: offset, in: text))
      }
      scanner.scanFile()
      return scanner.finish()
    }
  }

  /// Parses the contents of a `.strings` file held in `data`.
  ///
  /// See `parse(_:file:)` for `[UInt8]`.
  public static func parse(_ data: Data, file: String) -> StringsFile {
    parse([UInt8](data), file: file)
  }

  /// Reads and parses a `.strings` file; diagnostics name it by `url.path`.
  ///
  /// Throws only when the file cannot be read.
  public static func parse(contentsOf url: URL) throws -> StringsFile {
    let data = try Data(contentsOf: url)
    return parse(data, file: url.path)
  }

  private static let binaryPropertyListMagic = Array("bplist00".utf8)

  private static func isXMLPropertyList(_ text: [UInt8]) -> Bool {
    guard let start = text.firstIndex(where: { !isASCIIWhitespace($0) }) else { return false }
    let rest = text[start...]
    return rest.starts(with: "<?xml".utf8) || rest.starts(with: "<!DOCTYPE".utf8)
      || rest.starts(with: "<plist".utf8)
  }

  private static func parsePropertyList(_ bytes: [UInt8], file: String) -> StringsFile {
    let start = SourceLocation(line: 1, column: 1)
    func failure(_ reason: String) -> Diagnostic {
      Diagnostic(
        file: file, location: start, severity: .error,
        kind: .invalidPropertyList(reason: reason))
    }
    let plist: Any
    do {
      plist = try PropertyListSerialization.propertyList(
        from: Data(bytes), options: [], format: nil)
    } catch {
      // Foundation's messages on Linux are generic; the kind of file is what helps.
      let kind = bytes.starts(with: binaryPropertyListMagic) ? "binary" : "XML"
      return StringsFile(diagnostics: [failure("the \(kind) property list cannot be read")])
    }
    guard let dictionary = plist as? [String: Any] else {
      return StringsFile(diagnostics: [failure("the top level is not a dictionary")])
    }
    var file = StringsFile()
    for key in dictionary.keys.sorted() {
      if let value = dictionary[key] as? String {
        file.entries.append(StringsEntry(key: key, value: value, location: start))
      } else {
        file.diagnostics.append(failure("the value of '\(key)' is not a string"))
      }
    }
    return file
  }
}

@inline(__always)
private func isASCIIWhitespace(_ byte: UInt8) -> Bool {
  byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
}

/// Line and column of byte offsets, computed by walking forward from the last answer.
///
/// The scanner asks for offsets in increasing order, so the total work over a file is
/// linear even when the file is one long line; an earlier offset restarts from the top.
struct LineLocator {
  private var offset = 0
  private var line = 1
  private var column = 1

  mutating func location(of target: Int, in text: UnsafeBufferPointer<UInt8>) -> SourceLocation {
    guard let base = text.baseAddress else { return SourceLocation(line: 1, column: 1) }
    if target < offset {
      self = LineLocator()
    }
    var index = offset
    let end = min(target, text.count)
    while index < end {
      // Eight bytes at a time while there is no line break: columns count the bytes that
      // are not UTF-8 continuation bytes (10xxxxxx), each of which starts a scalar.
      if index + 8 <= end {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        if !word.containsByte(0x0A) && !word.containsByte(0x0D) {
          let continuationBytes = word & ~(word << 1) & 0x8080_8080_8080_8080
          column += 8 - continuationBytes.nonzeroBitCount
          index += 8
          continue
        }
      }
      let byte = base[index]
      if byte == 0x0A {
        // The `\n` of `\r\n` ends the line the `\r` already ended.
        if !(index > 0 && base[index - 1] == 0x0D) { line += 1 }
        column = 1
      } else if byte == 0x0D {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      index += 1
    }
    offset = index
    return SourceLocation(line: line, column: column)
  }
}

extension UInt64 {
  /// Whether any of the eight bytes is `byte` (the classic has-zero-byte test, exact).
  @inline(__always)
  func containsByte(_ byte: UInt8) -> Bool {
    let difference = self ^ (0x0101_0101_0101_0101 &* UInt64(byte))
    return (difference &- 0x0101_0101_0101_0101) & ~difference & 0x8080_8080_8080_8080 != 0
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// The offset of the first `first` or `second` at or after `start`, or `count`.
  @inline(__always)
  fileprivate func firstOffset(of first: UInt8, or second: UInt8, from start: Int) -> Int {
    guard let base = baseAddress else { return count }
    var index = start
    while index + 8 <= count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      if word.containsByte(first) || word.containsByte(second) { break }
      index += 8
    }
    while index < count && base[index] != first && base[index] != second {
      index += 1
    }
    return index
  }
}

/// The state of one pass over the UTF-8 text of a `.strings` file.
private struct StringsScanner {
  private enum Token {
    case string(String)
    /// Nothing here can start a key or value.
    case absent
    /// An unterminated string, already reported; the scanner is at the end.
    case broken
  }

  /// Beyond this many, diagnostics are only counted: 10 MB of `\’` must not become
  /// millions of warnings.
  static let diagnosticLimit = Diagnostic.limitPerFile

  let text: UnsafeBufferPointer<UInt8>
  let file: String
  private var position = 0
  private var entries: [StringsEntry] = []
  private var diagnostics: [Diagnostic] = []
  private var firstLocations: [String: SourceLocation] = [:]
  /// Set by an error until an entry parses cleanly, so that one mistake gives one error
  /// rather than a cascade of them while the scanner finds its footing again.
  private var recovering = false
  private var locator = LineLocator()
  /// Reused for every string with escapes.
  private var scratch: [UInt8] = []
  /// Warnings of the string being read: dropped if it never ends, as it is then no string.
  /// Capped like `diagnostics`: beyond the cap, only counted, from the first one's offset.
  private var pending: [(offset: Int, kind: Diagnostic.Kind)] = []
  private var pendingBeyond = (count: 0, offset: 0)

  init(text: UnsafeBufferPointer<UInt8>, file: String) {
    self.text = text
    self.file = file
    // Growing a dictionary rehashes every key: start near the size typical files need
    // (an entry with its comment is rarely under 64 bytes).
    firstLocations.reserveCapacity(min(text.count / 64, 1 << 16))
    entries.reserveCapacity(min(text.count / 64, 1 << 16))
  }

  mutating func finish() -> StringsFile {
    // Duplicate-key warnings are raised after the escapes of their value: restore file
    // order, keeping the order of diagnostics at the same place.
    let sorted = diagnostics.enumerated().sorted {
      ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
    }
    return StringsFile(entries: entries, diagnostics: sorted.map(\.element))
  }

  mutating func report(
    _ kind: Diagnostic.Kind, _ severity: Diagnostic.Severity, at location: SourceLocation
  ) {
    diagnostics.append(
      Diagnostic(file: file, location: location, severity: severity, kind: kind),
      upTo: Self.diagnosticLimit)
  }

  private mutating func report(
    _ kind: Diagnostic.Kind, _ severity: Diagnostic.Severity, atOffset offset: Int
  ) {
    report(kind, severity, at: locator.location(of: offset, in: text))
  }

  /// Reports an unexpected token at the current position unless the scanner is still
  /// recovering from the previous error.
  private mutating func failUnexpected(_ kind: (_ found: String) -> Diagnostic.Kind) {
    if !recovering {
      report(kind(describe(position)), .error, atOffset: position)
    }
    recovering = true
  }

  private func byte(at offset: Int) -> UInt8? {
    offset < text.count ? text[offset] : nil
  }

  private func string(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
  }

  // MARK: Grammar

  mutating func scanFile() {
    skipTrivia()
    // `{ "a" = "b"; }` is the same table written as an old-style plist dictionary.
    var braced = byte(at: position) == UInt8(ascii: "{")
    if braced {
      position += 1
    }
    while true {
      skipTrivia()
      guard position < text.count else { return }
      if braced && text[position] == UInt8(ascii: "}") {
        position += 1
        braced = false
        continue
      }
      scanEntry()
    }
  }

  /// `key = value ;` or `key ;`
  private mutating func scanEntry() {
    let keyLocation = locator.location(of: position, in: text)
    let key: String
    switch readToken() {
    case .string(let string): key = string
    case .broken: return
    case .absent:
      failUnexpected(Diagnostic.Kind.expectedKey(found:))
      skipPastMistake()
      return
    }
    skipTrivia()
    switch byte(at: position) {
    case UInt8(ascii: ";"):
      position += 1
      add(key: key, value: key, at: keyLocation)
    case UInt8(ascii: "="):
      position += 1
      skipTrivia()
      let value: String
      switch readToken() {
      case .string(let string): value = string
      case .broken: return
      case .absent:
        failUnexpected(Diagnostic.Kind.expectedValue(found:))
        skipPastMistake()
        return
      }
      let crossedLine = skipTrivia()
      if byte(at: position) == UInt8(ascii: ";") {
        position += 1
        add(key: key, value: value, at: keyLocation)
        return
      }
      failUnexpected(Diagnostic.Kind.expectedSemicolon(found:))
      // Key and value are whole, so keep them; a forgotten `;` at the end of a line
      // leaves the next line's entry intact.
      add(key: key, value: value, at: keyLocation)
      recovering = true
      if !crossedLine {
        skipPastMistake()
      }
    default:
      failUnexpected(Diagnostic.Kind.expectedEquals(found:))
      skipPastMistake()
    }
  }

  private mutating func add(key: String, value: String, at location: SourceLocation) {
    if let first = firstLocations[key] {
      report(.duplicateKey(key, firstAt: first), .warning, at: location)
    } else {
      firstLocations[key] = location
    }
    entries.append(StringsEntry(key: key, value: value, location: location))
    recovering = false
  }

  /// Moves past a malformed entry: after the next `;`, or to the next line that starts
  /// with something that can start an entry or a comment. Always moves forward.
  private mutating func skipPastMistake() {
    let end = text.count
    var index = position
    while index < end {
      let byte = text[index]
      index += 1
      if byte == UInt8(ascii: ";") {
        position = index
        return
      }
      guard byte == 0x0A || byte == 0x0D else { continue }
      while index < end && (text[index] == 0x20 || text[index] == 0x09) {
        index += 1
      }
      if index < end && (text[index] == UInt8(ascii: "\"") || unquotedLength(at: index) > 0) {
        position = index
        return
      }
    }
    position = end
  }

  /// Skips whitespace and comments; returns whether a line ended in them.
  @discardableResult
  private mutating func skipTrivia() -> Bool {
    var crossedLine = false
    let end = text.count
    while position < end {
      switch text[position] {
      case 0x20, 0x09, 0x0B, 0x0C:
        position += 1
      case 0x0A, 0x0D:
        crossedLine = true
        position += 1
      case UInt8(ascii: "/") where position + 1 < end && text[position + 1] == UInt8(ascii: "/"):
        position += 2
        while position < end && text[position] != 0x0A && text[position] != 0x0D {
          position += 1
        }
      case UInt8(ascii: "/") where position + 1 < end && text[position + 1] == UInt8(ascii: "*"):
        let open = position
        var index = text.firstOffset(of: UInt8(ascii: "*"), or: UInt8(ascii: "*"), from: open + 2)
        while index + 1 < end && text[index + 1] != UInt8(ascii: "/") {
          index = text.firstOffset(of: UInt8(ascii: "*"), or: UInt8(ascii: "*"), from: index + 1)
        }
        // Line breaks inside a block comment do not count for `crossedLine`: that only
        // guesses where a forgotten `;` was, and scanning for them would slow every file.
        guard index + 1 < end else {
          report(.unterminatedComment, .error, atOffset: open)
          recovering = true
          position = end
          return crossedLine
        }
        position = index + 2
      case 0xEF
      where position + 2 < end && text[position + 1] == 0xBB
        && text[position + 2] == 0xBF:
        // A byte order mark left in the middle by concatenating files.
        position += 3
      default:
        return crossedLine
      }
    }
    return crossedLine
  }

  // MARK: Tokens

  private mutating func readToken() -> Token {
    guard position < text.count else { return .absent }
    if text[position] == UInt8(ascii: "\"") {
      return readQuoted()
    }
    let length = unquotedLength(at: position)
    guard length > 0 else { return .absent }
    let token = string(position..<position + length)
    position += length
    return .string(token)
  }

  /// The length of the unquoted key or value at `start`: Apple's `[A-Za-z0-9_.$:/-]`,
  /// plus non-ASCII letters and digits.
  private func unquotedLength(at start: Int) -> Int {
    var index = start
    let end = text.count
    while index < end {
      let byte = text[index]
      if byte < 0x80 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."),
          UInt8(ascii: "$"), UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "-"):
          index += 1
        default:
          return index - start
        }
      } else {
        let (scalar, length) = decodeScalar(at: index)
        let properties = scalar.properties
        guard properties.isAlphabetic || properties.numericType != nil else {
          return index - start
        }
        index += length
      }
    }
    return index - start
  }

  /// The scalar starting at `offset`; the text is valid UTF-8, as decoded.
  private func decodeScalar(at offset: Int) -> (Unicode.Scalar, length: Int) {
    let lead = text[offset]
    var value: UInt32
    let length: Int
    switch lead {
    case 0..<0x80: return (Unicode.Scalar(lead), 1)
    case 0xC0..<0xE0: value = UInt32(lead & 0x1F); length = 2
    case 0xE0..<0xF0: value = UInt32(lead & 0x0F); length = 3
    default: value = UInt32(lead & 0x07); length = 4
    }
    var index = offset + 1
    while index < offset + length && index < text.count {
      value = value << 6 | UInt32(text[index] & 0x3F)
      index += 1
    }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", index - offset)
  }

  /// `'='`, `end of file`, or `U+000A` for invisible characters.
  private func describe(_ offset: Int) -> String {
    guard offset < text.count else { return "end of file" }
    let (scalar, _) = decodeScalar(at: offset)
    let properties = scalar.properties
    switch properties.generalCategory {
    case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator,
      .unassigned, .privateUse, .surrogate:
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    default:
      return "'\(Character(scalar))'"
    }
  }

  private mutating func readQuoted() -> Token {
    let open = position
    let end = text.count
    // Most strings have no escape: make them straight from the bytes.
    let index = text.firstOffset(of: UInt8(ascii: "\""), or: UInt8(ascii: "\\"), from: open + 1)
    if index < end && text[index] == UInt8(ascii: "\"") {
      position = index + 1
      return .string(string(open + 1..<index))
    }
    if index < end, let token = readEscaped(from: open + 1, firstEscape: index) {
      return .string(token)
    }
    report(.unterminatedString, .error, atOffset: open)
    recovering = true
    position = end
    return .broken
  }

  /// Reads the rest of a quoted string that has escapes; `nil` if it never ends.
  private mutating func readEscaped(from start: Int, firstEscape: Int) -> String? {
    let end = text.count
    scratch.removeAll(keepingCapacity: true)
    pending.removeAll(keepingCapacity: true)
    pendingBeyond = (0, 0)
    var runStart = start
    var index = firstEscape
    while index < end {
      let byte = text[index]
      if byte == UInt8(ascii: "\"") {
        scratch.append(contentsOf: text[runStart..<index])
        position = index + 1
        for (offset, kind) in pending {
          report(kind, .warning, atOffset: offset)
        }
        if pendingBeyond.count > 0 {
          diagnostics.countBeyond(
            Self.diagnosticLimit, count: pendingBeyond.count, .warning, file: file,
            at: locator.location(of: pendingBeyond.offset, in: text))
        }
        return String(decoding: scratch, as: UTF8.self)
      }
      guard byte == UInt8(ascii: "\\") else {
        index = text.firstOffset(of: UInt8(ascii: "\""), or: UInt8(ascii: "\\"), from: index)
        continue
      }
      scratch.append(contentsOf: text[runStart..<index])
      let backslash = index
      index += 1
      guard index < end else { return nil }
      let escaped = text[index]
      index += 1
      switch escaped {
      case UInt8(ascii: "n"): scratch.append(0x0A)
      case UInt8(ascii: "t"): scratch.append(0x09)
      case UInt8(ascii: "r"): scratch.append(0x0D)
      case UInt8(ascii: "a"): scratch.append(0x07)
      case UInt8(ascii: "b"): scratch.append(0x08)
      case UInt8(ascii: "f"): scratch.append(0x0C)
      case UInt8(ascii: "v"): scratch.append(0x0B)
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "/"),
        UInt8(ascii: "?"), 0x0A, 0x0D:
        // An escaped line break is kept, as Apple keeps it.
        scratch.append(escaped)
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = UInt32(escaped - UInt8(ascii: "0"))
        var digits = 1
        while digits < 3, index < end, text[index] >= UInt8(ascii: "0"),
          text[index] <= UInt8(ascii: "7")
        {
          value = value << 3 | UInt32(text[index] - UInt8(ascii: "0"))
          index += 1
          digits += 1
        }
        TextDecoding.appendUTF8(value, to: &scratch)
      case UInt8(ascii: "U"), UInt8(ascii: "u"):
        readUnicodeEscape(backslash: backslash, index: &index)
      default:
        let (scalar, length) = decodeScalar(at: index - 1)
        scratch.append(contentsOf: text[index - 1..<index - 1 + length])
        index += length - 1
        addPending(.unknownEscape(Character(scalar)), at: backslash)
      }
      runStart = index
    }
    return nil
  }

  private mutating func addPending(_ kind: Diagnostic.Kind, at offset: Int) {
    if pending.count <= Self.diagnosticLimit {
      pending.append((offset, kind))
    } else {
      if pendingBeyond.count == 0 { pendingBeyond.offset = offset }
      pendingBeyond.count += 1
    }
  }

  /// Reads the hex digits of `\U` or `\u` (`index` is past the `U`) into `scratch`.
  ///
  /// `\UD83D\UDE00` is one scalar, U+1F600; a surrogate without its other half is U+FFFD.
  private mutating func readUnicodeEscape(backslash: Int, index: inout Int) {
    let (value, digitsEnd) = hexValue(from: index)
    guard digitsEnd > index else {
      addPending(.invalidUnicodeEscape(string(backslash..<index)), at: backslash)
      scratch.append(text[index - 1])
      return
    }
    index = digitsEnd
    switch value {
    case 0xD800...0xDBFF:
      if index + 1 < text.count, text[index] == UInt8(ascii: "\\"),
        text[index + 1] == UInt8(ascii: "U") || text[index + 1] == UInt8(ascii: "u")
      {
        let (low, lowEnd) = hexValue(from: index + 2)
        if lowEnd > index + 2 && (0xDC00...0xDFFF).contains(low) {
          index = lowEnd
          TextDecoding.appendUTF8(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00), to: &scratch)
          return
        }
      }
      fallthrough
    case 0xDC00...0xDFFF:
      addPending(.unpairedSurrogate(string(backslash..<index)), at: backslash)
      scratch.append(contentsOf: TextDecoding.replacementCharacter)
    default:
      TextDecoding.appendUTF8(value, to: &scratch)
    }
  }

  /// Up to four hex digits from `start`, as Apple reads them.
  private func hexValue(from start: Int) -> (value: UInt32, end: Int) {
    var value: UInt32 = 0
    var index = start
    while index < start + 4 && index < text.count {
      let byte = text[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return (value, index)
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return (value, index)
  }
}
