import Foundation

/// Reads one String Catalog in two steps, so that a program pays for the languages it
/// shows: `init` reads the whole file once (every diagnostic, every unusable unit,
/// every position) and records which localization serves each key in each language;
/// `entries(for:)` then builds the messages of one language from that record.
///
/// The rules of what is served are `XCStringsParser`'s; the JSON rules are
/// `XCStringsDocument`'s.
struct XCStringsReader: Sendable {
  /// What serves one key in one language: a localization's object on the tape, read in
  /// the source language's terms when `asSource`, or the key itself (`node` -1).
  struct Unit: Sendable {
    var keyIndex: Int32
    var node: Int32
    var asSource: Bool
  }

  /// What a unit being read belongs to.
  struct Context {
    var key: String
    var language: LanguageTag
    var isSource: Bool
    var location: SourceLocation
  }

  static let start = SourceLocation(line: 1, column: 1)

  let file: String
  private(set) var sourceLanguage: LanguageTag?
  private(set) var version: String?
  private(set) var unusable: [XCStringsFile.UnusableUnit] = []
  /// Sorted by location once `init` returns.
  private(set) var diagnostics: [Diagnostic] = []
  /// The served keys of each language, in file order.
  private(set) var plan: [LanguageTag: [Unit]] = [:]
  /// The keys of `strings` with the location of each.
  private(set) var keys: [(key: String, location: SourceLocation)] = []
  /// The JSON, kept to build languages from; nil when nothing can be built.
  private(set) var tape: JSONTape?
  /// Set while `init` reads: diagnostics and unusable units are recorded only then.
  var isChecking = true
  /// The languages of the file (the source language first, when valid), and each one's
  /// index there; languages are handled by index while reading.
  private var languageList: [LanguageTag] = []
  private var languageIndex: [LanguageTag: Int] = [:]
  private var sourceIndex: Int?
  /// Each localization code seen, with its language's index (nil: not a language tag).
  private var codes: [String: Int?] = [:]
  /// Per place in a key's sorted localizations, the code asked for there last, and its
  /// index: a catalog's keys list mostly the same languages, so the code at a place is
  /// mostly the one the key before had there (hashing each code was 4% of reading a
  /// catalog of 182,000 keys).
  private var recentCodes: [(code: String, index: Int?)] = []

  /// Reads `data` whole; `file` is the path diagnostics name.
  init(_ data: Data, file: String) {
    self.file = file
    // UTF-8, nearly every catalog, is read where it is; anything else (or a file with
    // broken bytes, which the scan finds in its strings) is decoded into bytes of our own.
    let unmarked = data.withUnsafeBytes {
      TextDecoding.encoding(of: $0.bindMemory(to: UInt8.self)) == .unmarkedUTF8
    }
    if !(unmarked && read(.data(data))) {
      let decoded = TextDecoding.decodeUnicode([UInt8](data))
      if let offset = decoded.firstInvalidOffset {
        var lines = LineLocator()
        let at = decoded.utf8.withUnsafeBufferPointer { lines.location(of: offset, in: $0) }
        report(.invalidEncoding(charset: decoded.encodingName), .error, at: at)
      }
      // Valid UTF-8 now (broken bytes were replaced), so it is read.
      _ = read(.bytes(decoded.utf8))
    }
    diagnostics = diagnostics.enumerated().sorted {
      ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
    }.map(\.element)
    isChecking = false
  }

  /// Reads the JSON of `source`; false, with nothing read or reported, when it is not
  /// valid UTF-8 (the scan finds that in its strings; outside them, a byte beyond ASCII
  /// is not JSON and the whole text is checked).
  private mutating func read(_ source: JSONTape.Source) -> Bool {
    guard let scanned = JSONTape.scan(source) else {
      return source.withBytes { text in
        guard TextDecoding.firstInvalidUTF8Offset(in: text) == nil else { return false }
        // Not JSON as JSONDecoder reads it: where it goes wrong, when the locator says.
        let locator = JSONSyntaxLocator(utf8: text)
        let at = locator.syntaxError?.location ?? Self.start
        let reason = locator.syntaxError?.reason ?? XCStringsDocument.Failure.invalidJSONReason
        report(.invalidJSON(reason: reason), .error, at: at)
        return true
      }
    }
    guard scanned.isUTF8 else { return false }
    scanned.reading { read(tape: $0) }
    // Kept outside `reading`, the tape reaches its text again through it.
    if tape != nil { tape = scanned }
    return true
  }

  /// Reads the file's tape, inside its `reading`.
  private mutating func read(tape: JSONTape) {
    guard let (document, locator) = readJSON(tape) else { return }
    if let token = document.sourceLanguage, let code = tape.string(at: token) {
      sourceIndex = language(for: code, at: Self.start)
      sourceLanguage = sourceIndex.map { languageList[$0] }
    }
    version = document.version.flatMap { tape.string(at: $0) }
    if sourceLanguage == nil {
      report(.missingSourceLanguage, .warning)
    }
    guard let strings = document.strings else {
      report(.invalidJSON(reason: "the catalog has no 'strings' object"), .error)
      return
    }
    let located = Located(
      tape: tape, document: document, strings: strings, stoppedAt: locator?.stoppedAt)
    for duplicate in located.duplicates.listed {
      report(
        .duplicateJSONKey(duplicate.key, firstAt: duplicate.first), .warning, at: duplicate.again)
    }
    if isChecking { located.duplicates.countUnlisted(in: &diagnostics, file: file) }
    // File order; a key the locator lost (after a mistake) sorts first, by name. A strict
    // file's keys are in file order already.
    let order =
      locator?.stoppedAt == nil
      ? Array(strings.indices)
      : strings.indices.sorted {
        (located.keys[$0], strings[$0].key) < (located.keys[$1], strings[$1].key)
      }
    keys = order.map { (strings[$0].key, located.keys[$0]) }
    let (languages, sortedCodes) = languagesOfLocalizations(
      document, order: order, strings: strings, located: located)
    let localizations = document.localizations
    self.tape = tape
    var entryReader = EntryReader(languages: languageList.count)
    for (keyIndex, index) in order.enumerated() {
      readEntry(
        strings[index], localizations, languages: languages, keyIndex: keyIndex,
        at: located.keys[index], codes: sortedCodes[index], codeLocations: located.codes,
        into: &entryReader)
    }
    for (index, units) in entryReader.units.enumerated() where !units.isEmpty {
      plan[languageList[index]] = units
    }
  }

  /// The file's JSON as a document, and the locator of its mistakes for a file that is
  /// not strict JSON; nil, with the error reported, for a file that is not a catalog.
  private mutating func readJSON(_ tape: JSONTape) -> (XCStringsDocument, JSONSyntaxLocator?)? {
    // A strict file is all the locator's reading would find; a lenient one gets the
    // locator's mistakes (what it reports, and where it stopped locating keys).
    let locator = tape.isStrict ? nil : JSONSyntaxLocator(utf8: tape.bytes)
    let document = XCStringsDocument(tape: tape)
    if let failure = document.failure {
      if let syntax = locator?.syntaxError {
        report(.invalidJSON(reason: syntax.reason), .error, at: syntax.location)
      } else {
        report(.invalidJSON(reason: failure.reason), .error)
      }
      return nil
    }
    if let syntax = locator?.syntaxError {
      // JSONDecoder reads past some mistakes (a trailing comma); other tools may not.
      report(.invalidJSON(reason: syntax.reason), .warning, at: syntax.location)
    }
    return (document, locator)
  }

  /// Every language of the file, for `shouldTranslate: false`; invalid codes are
  /// reported here, once each, at their first place. Each localization's language is
  /// kept for `readEntry` (nil: not a language tag), and each key's localizations by code
  /// (indices of `document.localizations`; nil where they are in that order already, as
  /// most catalogs write them: no array per key).
  private mutating func languagesOfLocalizations(
    _ document: XCStringsDocument, order: [Int], strings: [XCStringsDocument.Entry],
    located: Located
  ) -> (languages: [Int?], sortedCodes: [[Int]?]) {
    let localizations = document.localizations
    var languages: [Int?] = Array(repeating: nil, count: localizations.count)
    var sortedCodes: [[Int]?] = Array(repeating: nil, count: strings.count)
    for index in order where strings[index].invalidReason == nil {
      let range = strings[index].localizations
      let own = localizations[range]
      var sorted: [Int]?
      if !zip(own, own.dropFirst()).allSatisfy({ $0.code < $1.code }) {
        sorted = range.sorted { localizations[$0].code < localizations[$1].code }
      }
      for place in 0..<range.count {
        let code = sorted?[place] ?? range.lowerBound + place
        languages[code] = language(
          for: localizations[code].code, at: located.codes[code], place: place)
      }
      sortedCodes[index] = sorted
    }
    return (languages, sortedCodes)
  }

  // MARK: Entries

  /// The units served so far, per language index, and the scratch space of one entry.
  private struct EntryReader {
    var units: [[Unit]]
    var served: [Unit?]
    var touched: [Int] = []

    init(languages: Int) {
      units = Array(repeating: [], count: languages)
      served = Array(repeating: nil, count: languages)
    }

    mutating func serve(_ language: Int, _ unit: Unit) {
      if served[language] == nil { touched.append(language) }
      served[language] = unit
    }

    mutating func finishEntry() {
      for language in touched {
        if let unit = served[language] { units[language].append(unit) }
        served[language] = nil
      }
      touched.removeAll(keepingCapacity: true)
    }
  }

  // `localizations` are the document's, the entry's among them, and `languages` the
  // language of each; `codes` the order of the entry's by code (nil: in that order
  // already); `codeLocations` where each of the document's localizations is.
  private mutating func readEntry(
    _ entry: XCStringsDocument.Entry, _ localizations: [XCStringsDocument.Localization],
    languages: [Int?], keyIndex: Int, at: SourceLocation, codes: [Int]?,
    codeLocations: [SourceLocation], into reader: inout EntryReader
  ) {
    if let reason = entry.invalidReason {
      report(.invalidEntry(key: entry.key, reason: reason), .error, at: at)
      return
    }
    for place in 0..<entry.localizations.count {
      let code = codes?[place] ?? entry.localizations.lowerBound + place
      let localization = localizations[code]
      let codeAt = codeLocations[code]
      guard let language = languages[code] else { continue }
      if let reason = localization.invalidReason {
        report(
          .invalidLocalization(key: entry.key, language: localization.code, reason: reason),
          .error, at: codeAt)
        continue
      }
      let context = Context(
        key: entry.key, language: languageList[language], isSource: language == sourceIndex,
        location: codeAt)
      if resolve(localization.node, substitutions: nil, context, path: nil) != nil {
        reader.serve(
          language,
          Unit(keyIndex: Int32(keyIndex), node: Int32(localization.node), asSource: false))
      }
    }
    var sourceUnit = Unit(keyIndex: Int32(keyIndex), node: -1, asSource: true)
    if let sourceIndex {
      if let own = reader.served[sourceIndex] {
        sourceUnit.node = own.node
      } else {
        reader.serve(sourceIndex, sourceUnit)
      }
    }
    if entry.shouldTranslate == false {
      for language in languageList.indices where reader.served[language] == nil {
        reader.serve(language, sourceUnit)
      }
    }
    reader.finishEntry()
  }

  /// The entries of `language`, in file order, built from the plan.
  func entries(for language: LanguageTag) -> [ParsedEntry] {
    guard let units = plan[language], let tape else { return [] }
    return tape.reading { build(units, language, tape: $0) }
  }

  private func build(_ units: [Unit], _ language: LanguageTag, tape: JSONTape) -> [ParsedEntry] {
    var builder = self
    builder.isChecking = false
    builder.tape = tape
    var entries: [ParsedEntry] = []
    entries.reserveCapacity(units.count)
    for unit in units {
      let (key, location) = keys[Int(unit.keyIndex)]
      var message: Message?
      if unit.node >= 0 {
        let resolved = unit.asSource ? (sourceLanguage ?? language) : language
        let context = Context(
          key: key, language: resolved, isSource: resolved == sourceLanguage,
          location: location)
        message = builder.resolve(Int(unit.node), substitutions: nil, context, path: nil)
      }
      entries.append(
        ParsedEntry(key: key, message: message ?? .text(MessageTemplate(key)), location: location))
    }
    return entries
  }

  // MARK: Languages, diagnostics

  /// `language(for:at:)` for the code at `place` among its key's localizations sorted by
  /// code; the place only decides which recent answer is tried first.
  mutating func language(for code: String, at location: SourceLocation, place: Int) -> Int? {
    if place < recentCodes.count, recentCodes[place].code == code {
      return recentCodes[place].index
    }
    let index = language(for: code, at: location)
    if place < recentCodes.count {
      recentCodes[place] = (code, index)
    } else if place == recentCodes.count {
      recentCodes.append((code, index))
    }
    return index
  }

  /// The index in `languageList` of a localization code's tag, parsed once; an invalid
  /// code is reported once.
  mutating func language(for code: String, at location: SourceLocation) -> Int? {
    if let known = codes[code] { return known }
    var index: Int?
    do {
      let tag = try LanguageTag(code)
      index = languageIndex[tag]
      if index == nil {
        index = languageList.count
        languageIndex[tag] = languageList.count
        languageList.append(tag)
      }
    } catch {
      report(.invalidLanguageCode(code), .warning, at: location)
    }
    codes[code] = .some(index)
    return index
  }

  mutating func markUnusable(
    _ context: Context, _ path: String?, _ reason: XCStringsFile.UnusableUnit.Reason
  ) {
    guard isChecking else { return }
    unusable.append(
      XCStringsFile.UnusableUnit(
        key: context.key, language: context.language, variation: path, reason: reason,
        location: context.location))
  }

  mutating func report(
    _ kind: Diagnostic.Kind, _ severity: Diagnostic.Severity, at location: SourceLocation = start
  ) {
    guard isChecking else { return }
    diagnostics.append(
      Diagnostic(file: file, location: location, severity: severity, kind: kind),
      upTo: Diagnostic.limitPerFile)
  }
}
