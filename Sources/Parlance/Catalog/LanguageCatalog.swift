/// Every table of one language, immutable once built.
public final class LanguageCatalog: Sendable {
  /// The language of every table.
  public let language: LanguageTag
  /// Table name → key → entry.
  public let tables: [String: CatalogTable]
  /// What the files of this language said, in file order.
  public let diagnostics: [Diagnostic]
  /// The files read, in the order they were merged (later ones win).
  public let files: [String]
  /// The CLDR cardinal rules of the language, for its plural messages.
  public let pluralRules: PluralRules
  /// `tables[Localizer.defaultTable]`, or an empty table: a stored property, so a lookup
  /// borrows it in place instead of hashing the table name and copying the table.
  let defaultTable: CatalogTable
  /// The other tables, read in place by `value(_:inTable:)` (a table copied out of
  /// `tables` would retain each of its buffers: shared counts that every reader writes).
  private let otherTables: [CatalogTable]
  private let otherTableIndex: [String: Int]
  /// The other tables' names in `otherTables`' order: a catalog has few tables (a
  /// program's text domain and GTK's), and comparing a short name is cheaper than
  /// hashing it.
  private let otherTableNames: [String]

  /// The catalog of `language` with its `tables`, and what reading their files found.
  /// - Parameters:
  ///   - language: the language of every table.
  ///   - tables: table name → key → entry.
  ///   - diagnostics: what the files of this language said, in file order.
  ///   - files: the files read, in the order they were merged.
  public init(
    language: LanguageTag, tables: [String: CatalogTable], diagnostics: [Diagnostic],
    files: [String]
  ) {
    self.language = language
    self.tables = tables
    self.diagnostics = diagnostics
    self.files = files
    self.pluralRules = PluralRules.cardinal(for: language)
    self.defaultTable = tables[Localizer.defaultTable] ?? [:]
    let others = tables.filter { $0.key != Localizer.defaultTable }
    self.otherTables = Array(others.values)
    self.otherTableNames = Array(others.keys)
    self.otherTableIndex = Dictionary(
      uniqueKeysWithValues: others.keys.enumerated().map { ($1, $0) })
  }

  /// The index of the table named `table` among the other tables.
  @inline(__always)
  private func index(ofTable table: String) -> Int? {
    if otherTableNames.count <= 4 {
      return otherTableNames.withUnsafeBufferPointer { names in
        names.firstIndex(of: table)
      }
    }
    return otherTableIndex[table]
  }

  /// The display text of `key` in the table named `table` (not the default one), read
  /// in place.
  @inline(__always)
  func value(_ key: String, inTable table: String) -> String? {
    guard let index = index(ofTable: table) else { return nil }
    return otherTables.withUnsafeBufferPointer { tables in
      guard let first = tables.baseAddress else { return nil }
      return CatalogTable.value(key, in: first + index)
    }
  }

  /// True when a file of this language has an error (not just warnings), counting the
  /// errors a file had beyond those it kept to show.
  package var hasErrors: Bool { DiagnosticTotals(diagnostics).errors > 0 }

  /// The number of keys in all tables.
  public var count: Int { tables.values.reduce(0) { $0 + $1.count } }
}
