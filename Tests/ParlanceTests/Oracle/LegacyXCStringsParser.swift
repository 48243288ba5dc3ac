import Foundation

@testable import Parlance

// The String Catalog reader as it was before issue 10 (JSONDecoder into a Codable model,
// JSONKeyLocator for positions), kept only as the oracle that the new reader is compared
// with (XCStringsOracleTests). Not used by the library.

/// Reads Apple String Catalogs (`.xcstrings`, JSON), as before issue 10.
///
/// Which values are served, per key and language:
///
/// - state `translated` and `needs_review` (Apple ships both: a value awaiting review
///   beats a fallback); in the source language also `new` and no state, because the
///   source is the developer's own text (Xcode marks `new` a source value it rewrote,
///   `%@ (%@)` → `%1$@ (%2$@)`);
/// - not `new` elsewhere (not translated yet), `stale`, unknown states (warning), or
///   empty values: each such unit is listed in `unusable`;
/// - the source language falls back to the key itself, as Xcode treats the key as the
///   source text: a key without a source value is still served there;
/// - `shouldTranslate: false`: the source value is served in every language of the file
///   (a language's own usable value wins), so that a brand name is not reported missing
///   in German;
/// - plural variations → `.plural` with one variable `count`, read from the first
///   numeric specifier of the `other` form; specifiers in forms are numbered as the
///   whole string numbers them (`%@ has %lld files` → `%1$@ has %2$lld files`);
///   a plural without a usable `other` form is not served;
/// - device variations → `mac`, else `other` (this is a desktop library);
/// - substitutions → `%#@name@` variables reading argument `argNum`, whose `%arg`
///   becomes `%<argNum>$<formatSpecifier>`.
///
/// Keys may be empty or blank. Codes that are not language tags are skipped (warning).
enum LegacyXCStringsParser {
  /// Parses the bytes of a `.xcstrings` file.
  ///
  /// `file` is only the path shown in diagnostics. Corrupt JSON yields an empty catalog
  /// and an error at the line and column where the JSON goes wrong. Time is linear in
  /// the size of the input.
  static func parse(_ data: Data, file: String) -> XCStringsFile {
    var reader = LegacyXCStringsReader(file: file)
    reader.read([UInt8](data))
    return reader.finish()
  }

  /// Reads and parses a `.xcstrings` file; diagnostics name it by `url.path`.
  ///
  /// Throws only when the file cannot be read.
  static func parse(contentsOf url: URL) throws -> XCStringsFile {
    let data = try Data(contentsOf: url)
    return parse(data, file: url.path)
  }
}

/// The state of reading one catalog.
private struct LegacyXCStringsReader {
  typealias Variable = (
    name: String, valueType: String?, argument: Int?, forms: [PluralCategory: String]
  )

  /// What a unit being read belongs to.
  struct Context {
    var key: String
    var language: LanguageTag
    var isSource: Bool
    var location: SourceLocation
  }

  static let start = SourceLocation(line: 1, column: 1)
  /// The variable of a catalog's top-level plural variations, also its named argument.
  static let pluralVariableName = "count"

  let file: String
  var locator = LegacyJSONKeyLocator(utf8: [])
  var result = XCStringsFile()
  var diagnostics: [Diagnostic] = []
  var tags: [String: LanguageTag?] = [:]

  init(file: String) {
    self.file = file
  }

  mutating func read(_ bytes: [UInt8]) {
    let decoded = TextDecoding.decodeUnicode(bytes)
    locator = LegacyJSONKeyLocator(utf8: decoded.utf8)
    if let offset = decoded.firstInvalidOffset {
      var lines = LineLocator()
      let at = decoded.utf8.withUnsafeBufferPointer { lines.location(of: offset, in: $0) }
      report(.invalidEncoding(charset: decoded.encodingName), .error, at: at)
    }
    let document: LegacyXCStringsDocument
    do {
      document = try JSONDecoder().decode(LegacyXCStringsDocument.self, from: Data(decoded.utf8))
    } catch {
      if let syntax = locator.syntaxError {
        report(.invalidJSON(reason: syntax.reason), .error, at: syntax.location)
      } else if let error = error as? DecodingError {
        report(.invalidJSON(reason: error.legacyShortDescription()), .error)
      } else {
        report(.invalidJSON(reason: "the catalog cannot be decoded"), .error)
      }
      return
    }
    if let syntax = locator.syntaxError {
      // JSONDecoder reads past some mistakes (a trailing comma); other tools may not.
      report(.invalidJSON(reason: syntax.reason), .warning, at: syntax.location)
    }
    result.version = document.version
    if let code = document.sourceLanguage {
      result.sourceLanguage = tag(for: code, at: Self.start)
    }
    if result.sourceLanguage == nil {
      report(.missingSourceLanguage, .warning)
    }
    guard let strings = document.strings else {
      report(.invalidJSON(reason: "the catalog has no 'strings' object"), .error)
      return
    }
    for duplicate in locator.duplicates {
      report(
        .duplicateJSONKey(duplicate.key, firstAt: duplicate.first), .warning, at: duplicate.again)
    }
    let keys = strings.keys.sorted { (location(of: $0), $0) < (location(of: $1), $1) }
    // Every language of the file, for `shouldTranslate: false`; invalid codes are
    // reported here, once each, at their first place.
    var languages: Set<LanguageTag> = []
    if let source = result.sourceLanguage { languages.insert(source) }
    for key in keys {
      guard case .value(let entry)? = strings[key] else { continue }
      for code in (entry.localizations ?? [:]).keys.sorted() {
        if let tag = tag(for: code, at: location(of: code, in: key)) { languages.insert(tag) }
      }
    }
    for key in keys {
      if let entry = strings[key] {
        readEntry(key, entry, languages: languages)
      }
    }
  }

  func finish() -> XCStringsFile {
    var file = result
    file.diagnostics = diagnostics.enumerated().sorted {
      ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
    }.map(\.element)
    return file
  }

  // MARK: Entries

  private mutating func readEntry(
    _ key: String, _ lenient: LegacyLenient<LegacyXCStringsEntry>, languages: Set<LanguageTag>
  ) {
    let at = location(of: key)
    let entry: LegacyXCStringsEntry
    switch lenient {
    case .value(let value): entry = value
    case .invalid(let reason):
      report(.invalidEntry(key: key, reason: reason), .error, at: at)
      return
    }
    var served: [LanguageTag: Message] = [:]
    for (code, localization) in (entry.localizations ?? [:]).sorted(by: { $0.key < $1.key }) {
      let codeAt = location(of: code, in: key)
      guard let language = tag(for: code, at: codeAt) else { continue }
      let node: LegacyXCStringsNode
      switch localization {
      case .value(let value): node = value
      case .invalid(let reason):
        report(.invalidLocalization(key: key, language: code, reason: reason), .error, at: codeAt)
        continue
      }
      let context = Context(
        key: key, language: language, isSource: language == result.sourceLanguage,
        location: codeAt)
      if let message = resolve(node, substitutions: nil, context, path: nil) {
        served[language] = message
      }
    }
    let source = result.sourceLanguage
    let sourceMessage = source.flatMap { served[$0] } ?? .text(MessageTemplate(key))
    if let source, served[source] == nil {
      served[source] = sourceMessage
    }
    if entry.shouldTranslate == false {
      for language in languages where served[language] == nil {
        served[language] = sourceMessage
      }
    }
    for (language, message) in served {
      result.entries[language, default: []].append(
        ParsedEntry(key: key, message: message, location: at))
    }
  }

  /// The message of a localization or of one branch of its variations; nil when it is
  /// not usable (listed in `unusable`, or reported).
  private mutating func resolve(
    _ node: LegacyXCStringsNode, substitutions inherited: [String: LegacyXCStringsSubstitution]?,
    _ context: Context, path: String?
  ) -> Message? {
    let substitutions = node.substitutions ?? inherited
    if let plural = node.variations?.plural {
      return pluralMessage(plural, context, path: join(path, "plural"))
    }
    if let device = node.variations?.device {
      guard
        let (name, branch) = device["mac"].map({ ("mac", $0) })
          ?? device["other"].map({ ("other", $0) })
      else {
        markUnusable(context, join(path, "device"), .noDesktopVariant)
        return nil
      }
      return resolve(
        branch, substitutions: substitutions, context, path: join(path, "device.\(name)"))
    }
    guard let value = usableValue(node.stringUnit, context, path: path) else { return nil }
    if value.contains("#@") {
      return substitutedMessage(value, substitutions ?? [:], context)
    }
    return .text(MessageTemplate(value))
  }

  /// `variations.plural` of a whole value: one variable, `count`.
  private mutating func pluralMessage(
    _ forms: [String: LegacyXCStringsNode], _ context: Context, path: String
  ) -> Message? {
    guard let texts = pluralForms(forms, context, path: path, variable: "plural") else {
      return nil
    }
    var numbered: [PluralCategory: String] = [:]
    var counter: (position: Int, type: String)?
    for category in PluralCategory.allCases.reversed() {  // `other` first
      guard let text = texts[category] else { continue }
      let result = SpecifierNumbering.number(text)
      numbered[category] = result.text
      counter = counter ?? result.firstNumeric
    }
    let variable: Variable = (
      Self.pluralVariableName, counter?.type, counter?.position ?? 1, numbered
    )
    return .plural(PluralMessage(format: "%#@\(Self.pluralVariableName)@", variables: [variable]))
  }

  /// A value with `%#@name@` substitutions.
  private mutating func substitutedMessage(
    _ value: String, _ substitutions: [String: LegacyXCStringsSubstitution], _ context: Context
  ) -> Message? {
    let references = MessageTemplate(value).variables
    guard !references.isEmpty else { return .text(MessageTemplate(value)) }
    var variables: [Variable] = []
    var seen: Set<String> = []
    for reference in references where seen.insert(reference.name).inserted {
      let name = reference.name
      guard let substitution = substitutions[name] else {
        report(.undefinedVariable(name, key: context.key), .error, at: context.location)
        return nil
      }
      guard let plural = substitution.variations?.plural else {
        report(
          .invalidLocalization(
            key: context.key, language: context.language.identifier,
            reason: "substitution '\(name)' has no plural variations"),
          .error, at: context.location)
        return nil
      }
      let argument = substitution.argNum ?? reference.argumentIndex + 1
      guard (1...PluralMessage.maximumArgument).contains(argument) else {
        report(
          .invalidLocalization(
            key: context.key, language: context.language.identifier,
            reason: "substitution '\(name)' has argNum \(argument), not between 1 and "
              + "\(PluralMessage.maximumArgument)"),
          .error, at: context.location)
        return nil
      }
      let specifier = substitution.formatSpecifier ?? "lld"
      let path = "substitutions.\(name).plural"
      guard let texts = pluralForms(plural, context, path: path, variable: name) else {
        return nil
      }
      let forms = texts.mapValues {
        SpecifierNumbering.replacingArg(in: $0, with: "%\(argument)$\(specifier)")
      }
      variables.append((name, specifier, argument, forms))
    }
    return .plural(PluralMessage(format: value, variables: variables))
  }

  /// The usable forms of plural variations by category; nil without a usable `other`.
  private mutating func pluralForms(
    _ forms: [String: LegacyXCStringsNode], _ context: Context, path: String, variable: String
  ) -> [PluralCategory: String]? {
    var texts: [PluralCategory: String] = [:]
    for (name, node) in forms.sorted(by: { $0.key < $1.key }) {
      guard let category = PluralCategory(rawValue: name) else {
        report(
          .unknownPluralCategory(name, key: context.key, variable: variable), .warning,
          at: context.location)
        continue
      }
      if let value = usableValue(node.stringUnit, context, path: "\(path).\(name)") {
        texts[category] = value
      }
    }
    guard texts[.other] != nil else {
      if forms["other"] == nil {
        markUnusable(context, path, .missingOtherForm)
      }
      return nil
    }
    return texts
  }

  /// The unit's value when it is served (see `XCStringsParser`), else nil and the unit
  /// joins `unusable`.
  private mutating func usableValue(
    _ unit: LegacyXCStringsUnit?, _ context: Context, path: String?
  ) -> String? {
    guard let unit else {
      markUnusable(context, path, .emptyValue)
      return nil
    }
    switch unit.state {
    case "translated", "needs_review":
      break
    case nil where context.isSource, "new" where context.isSource:
      break
    case nil:
      markUnusable(context, path, .missingState)
      return nil
    case let state?:
      if !["new", "stale"].contains(state) {
        report(
          .unknownTranslationState(state, key: context.key, language: context.language.identifier),
          .warning, at: context.location)
      }
      markUnusable(context, path, .state(state))
      return nil
    }
    guard let value = unit.value, !value.isEmpty else {
      markUnusable(context, path, .emptyValue)
      return nil
    }
    return value
  }

  // MARK: Languages, locations, diagnostics

  /// The tag of a localization code, parsed once; an invalid code is reported once.
  private mutating func tag(for code: String, at location: SourceLocation) -> LanguageTag? {
    if let known = tags[code] { return known }
    let parsed: LanguageTag?
    do {
      parsed = try LanguageTag(code)
    } catch {
      parsed = nil
      report(.invalidLanguageCode(code), .warning, at: location)
    }
    tags[code] = parsed
    return parsed
  }

  private func location(of key: String) -> SourceLocation {
    locator.keys[key] ?? Self.start
  }

  private func location(of code: String, in key: String) -> SourceLocation {
    locator.languages[key]?[code] ?? location(of: key)
  }

  private func join(_ path: String?, _ component: String) -> String {
    path.map { "\($0).\(component)" } ?? component
  }

  private mutating func markUnusable(
    _ context: Context, _ path: String?, _ reason: XCStringsFile.UnusableUnit.Reason
  ) {
    result.unusable.append(
      XCStringsFile.UnusableUnit(
        key: context.key, language: context.language, variation: path, reason: reason,
        location: context.location))
  }

  private mutating func report(
    _ kind: Diagnostic.Kind, _ severity: Diagnostic.Severity, at location: SourceLocation = start
  ) {
    diagnostics.append(
      Diagnostic(file: file, location: location, severity: severity, kind: kind),
      upTo: Diagnostic.limitPerFile)
  }
}
