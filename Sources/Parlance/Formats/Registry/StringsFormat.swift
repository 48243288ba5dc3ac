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
    return (CatalogTable(file.entries, file: url.path), file.diagnostics)
  }

  /// A duplicate key becomes an error when its two values differ.
  public func reviewed(_ diagnostics: [Diagnostic], of url: URL) -> [Diagnostic] {
    DuplicateValues.reviewed(diagnostics) { try StringsParser.parse(contentsOf: url).entries }
  }
}

/// Lint's rule for a key written twice in one file: an error when the two values differ,
/// the parser's warning when they are the same.
enum DuplicateValues {
  /// `diagnostics` with each `duplicateKey` whose values differ made an error;
  /// `entries()` reads the file's entries again, only when there is a duplicate (the
  /// catalog load read it moments ago; if reading fails now, the warnings stay).
  static func reviewed(
    _ diagnostics: [Diagnostic], entries: () throws -> [StringsEntry]
  ) -> [Diagnostic] {
    guard diagnostics.contains(where: { if case .duplicateKey = $0.kind { true } else { false } })
    else { return diagnostics }
    let entries = (try? entries()) ?? []
    func value(_ key: String, _ location: SourceLocation) -> String? {
      entries.first { $0.key == key && $0.location == location }?.value
    }
    return diagnostics.map { diagnostic in
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

extension CatalogTable {
  /// A table of the plain texts of `entries` (a later key replaces an earlier one), each
  /// with its position in `file`.
  init(_ entries: [StringsEntry], file: String) {
    self.init(minimumCapacity: entries.count)
    for entry in entries {
      insert(entry.key, text: entry.value, file: file, location: entry.location)
    }
  }
}
