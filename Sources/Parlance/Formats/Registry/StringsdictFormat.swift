import Foundation

/// Apple `.stringsdict` plural dictionaries in `.lproj` folders.
public struct StringsdictFormat: CatalogFormat {
  /// `stringsdict`.
  public var name: String { "stringsdict" }
  /// `stringsdict`.
  public var fileExtensions: [String] { ["stringsdict"] }
  /// In language folders.
  public var placements: Set<CatalogPlacement> { [.languageFolder] }

  /// A format value; the registry holds the one in use.
  public init() {}

  /// Reads the file with `StringsdictParser`.
  public func read(_ url: URL) throws -> (table: CatalogTable, diagnostics: [Diagnostic]) {
    let file = try StringsdictParser.parse(contentsOf: url)
    return (CatalogTable(file.entries, file: url.path), file.diagnostics)
  }
}
