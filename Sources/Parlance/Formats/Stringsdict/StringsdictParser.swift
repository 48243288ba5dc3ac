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
  /// A variable's name, printf type, argument and forms by category index (zero … other).
  typealias Variable = (name: String, valueType: String?, argument: Int?, forms: [String?])

  static let formatKey = "NSStringLocalizedFormatKey"
  static let specTypeKey = "NSStringFormatSpecTypeKey"
  static let valueTypeKey = "NSStringFormatValueTypeKey"
  static let pluralRuleType = "NSStringPluralRuleType"
  static let variableWidthRuleType = "NSStringVariableWidthRuleType"

  let file: String
  var entries: [ParsedEntry] = []
  var diagnostics: [Diagnostic] = []

  init(file: String) {
    self.file = file
  }

  mutating func read(_ data: Data) {
    do {
      try PlistTape.reading(data) { tape in self.read(tape) }
    } catch {
      report(.invalidPropertyList(reason: error.reason), .error, at: error.location)
    }
  }

  private mutating func read(_ tape: PlistTape) {
    guard tape.isDictionary(0) else {
      report(.invalidPropertyList(reason: PlistReadError.notADictionary), .error)
      return
    }
    tape.reportRepeats(in: &diagnostics, file: file)
    for node in tape.entriesInFileOrder {
      readEntry(node, in: tape)
    }
    tape.resolveLocations(of: &entries, and: &diagnostics)
  }

  func finish() -> StringsdictFile {
    StringsdictFile(
      entries: entries,
      diagnostics: diagnostics.enumerated().sorted {
        ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
      }.map(\.element))
  }

  // MARK: Entries

  private mutating func readEntry(_ node: Int, in tape: PlistTape) {
    let key = tape.key(node)
    let at = tape.location(of: node)
    if let text = tape.string(node) {
      entries.append(ParsedEntry(key: key, message: .text(MessageTemplate(text)), location: at))
      return
    }
    guard tape.isDictionary(node) else {
      report(
        .invalidEntry(key: key, reason: "its value is not a dictionary or a string"), .error, at: at
      )
      return
    }
    let names = tape.names(of: node)
    if let widths = tape.child(Self.variableWidthRuleType, in: names) {
      readVariableWidth(key, widths.last, at: at, in: tape)
      return
    }
    guard let format = tape.child(Self.formatKey, in: names).flatMap({ tape.string($0.last) })
    else {
      report(.missingFormatKey(key: key), .error, at: at)
      return
    }
    var variables: [Variable] = []
    let template = MessageTemplate(format)
    let references = template.variables
    variables.reserveCapacity(references.count)
    // Each name once; a few are told apart without hashing.
    var seen: Set<String> = []
    for reference in references {
      let name = reference.name
      if references.count <= 8 {
        if variables.contains(where: { $0.name == name }) { continue }
      } else if !seen.insert(name).inserted {
        continue
      }
      guard let definition = tape.child(name, in: names), tape.isDictionary(definition.last)
      else {
        report(.undefinedVariable(name, key: key), .error, at: at)
        return
      }
      guard let variable = readVariable(name, definition, key: key, in: tape) else { return }
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
    func constant(_ variable: Variable) -> String? {
      guard let text = variable.forms.lazy.compactMap({ $0 }).first,
        variable.forms.allSatisfy({ $0 == nil || $0 == text }), Self.isConstant(text)
      else { return nil }
      return text
    }
    // Most messages have no constant variable: their variables are taken as they are.
    guard variables.contains(where: { constant($0) != nil }) else {
      return variables.isEmpty
        ? .text(template) : .plural(PluralMessage(template: template, slotted: variables))
    }
    var kept: [Variable] = []
    var constants: [String: String] = [:]
    for variable in variables {
      if let text = constant(variable) {
        constants[variable.name] = text
      } else {
        kept.append(variable)
      }
    }
    let written = SpecifierNumbering.replacingVariables(in: template.source, with: constants)
    if kept.isEmpty {
      return .text(MessageTemplate(written))
    }
    // Each kept variable reads the argument of its place in the format as written.
    let positions = Dictionary(
      template.variables.map { ($0.name, $0.argumentIndex + 1) },
      uniquingKeysWith: { first, _ in first })
    for index in kept.indices { kept[index].argument = positions[kept[index].name] }
    return .plural(PluralMessage(template: MessageTemplate(written), slotted: kept))
  }

  private static func isConstant(_ text: String) -> Bool {
    let template = MessageTemplate(text)
    return template.formatSpecifiers.isEmpty && template.variables.isEmpty
  }

  /// One variable's forms; nil (with a diagnostic) when the entry must be skipped.
  /// `definition` is the first and the last child of the entry with the variable's name:
  /// the diagnostics stand at the first, the forms are the last one's.
  private mutating func readVariable(
    _ name: String, _ definition: (first: Int, last: Int), key: String, in tape: PlistTape
  ) -> Variable? {
    let at = tape.location(of: definition.first)
    // The last child of each name, as a property-list reader keeps it.
    var type: Int?
    var valueType: Int?
    // By category index, -1 for none: a vector, not an array to allocate.
    var formNodes = SIMD8<Int32>(repeating: -1)
    var others: Set<String> = []
    for child in tape.children(of: definition.last) {
      if let category = tape.category(child) {
        formNodes[category.index] = Int32(child)
      } else if tape.key(child, is: Self.specTypeKey) {
        type = child
      } else if tape.key(child, is: Self.valueTypeKey) {
        valueType = child
      } else {
        others.insert(tape.key(child))
      }
    }
    guard let type, tape.string(type, is: Self.pluralRuleType) else {
      report(
        .unsupportedRuleType(type.flatMap(tape.string) ?? "(none)", key: key), .warning, at: at)
      return nil
    }
    var forms = [String?](repeating: nil, count: PluralCategory.allCases.count)
    var empty: [PluralCategory] = []
    var unknown = Array(others)
    for category in PluralCategory.allCases where formNodes[category.index] >= 0 {
      guard let text = tape.string(Int(formNodes[category.index])) else {
        unknown.append(category.rawValue)
        continue
      }
      if text.isEmpty { empty.append(category) }
      // An empty form is left out so that it falls back to `other`; an empty `other`
      // has nothing to fall back to and stays.
      if !text.isEmpty || category == .other {
        forms[category.index] = text
      }
    }
    for formName in unknown.isEmpty ? [] : unknown.sorted() {
      report(.unknownPluralCategory(formName, key: key, variable: name), .warning, at: at)
    }
    if !empty.isEmpty {
      report(.emptyPluralForms(key: key, variable: name, categories: empty), .warning, at: at)
    }
    if forms[PluralCategory.other.index] == nil {
      let standIn = PluralCategory.allCases.last { forms[$0.index] != nil }
      report(
        .missingOtherForm(key: key, variable: name, standIn: standIn),
        standIn == nil ? .error : .warning, at: at)
      guard let standIn else { return nil }
      forms[PluralCategory.other.index] = forms[standIn.index]
    }
    return (name, valueType.flatMap(tape.string), nil, forms)
  }

  /// `NSStringVariableWidthRuleType`: `{"1": "Hi", "20": "Hello there"}` → "Hello there".
  private mutating func readVariableWidth(
    _ key: String, _ node: Int, at: SourceLocation, in tape: PlistTape
  ) {
    // The last variant of each width, as a property-list reader keeps it.
    var variants: [String: String] = [:]
    if tape.isDictionary(node) {
      for child in tape.children(of: node) {
        variants[tape.key(child)] = tape.string(child)
      }
    }
    let widest = variants.map { (width: $0.key, number: Double($0.key) ?? -1, text: $0.value) }
      .max { ($0.number, $0.width) < ($1.number, $1.width) }
    guard let widest else {
      report(
        .invalidEntry(key: key, reason: "its variable-width rule has no variant"), .error, at: at)
      return
    }
    report(.variableWidthRule(key: key, width: widest.width), .warning, at: at)
    entries.append(
      ParsedEntry(key: key, message: .text(MessageTemplate(widest.text)), location: at))
  }

  // MARK: Diagnostics

  private static let start = SourceLocation(line: 1, column: 1)

  private mutating func report(
    _ kind: Diagnostic.Kind, _ severity: Diagnostic.Severity, at location: SourceLocation = start
  ) {
    diagnostics.append(
      Diagnostic(file: file, location: location, severity: severity, kind: kind),
      upTo: Diagnostic.limitPerFile)
  }
}
