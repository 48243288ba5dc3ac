import Foundation

/// Apple String Catalogs, `<Table>.xcstrings` at the top of a resources folder: many
/// languages in one JSON file.
///
/// Lint adds a warning for each translation the catalog holds but does not serve (a
/// state other than translated, no desktop variation, …), outside the development
/// language.
public struct StringCatalogFormat: CatalogFormat {
  /// `xcstrings`.
  public var name: String { "xcstrings" }
  /// `xcstrings`.
  public var fileExtensions: [String] { ["xcstrings"] }
  /// At the top of the folder, many languages in one file.
  public var placements: Set<CatalogPlacement> { [.multilingual] }

  /// A format value; the registry holds the one in use.
  public init() {}

  /// No table (a file of many languages) and the catalog's diagnostics.
  public func read(_ url: URL) throws -> (table: CatalogTable, diagnostics: [Diagnostic]) {
    (CatalogTable(), try XCStringsCatalog(contentsOf: url).diagnostics)
  }

  /// The catalog's diagnostics and its unserved translations outside its source language.
  public func lint(file url: URL) throws -> [Diagnostic] {
    // Lint needs no messages: the catalog's reading has every diagnostic.
    let file = try XCStringsCatalog(contentsOf: url)
    return file.diagnostics + Self.unusable(file, file: url.path, development: file.sourceLanguage)
  }

  /// The catalog's unserved translations outside `development`.
  public func lintFindings(
    _ url: URL, language: LanguageTag?, in folder: ResourceFolder, development: LanguageTag
  ) -> [Diagnostic] {
    // As read when the folder was scanned.
    guard let catalog = folder.stringCatalogs.first(where: { $0.url == url }) else { return [] }
    return Self.unusable(catalog.catalog, file: url.path, development: development)
  }

  private static func unusable(
    _ catalog: XCStringsCatalog, file: String, development: LanguageTag?
  ) -> [Diagnostic] {
    catalog.unusable.filter { $0.language != development }.map { unit in
      Diagnostic(
        file: file, location: unit.location, severity: .warning,
        kind: .unusableTranslation(
          key: unit.key, language: unit.language.identifier,
          reason: Linter.describe(unit.reason, variation: unit.variation)))
    }
  }
}
