import Foundation

/// Apple `.strings` files in `.lproj` folders: `"key" = "value";`.
///
/// Lint makes a key defined twice an error when its two values differ (a warning when
/// the same text is written twice).
public struct StringsFormat: CatalogFormat {
  /// `strings`.
  public var name: String { "strings" }
  /// `strings`.
  public var fileExtensions: [String] { ["strings"] }
  /// In language folders.
  public var placements: Set<CatalogPlacement> { [.languageFolder] }

  /// A format value; the registry holds the one in use.
  public init() {}

  /// Reads the file with `StringsParser`.
  public func read(_ url: URL) throws -> (table: CatalogTable, diagnostics: [Diagnostic]) {
    let file = try StringsParser.parse(contentsOf: url)
    let path = url.path
    var table = CatalogTable(minimumCapacity: file.entries.count)
    for entry in file.entries {
      table.insert(entry.key, text: entry.value, file: path, location: entry.location)
    }
    return (table, file.diagnostics)
  }

  /// A duplicate key becomes an error when its two values differ.
  public func reviewed(_ diagnostics: [Diagnostic], of url: URL) -> [Diagnostic] {
    guard diagnostics.contains(where: { if case .duplicateKey = $0.kind { true } else { false } })
    else { return diagnostics }
    // Read moments ago by the catalog load; if that fails now, the warnings stay.
    let entries = (try? StringsParser.parse(contentsOf: url))?.entries ?? []
    return DuplicateValues.reviewed(diagnostics) { key, location in
      entries.first { $0.key == key && $0.location == location }?.value
    }
  }
}

/// Lint's rule for a key written twice in one file: an error when the two values differ,
/// the parser's warning when they are the same.
enum DuplicateValues {
  /// `diagnostics` with each `duplicateKey` whose values differ made an error;
  /// `value(key, location)` is the value the file gives `key` at `location`.
  static func reviewed(
    _ diagnostics: [Diagnostic], value: (String, SourceLocation) -> String?
  ) -> [Diagnostic] {
    diagnostics.map { diagnostic in
      guard case .duplicateKey(let key, let first) = diagnostic.kind,
        let firstValue = value(key, first), let thisValue = value(key, diagnostic.location),
        firstValue != thisValue
      else { return diagnostic }
      var upgraded = diagnostic
      upgraded.severity = .error
      upgraded.kind = .duplicateKeyWithDifferentValue(key, firstAt: first)
      return upgraded
    }
  }
}
