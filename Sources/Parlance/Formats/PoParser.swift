import Foundation

/// The usable entries of a gettext `.po` file, its header and the problems found in it.
public struct PoFile: Sendable {
  /// How many entries are translated, fuzzy or untranslated, counted as
  /// `msgfmt --statistics` counts them (the header is not an entry).
  public struct Statistics: Hashable, Sendable {
    public var translated = 0
    public var fuzzy = 0
    public var untranslated = 0

    public init(translated: Int = 0, fuzzy: Int = 0, untranslated: Int = 0) {
      self.translated = translated
      self.fuzzy = fuzzy
      self.untranslated = untranslated
    }
  }

  /// The translated entries, in file order; fuzzy, untranslated and obsolete ones are left
  /// out. A duplicated key appears twice (with a warning); the last one wins in a table.
  public var entries: [ParsedEntry] = []
  /// The header's fields by name: `Language`, `Plural-Forms`, `Content-Type`, …
  public var header: [String: String] = [:]
  /// The `Language` header, when it is a valid tag.
  public var language: LanguageTag?
  /// The `Plural-Forms` header; `nil` when it is missing or malformed (with a diagnostic).
  public var pluralForms: PluralForms?
  /// The charset the header declares (`UTF-8` when it declares none), as written.
  public var charset = "UTF-8"
  public var statistics = Statistics()
  /// Sorted by location.
  public var diagnostics: [Diagnostic] = []

  public init() {}
}

/// Reads gettext `.po` files into catalog entries.
///
/// The whole file is first decoded to UTF-8 from the charset its header declares
/// (`Content-Type: text/plain; charset=KOI8-R`), then scanned byte by byte: in Shift_JIS
/// or Big5 a second byte can be 0x5C, which raw bytes would take for a backslash.
///
/// Served: entries with a `msgstr` (or every `msgstr[n]` of a plural entry) non-empty and
/// no `fuzzy` flag. Obsolete (`#~`) entries and comments are skipped. Strings use C escapes
/// (`\n \t \r \" \\ \a \b \f \v \?`, octal `\NNN`, hex `\xHH`; the numeric ones give
/// bytes of the UTF-8 text). A malformed entry gets an error at its line and column and is
/// skipped; the scanner resumes at the next line, so the rest of the file still loads.
public enum PoParser {
  /// Parses the bytes of a `.po` file; `file` is only the path shown in diagnostics.
  ///
  /// Never fails: unreadable parts become diagnostics. Time is linear in the size.
  public static func parse(_ bytes: [UInt8], file: String) -> PoFile {
    var diagnostics: [Diagnostic] = []
    let decoded: DecodedText
    var declaredCharset: String?
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.starts(with: [0xFF, 0xFE])
      || bytes.starts(with: [0xFE, 0xFF]) || TextDecoding.guessUTF16ByteOrder(bytes) != nil
    {
      decoded = TextDecoding.decodeUnicode(bytes)
    } else if let declaration = PoCharsetDeclaration(scanning: bytes) {
      declaredCharset = declaration.name
      if CharsetDecoding.isUTF8Compatible(declaration.name) {
        decoded = TextDecoding.decodeUTF8(bytes)
      } else if let converted = CharsetDecoding.decode(bytes, charset: declaration.name) {
        decoded = converted
      } else {
        var locator = LineLocator()
        let location = bytes.withUnsafeBufferPointer {
          locator.location(of: declaration.offset, in: $0)
        }
        diagnostics.append(
          Diagnostic(
            file: file, location: location, severity: .warning,
            kind: .unknownCharset(declaration.name)))
        decoded = TextDecoding.decodeUTF8(bytes)
      }
    } else {
      decoded = TextDecoding.decodeUTF8(bytes)
    }

    var result = decoded.utf8.withUnsafeBufferPointer { text in
      var scanner = PoScanner(text: text, file: file)
      if let offset = decoded.firstInvalidOffset {
        var locator = LineLocator()
        scanner.report(
          .invalidEncoding(charset: decoded.encodingName), .error,
          at: locator.location(of: offset, in: text))
      }
      scanner.scanFile()
      return scanner.finish()
    }
    result.diagnostics = (diagnostics + result.diagnostics).enumerated().sorted {
      ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
    }.map(\.element)
    result.charset = declaredCharset ?? charset(fromContentType: result.header["Content-Type"])
    return result
  }

  /// Reads and parses a `.po` file; diagnostics name it by `url.path`.
  ///
  /// Throws only when the file cannot be read.
  public static func parse(contentsOf url: URL) throws -> PoFile {
    let data = try Data(contentsOf: url)
    return parse([UInt8](data), file: url.path)
  }

  private static func charset(fromContentType value: String?) -> String {
    guard let value, let range = value.range(of: "charset=") else { return "UTF-8" }
    let name = value[range.upperBound...].prefix { $0 != ";" && $0 != " " }
    return name.isEmpty ? "UTF-8" : String(name)
  }
}

/// Where the header declares `charset=`, found in the raw bytes before decoding.
///
/// Only the header entry is searched (the first entry, `msgid ""`), so a `charset=` in a
/// translated string never counts. The charsets this reads are ASCII-compatible, so the
/// header's ASCII text is the same bytes whatever the charset.
private struct PoCharsetDeclaration {
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

/// One pass over the UTF-8 text of a `.po` file.
private struct PoScanner {
  private enum Field {
    case none, context, msgid, msgidPlural, msgstr
    case form(Int)
    /// Strings of a broken entry: read and dropped.
    case ignored
  }

  /// The entry being read.
  private struct Pending {
    var started = false
    var broken = false
    var fuzzy = false
    var hasContext = false
    var context: [UInt8] = []
    var hasMsgid = false
    var msgid: [UInt8] = []
    var msgidOffset = 0
    var msgidLocation = SourceLocation(line: 1, column: 1)
    var hasPlural = false
    var hasMsgstr = false
    var msgstr: [UInt8] = []
    var forms: [[UInt8]] = []
    /// Where each string of the header's `msgstr` starts in the value and in the file,
    /// to place header diagnostics; only kept for the header.
    var segments: [(offset: Int, location: SourceLocation)] = []

    var isComplete: Bool { hasMsgstr || !forms.isEmpty }
    var isHeaderCandidate: Bool { hasMsgid && msgid.isEmpty && !hasContext && !hasPlural }
  }

  /// An entry to serve, before the header's `Plural-Forms` is known for certain.
  private struct Served {
    var key: String
    var msgid: String
    var value: String
    var forms: [String]?
    var location: SourceLocation
  }

  /// Beyond this many, diagnostics are only counted: 10 MB of `\’` must not become
  /// millions of warnings.
  static let diagnosticLimit = Diagnostic.limitPerFile

  let text: UnsafeBufferPointer<UInt8>
  let file: String
  private var position = 0
  private var locator = LineLocator()
  private var diagnostics: [Diagnostic] = []
  private var pending = Pending()
  private var field = Field.none
  /// A `#, fuzzy` seen since the last entry, for the next one.
  private var nextIsFuzzy = false
  private var served: [Served] = []
  private var firstLocations: [String: SourceLocation] = [:]
  private var statistics = PoFile.Statistics()
  private var header: [String: String] = [:]
  private var headerSeen = false
  private var language: LanguageTag?
  private var pluralForms: PluralForms?
  private var pluralFormsInvalid = false
  private var scratch: [UInt8] = []
  /// Whether the strings read now are the header's, whose positions are kept.
  private var recordHeaderSegments = false

  init(text: UnsafeBufferPointer<UInt8>, file: String) {
    self.text = text
    self.file = file
    served.reserveCapacity(min(text.count / 64, 1 << 16))
    firstLocations.reserveCapacity(min(text.count / 64, 1 << 16))
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

  // MARK: Lines

  mutating func scanFile() {
    let count = text.count
    while true {
      skipWhitespace()
      guard position < count else { break }
      switch text[position] {
      case UInt8(ascii: "#"):
        scanComment()
      case UInt8(ascii: "\""):
        if case .none = field {
          report(
            .unexpectedPoToken(expected: Self.keywordExpectation, found: "a string"), .error,
            atOffset: position)
          skipLine()
        } else {
          readString()
        }
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
        scanKeyword()
      default:
        report(
          .unexpectedPoToken(expected: Self.keywordExpectation, found: describe(position)), .error,
          atOffset: position)
        skipLine()
      }
    }
    if pending.started && !pending.broken && !pending.isComplete {
      report(
        .unexpectedPoToken(expected: "'msgstr'", found: "the end of the file"), .error,
        atOffset: count)
      pending.broken = true
    }
    finishEntry()
  }

  private static let keywordExpectation = "'msgctxt', 'msgid', 'msgstr' or a comment"

  private mutating func scanComment() {
    let start = position
    skipLine()
    let second = start + 1 < text.count ? text[start + 1] : 0
    // A comment ends an entry whose `msgstr` is read; the next entry's comments follow.
    if pending.isComplete { finishEntry() }
    switch second {
    case UInt8(ascii: ","):
      if containsWord("fuzzy", in: start + 2..<position) { nextIsFuzzy = true }
    case UInt8(ascii: "~"):
      // The flags before an obsolete entry are its own.
      nextIsFuzzy = false
    default:
      break
    }
  }

  private mutating func scanKeyword() {
    let start = position
    while position < text.count
      && (isLetter(text[position]) || text[position] == UInt8(ascii: "_"))
    {
      position += 1
    }
    let word = UnsafeBufferPointer(rebasing: text[start..<position])
    var index: Int?
    if position < text.count && text[position] == UInt8(ascii: "[") {
      var next = position + 1
      var value = 0
      while next < text.count && text[next] >= 0x30 && text[next] <= 0x39 && value < 1_000_000 {
        value = value * 10 + Int(text[next] - 0x30)
        next += 1
      }
      if next > position + 1 && next < text.count && text[next] == UInt8(ascii: "]") {
        index = value
        position = next + 1
      }
    }
    let found = "'" + String(decoding: text[start..<position], as: UTF8.self) + "'"
    if word.elementsEqual("msgctxt".utf8) && index == nil {
      startEntry(at: start, found: found)
      pending.hasContext = true
      expectString(for: .context, keyword: found)
    } else if word.elementsEqual("msgid".utf8) && index == nil {
      // After `msgctxt` the same entry goes on; anything else starts a new one.
      if !(pending.started && pending.hasContext && !pending.hasMsgid) {
        startEntry(at: start, found: found)
      }
      pending.hasMsgid = true
      pending.msgidOffset = start
      pending.msgidLocation = locator.location(of: start, in: text)
      expectString(for: .msgid, keyword: found)
    } else if word.elementsEqual("msgid_plural".utf8) && index == nil {
      if pending.hasMsgid && !pending.hasPlural && !pending.isComplete {
        pending.hasPlural = true
        expectString(for: .msgidPlural, keyword: found)
      } else {
        misplaced(found, at: start, expected: pending.hasMsgid ? "'msgstr'" : "'msgid'")
      }
    } else if word.elementsEqual("msgstr".utf8) {
      scanMsgstr(index: index, at: start, found: found)
    } else {
      report(
        .unexpectedPoToken(expected: Self.keywordExpectation, found: found), .error,
        atOffset: start)
      skipLine()
    }
  }

  private mutating func scanMsgstr(index: Int?, at start: Int, found: String) {
    guard pending.hasMsgid, !pending.hasMsgstr else {
      misplaced(found, at: start, expected: pending.hasMsgid ? "'msgctxt' or 'msgid'" : "'msgid'")
      return
    }
    switch (pending.hasPlural, index) {
    case (false, nil):
      pending.hasMsgstr = true
      if pending.isHeaderCandidate && !headerSeen { recordHeaderSegments = true }
      expectString(for: .msgstr, keyword: found)
    case (true, let index?) where index == pending.forms.count:
      pending.forms.append([])
      expectString(for: .form(index), keyword: found)
    case (true, _):
      misplaced(found, at: start, expected: "'msgstr[\(pending.forms.count)]'")
    case (false, _?):
      misplaced(found, at: start, expected: "'msgstr'")
    }
  }

  /// Ends the entry before `msgctxt` or `msgid` when it has one, and starts a new one.
  private mutating func startEntry(at offset: Int, found: String) {
    if pending.started && !pending.isComplete && !pending.broken {
      report(.unexpectedPoToken(expected: "'msgstr'", found: found), .error, atOffset: offset)
      pending.broken = true
    }
    finishEntry()
    pending.started = true
    pending.fuzzy = nextIsFuzzy
    nextIsFuzzy = false
  }

  private mutating func misplaced(_ found: String, at offset: Int, expected: String) {
    // A whole entry before the stray keyword is kept; what follows is dropped.
    if pending.isComplete && !pending.broken { finishEntry() }
    if !pending.broken {
      report(.unexpectedPoToken(expected: expected, found: found), .error, atOffset: offset)
    }
    pending.started = true
    pending.broken = true
    field = .ignored
    skipLine()
  }

  /// After a keyword: spaces, then the first string of its value on the same line.
  private mutating func expectString(for next: Field, keyword: String) {
    while position < text.count && (text[position] == 0x20 || text[position] == 0x09) {
      position += 1
    }
    guard position < text.count, text[position] == UInt8(ascii: "\"") else {
      if !pending.broken {
        report(
          .unexpectedPoToken(expected: "a string after \(keyword)", found: describe(position)),
          .error, atOffset: position)
      }
      pending.broken = true
      field = .ignored
      skipLine()
      return
    }
    field = next
    readString()
  }

  // MARK: Strings

  /// Reads the string at the opening quote into the current field.
  private mutating func readString() {
    let open = position
    scratch.removeAll(keepingCapacity: true)
    // Before the string's escapes are reported: the locator only walks forward cheaply.
    let segmentLocation = recordHeaderSegments ? locator.location(of: open + 1, in: text) : nil
    guard scanString() else {
      report(.unterminatedString, .error, atOffset: open)
      pending.broken = true
      field = .ignored
      return
    }
    switch field {
    case .none, .ignored: break
    case .context: pending.context.append(contentsOf: scratch)
    case .msgid: pending.msgid.append(contentsOf: scratch)
    case .msgidPlural: break
    case .msgstr:
      if let segmentLocation {
        pending.segments.append((pending.msgstr.count, segmentLocation))
      }
      pending.msgstr.append(contentsOf: scratch)
    case .form(let index):
      if index < pending.forms.count { pending.forms[index].append(contentsOf: scratch) }
    }
  }

  /// Decodes the string at `position` into `scratch`; `false` when the line ends first.
  private mutating func scanString() -> Bool {
    let count = text.count
    var index = position + 1
    var runStart = index
    while index < count {
      let byte = text[index]
      if byte == UInt8(ascii: "\"") {
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
        position = index + 1
        return true
      }
      if byte == 0x0A || byte == 0x0D { break }
      if byte != UInt8(ascii: "\\") {
        index += 1
        continue
      }
      scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
      index += 1
      guard index < count else { break }
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
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "?"), UInt8(ascii: "'"):
        scratch.append(escaped)
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = UInt32(escaped - 0x30)
        var digits = 1
        while digits < 3 && index < count && text[index] >= 0x30 && text[index] <= 0x37 {
          value = value * 8 + UInt32(text[index] - 0x30)
          index += 1
          digits += 1
        }
        scratch.append(UInt8(truncatingIfNeeded: value))
      case UInt8(ascii: "x") where index < count && hexValue(text[index]) != nil:
        var value: UInt8 = 0
        var digits = 0
        while digits < 2, index < count, let digit = hexValue(text[index]) {
          value = value << 4 | digit
          index += 1
          digits += 1
        }
        scratch.append(value)
      case 0x0A, 0x0D:
        // A backslash at the end of the line does not continue the string in a `.po` file.
        index -= 1
        position = index
        return false
      default:
        // Keep the whole escaped scalar, not only its first byte.
        var end = index
        while end < count && text[end] & 0xC0 == 0x80 { end += 1 }
        let scalar = String(decoding: text[(index - 1)..<end], as: UTF8.self)
        report(.unknownEscape(scalar.first ?? "?"), .warning, atOffset: index - 2)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[(index - 1)..<end]))
        index = end
      }
      runStart = index
    }
    position = index
    return false
  }

  // MARK: Entries

  private mutating func finishEntry() {
    defer {
      pending = Pending()
      field = .none
      recordHeaderSegments = false
    }
    guard pending.started, !pending.broken, pending.hasMsgid, pending.isComplete else { return }
    if pending.msgid.isEmpty {
      if pending.isHeaderCandidate && !headerSeen {
        headerSeen = true
        readHeader()
      } else {
        report(.emptyMsgid, .warning, at: pending.msgidLocation)
      }
      return
    }
    let forms: [String]?
    let value: String
    if pending.hasPlural {
      let strings = pending.forms.map { String(decoding: $0, as: UTF8.self) }
      // msgfmt serves a plural entry when msgstr[0] is set; an empty form would show as
      // empty text for some numbers, so an entry missing any form is not served.
      if strings.contains(where: \.isEmpty) {
        statistics.untranslated += 1
        return
      }
      forms = strings
      value = strings.last ?? ""
    } else {
      guard !pending.msgstr.isEmpty else {
        statistics.untranslated += 1
        return
      }
      forms = nil
      value = String(decoding: pending.msgstr, as: UTF8.self)
    }
    if pending.fuzzy {
      statistics.fuzzy += 1
      return
    }
    statistics.translated += 1
    let msgid = String(decoding: pending.msgid, as: UTF8.self)
    let key = CatalogEntry.key(
      msgid, context: pending.hasContext ? String(decoding: pending.context, as: UTF8.self) : nil)
    if let first = firstLocations[key] {
      report(.duplicateKey(key, firstAt: first), .warning, at: pending.msgidLocation)
    } else {
      firstLocations[key] = pending.msgidLocation
    }
    served.append(
      Served(key: key, msgid: msgid, value: value, forms: forms, location: pending.msgidLocation))
  }

  private mutating func readHeader() {
    let value = pending.msgstr
    var lineStart = 0
    while lineStart < value.count {
      var lineEnd = lineStart
      while lineEnd < value.count && value[lineEnd] != 0x0A { lineEnd += 1 }
      defer { lineStart = lineEnd + 1 }
      guard let colon = value[lineStart..<lineEnd].firstIndex(of: UInt8(ascii: ":")) else {
        continue
      }
      var valueStart = colon + 1
      while valueStart < lineEnd && (value[valueStart] == 0x20 || value[valueStart] == 0x09) {
        valueStart += 1
      }
      var valueEnd = lineEnd
      while valueEnd > valueStart && (value[valueEnd - 1] == 0x20 || value[valueEnd - 1] == 0x09) {
        valueEnd -= 1
      }
      let name = String(decoding: value[lineStart..<colon], as: UTF8.self)
        .trimmingCharacters(in: .whitespaces)
      let fieldValue = String(decoding: value[valueStart..<valueEnd], as: UTF8.self)
      header[name] = fieldValue
      switch name {
      case "Language" where !fieldValue.isEmpty:
        do {
          language = try LanguageTag(fieldValue)
        } catch {
          report(.invalidLanguageHeader(fieldValue), .warning, at: headerLocation(of: valueStart))
        }
      case "Plural-Forms":
        do {
          pluralForms = try PluralForms(parsing: fieldValue)
        } catch {
          pluralFormsInvalid = true
          let bytes = Array(fieldValue.utf8)
          var offset = 0
          var scalars = 0
          while offset < bytes.count && scalars < error.offset {
            offset += 1
            if offset == bytes.count || bytes[offset] & 0xC0 != 0x80 { scalars += 1 }
          }
          report(
            .invalidPluralForms(reason: error.reason), .error,
            at: headerLocation(of: valueStart + offset))
        }
      default:
        break
      }
    }
  }

  /// The file position of a byte offset in the header's value: the line of the string
  /// that holds it, the column counted from that string's start (escapes before it in the
  /// same string shift it by one each; headers rarely have any but the final `\n`).
  private func headerLocation(of offset: Int) -> SourceLocation {
    guard let segment = pending.segments.last(where: { $0.offset <= offset }) else {
      return pending.msgidLocation
    }
    let bytes = pending.msgstr[segment.offset..<min(offset, pending.msgstr.count)]
    let scalars = bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    return SourceLocation(line: segment.location.line, column: segment.location.column + scalars)
  }

  mutating func finish() -> PoFile {
    var result = PoFile()
    result.header = header
    result.language = language
    result.pluralForms = pluralForms
    result.statistics = statistics
    var warnedMissingRule = false
    result.entries = served.map { entry in
      guard let forms = entry.forms else {
        return ParsedEntry(
          key: entry.key, message: .text(MessageTemplate(entry.value)), location: entry.location)
      }
      let rule: PluralForms
      if let pluralForms {
        rule = pluralForms
        if forms.count != pluralForms.count {
          report(
            .pluralFormCount(msgid: entry.msgid, found: forms.count, nplurals: pluralForms.count),
            .warning, at: entry.location)
        }
      } else if pluralFormsInvalid {
        rule = .constant(count: forms.count)
      } else {
        rule = .germanic
        if !warnedMissingRule {
          warnedMissingRule = true
          report(.missingPluralForms, .warning, at: entry.location)
        }
      }
      return ParsedEntry(
        key: entry.key,
        message: .indexedPlural(forms: forms.map { MessageTemplate($0) }, rule: rule),
        location: entry.location)
    }
    result.diagnostics = diagnostics
    return result
  }

  // MARK: Bytes

  private mutating func skipWhitespace() {
    let count = text.count
    while position < count {
      switch text[position] {
      case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D: position += 1
      case 0xEF
      where position + 2 < count && text[position + 1] == 0xBB && text[position + 2] == 0xBF:
        // A byte order mark left in the middle by concatenating files.
        position += 3
      default: return
      }
    }
  }

  private mutating func skipLine() {
    let count = text.count
    while position < count && text[position] != 0x0A && text[position] != 0x0D { position += 1 }
  }

  private func containsWord(_ word: String, in range: Range<Int>) -> Bool {
    let pattern = Array(word.utf8)
    var index = range.lowerBound
    while index + pattern.count <= range.upperBound {
      if text[index] == pattern[0]
        && UnsafeBufferPointer(rebasing: text[index..<index + pattern.count]).elementsEqual(pattern)
        && (index == range.lowerBound || !isWordByte(text[index - 1]))
        && (index + pattern.count == range.upperBound || !isWordByte(text[index + pattern.count]))
      {
        return true
      }
      index += 1
    }
    return false
  }

  private func describe(_ offset: Int) -> String {
    guard offset < text.count else { return "the end of the file" }
    if text[offset] == 0x0A || text[offset] == 0x0D { return "the end of the line" }
    var end = offset
    while end < text.count && end - offset < 40
      && text[end] != 0x20 && text[end] != 0x09 && text[end] != 0x0A && text[end] != 0x0D
    {
      end += 1
    }
    // Never cut a scalar in two.
    while end < text.count && text[end] & 0xC0 == 0x80 { end += 1 }
    return "'" + String(decoding: text[offset..<end], as: UTF8.self) + "'"
  }
}

@inline(__always)
private func isLetter(_ byte: UInt8) -> Bool {
  byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")
}

@inline(__always)
private func isWordByte(_ byte: UInt8) -> Bool {
  isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")
    || byte == UInt8(ascii: "_")
}

@inline(__always)
private func hexValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case 0x30...0x39: byte - 0x30
  case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
  default: nil
  }
}
