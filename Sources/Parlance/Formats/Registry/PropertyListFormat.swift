import Foundation

/// Plain property-list dictionaries `key → string` (seed S0's catalogs), XML or binary:
/// `<tag>.lproj/<Table>.plist`, or `<tag>_<Table>.plist` at the top of a resources folder
/// (`ru_Localizable.plist`; see `CatalogFormatRegistry.languageAndTable(inFileName:)`).
///
/// `.plist` is an extension other files share (`Info.plist`), so only files in those two
/// places are catalogs. When both namings give one language and table, both are read and
/// the `.lproj` file wins key by key, with a warning for each key both define.
public struct PropertyListFormat: CatalogFormat {
  /// `plist`.
  public var name: String { "plist" }
  /// `plist`.
  public var fileExtensions: [String] { ["plist"] }
  /// In language folders, or prefixed with the language at the top of the folder.
  public var placements: Set<CatalogPlacement> { [.languageFolder, .languagePrefixed] }
  /// Only files in its placements.
  public var claimsEveryFile: Bool { false }

  /// A format value; the registry holds the one in use.
  public init() {}

  /// Reads the file with `PlistParser`.
  public func read(_ url: URL) throws -> (table: CatalogTable, diagnostics: [Diagnostic]) {
    let file = try PlistParser.parse(contentsOf: url)
    return (CatalogTable(file.entries, file: url.path), file.diagnostics)
  }

  /// A duplicate key becomes an error when its two values differ, as in `.strings` files
  /// (XML only: a binary list keeps one value a key).
  public func reviewed(_ diagnostics: [Diagnostic], of url: URL) -> [Diagnostic] {
    DuplicateValues.reviewed(diagnostics) { try PlistParser.parse(contentsOf: url).entries }
  }
}
