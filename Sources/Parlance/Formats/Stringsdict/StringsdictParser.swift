import Foundation

/// The entries of a `.stringsdict` file and the problems found while reading it.
public struct StringsdictFile: Hashable, Sendable {
  /// The usable entries, in file order (binary property lists: key order).
  public var entries: [ParsedEntry]
  /// Sorted by location.
  public var diagnostics: [Diagnostic]

  /// A file of `entries` with `diagnostics`.
  /// - Parameters:
  ///   - entries: the usable entries, in file order.
  ///   - diagnostics: the problems found, sorted by location.
  public init(entries: [ParsedEntry] = [], diagnostics: [Diagnostic] = []) {
    self.entries = entries
    self.diagnostics = diagnostics
  }
}

/// Reads Apple `.stringsdict` plural dictionaries (XML or binary property lists).
///
/// XML is read by a reader of our own (`PlistXMLReader`), which takes the shape every
/// `.stringsdict` has (dictionaries, keys, strings) and reads it as
/// `PropertyListSerialization` does; anything else (a binary plist, another value type,
/// a broken file) goes to `PropertyListSerialization`, whose words a broken file's error
/// keeps.
///
/// Each top-level key holds a dictionary with `NSStringLocalizedFormatKey` (the format,
/// `"%#@files@ in %2$#@folders@"`) and one dictionary per variable with
/// `NSStringFormatSpecTypeKey` = `NSStringPluralRuleType`, `NSStringFormatValueTypeKey`
/// (`d`, `ld`) and the forms `zero one two few many other`. What Apple's runtime would
/// do with a broken entry is often undefined; this reader decides, and says so:
///
/// - an empty form is left out, so it falls back to `other` (warning); an empty `other`
///   stays, and renders nothing, as Apple renders it (the "argument eater" variables of
///   Crowdin exports are written that way on purpose);
/// - a variable without `other`: the last form in CLDR order (`many`, `few`…) stands in
///   for it (warning), because any text beats a raw key; with no form at all the entry
///   is skipped (error);
/// - a format naming a variable the entry does not define: entry skipped (error);
/// - a plain string value: a `.text` entry, as some files mix them in;
/// - `NSStringVariableWidthRuleType`: the widest variant, as `.text` (warning);
/// - an unknown rule type: entry skipped (warning);
/// - a variable whose forms are all one text without specifiers is written into the
///   format (see `message(_:_:)`), so it needs no number to render.
///
/// Every top-level key ends up either in `entries` or named by a diagnostic.
public enum StringsdictParser {
  /// Parses the bytes of a `.stringsdict` file.
  ///
  /// `file` is only the path shown in diagnostics. Locations come from a scan of the
  /// XML text; a binary property list has none, so everything is at `1:1`.
  /// Time is linear in the size of the input.
  public static func parse(_ data: Data, file: String) -> StringsdictFile {
    var reader = StringsdictReader(file: file)
    reader.read(data)
    return reader.finish()
  }

  /// Reads and parses a `.stringsdict` file; diagnostics name it by `url.path`.
  ///
  /// Throws only when the file cannot be read.
  public static func parse(contentsOf url: URL) throws -> StringsdictFile {
    let data = try Data(contentsOf: url)
    return parse(data, file: url.path)
  }
}

/// The state of reading one file.
private struct StringsdictReader {
  typealias Variable = (
    name: String, valueType: String?, argument: Int?, forms: [PluralCategory: String]
  )

  static let formatKey = "NSStringLocalizedFormatKey"
  static let specTypeKey = "NSStringFormatSpecTypeKey"
  static let valueTypeKey = "NSStringFormatValueTypeKey"
  static let pluralRuleType = "NSStringPluralRuleType"
  static let variableWidthRuleType = "NSStringVariableWidthRuleType"

  let file: String
  var locator: PlistKeyLocator?
  var entries: [ParsedEntry] = []
  var diagnostics: [Diagnostic] = []

  init(file: String) {
    self.file = file
  }

  mutating func read(_ data: Data) {
    let bytes = [UInt8](data)
    let isBinary = bytes.starts(with: Array("bplist".utf8))
    let root: PlistValue
    // Each top-level key with where it is, when our reader found them (no name hashed
    // again to look it up).
    var located: [(location: SourceLocation, key: String, value: PlistValue)]?
    if !isBinary, let read = PlistXMLReader.read(bytes) {
      root = read.root
      locator = read.locations
      located = read.located
    } else {
      // Binary, or XML outside what our reader takes: Foundation reads it and words
      // its mistakes, as it always did.
      if !isBinary {
        locator = PlistKeyLocator(utf8: TextDecoding.decodeUnicode(bytes).utf8)
      }
      do {
        root = PlistValue(
          try PropertyListSerialization.propertyList(from: data, options: [], format: nil))
      } catch {
        report(
          .invalidPropertyList(reason: PlistReadError.reason(for: error, binary: isBinary)),
          .error, at: PlistReadError.location(in: error))
        return
      }
    }
    guard let dictionary = root.dictionary else {
      report(.invalidPropertyList(reason: "the top level is not a dictionary"), .error)
      return
    }
    for duplicate in locator?.duplicates.listed ?? [] {
      report(.duplicateKey(duplicate.key, firstAt: duplicate.first), .warning, at: duplicate.again)
    }
    locator?.duplicates.countUnlisted(in: &diagnostics, file: file)
    // File order when the text says where each key is, else key order.
    let keys = (located ?? dictionary.map { (location(of: $0.key), $0.key, $0.value) })
      .sorted { ($0.location, $0.key) < ($1.location, $1.key) }
    for (location, key, value) in keys {
      readEntry(key, value, at: location)
    }
  }

  func finish() -> StringsdictFile {
    StringsdictFile(
      entries: entries,
      diagnostics: diagnostics.enumerated().sorted {
        ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
      }.map(\.element))
  }

  // MARK: Entries

  private mutating func readEntry(_ key: String, _ value: PlistValue, at: SourceLocation) {
    if let text = value.string {
      entries.append(ParsedEntry(key: key, message: .text(MessageTemplate(text)), location: at))
      return
    }
    guard let entry = value.dictionary else {
      report(
        .invalidEntry(key: key, reason: "its value is not a dictionary or a string"), .error, at: at
      )
      return
    }
    if let widths = entry[Self.variableWidthRuleType] {
      readVariableWidth(key, widths, at: at)
      return
    }
    guard let format = entry[Self.formatKey]?.string else {
      report(.missingFormatKey(key: key), .error, at: at)
      return
    }
    var variables: [Variable] = []
    var seen: Set<String> = []
    let template = MessageTemplate(format)
    for reference in template.variables where seen.insert(reference.name).inserted {
      let name = reference.name
      guard let definition = entry[name]?.dictionary else {
        report(.undefinedVariable(name, key: key), .error, at: at)
        return
      }
      guard let variable = readVariable(name, definition, key: key) else { return }
      variables.append(variable)
    }
    entries.append(
      ParsedEntry(key: key, message: Self.message(template, variables), location: at))
  }

  /// The message of a format and its variables, with constant variables written into
  /// the format.
  ///
  /// A variable whose forms are all one text without specifiers says the same for any
  /// number; Crowdin exports use one with an empty `other` to consume a string argument
  /// (`%#@names@%#@count@`, where `count`'s forms show the names with `%1$@`). As a
  /// variable it would need a number; written into the format it needs nothing. The
  /// other variables keep the argument their place in the original format gave them.
  static func message(_ template: MessageTemplate, _ variables: [Variable]) -> Message {
    let format = template.source
    let positions = Dictionary(
      template.variables.map { ($0.name, $0.argumentIndex + 1) },
      uniquingKeysWith: { first, _ in first })
    var kept: [Variable] = []
    var constants: [String: String] = [:]
    for variable in variables {
      let first = variable.forms.values.first
      if let text = first, variable.forms.values.allSatisfy({ $0 == text }),
        Self.isConstant(text)
      {
        constants[variable.name] = text
      } else {
        kept.append((variable.name, variable.valueType, positions[variable.name], variable.forms))
      }
    }
    guard !constants.isEmpty else {
      return kept.isEmpty
        ? .text(template) : .plural(PluralMessage(template: template, variables: kept))
    }
    let written = SpecifierNumbering.replacingVariables(in: format, with: constants)
    if kept.isEmpty {
      return .text(MessageTemplate(written))
    }
    return .plural(PluralMessage(format: written, variables: kept))
  }

  private static func isConstant(_ text: String) -> Bool {
    let template = MessageTemplate(text)
    return template.formatSpecifiers.isEmpty && template.variables.isEmpty
  }

  /// One variable's forms; nil (with a diagnostic) when the entry must be skipped.
  private mutating func readVariable(
    _ name: String, _ definition: [String: PlistValue], key: String
  ) -> Variable? {
    let at = location(of: name, in: key)
    let type = definition[Self.specTypeKey]?.string
    guard type == Self.pluralRuleType else {
      report(.unsupportedRuleType(type ?? "(none)", key: key), .warning, at: at)
      return nil
    }
    var forms: [PluralCategory: String] = [:]
    var empty: [PluralCategory] = []
    for (formName, value) in definition.sorted(by: { $0.key < $1.key }) {
      if formName == Self.specTypeKey || formName == Self.valueTypeKey { continue }
      guard let category = PluralCategory(rawValue: formName), let text = value.string else {
        report(.unknownPluralCategory(formName, key: key, variable: name), .warning, at: at)
        continue
      }
      if text.isEmpty { empty.append(category) }
      // An empty form is left out so that it falls back to `other`; an empty `other`
      // has nothing to fall back to and stays.
      if !text.isEmpty || category == .other {
        forms[category] = text
      }
    }
    if !empty.isEmpty {
      report(
        .emptyPluralForms(key: key, variable: name, categories: empty.sorted()), .warning, at: at)
    }
    if forms[.other] == nil {
      let standIn = forms.keys.max()
      report(
        .missingOtherForm(key: key, variable: name, standIn: standIn),
        standIn == nil ? .error : .warning, at: at)
      guard let standIn else { return nil }
      forms[.other] = forms[standIn]
    }
    return (name, definition[Self.valueTypeKey]?.string, nil, forms)
  }

  /// `NSStringVariableWidthRuleType`: `{"1": "Hi", "20": "Hello there"}` → "Hello there".
  private mutating func readVariableWidth(
    _ key: String, _ value: PlistValue, at: SourceLocation
  ) {
    let variants = (value.dictionary ?? [:]).compactMap { width, text in
      text.string.map { (width: width, number: Double(width) ?? -1, text: $0) }
    }
    guard let widest = variants.max(by: { ($0.number, $0.width) < ($1.number, $1.width) }) else {
      report(
        .invalidEntry(key: key, reason: "its variable-width rule has no variant"), .error, at: at)
      return
    }
    report(.variableWidthRule(key: key, width: widest.width), .warning, at: at)
    entries.append(
      ParsedEntry(key: key, message: .text(MessageTemplate(widest.text)), location: at))
  }

  // MARK: Locations and diagnostics

  private static let start = SourceLocation(line: 1, column: 1)

  private func location(of key: String) -> SourceLocation {
    locator?.keys[key]?.location ?? Self.start
  }

  private func location(of variable: String, in key: String) -> SourceLocation {
    locator?.keys[key]?.children[variable] ?? location(of: key)
  }

  private mutating func report(
    _ kind: Diagnostic.Kind, _ severity: Diagnostic.Severity, at location: SourceLocation = start
  ) {
    diagnostics.append(
      Diagnostic(file: file, location: location, severity: severity, kind: kind),
      upTo: Diagnostic.limitPerFile)
  }
}
