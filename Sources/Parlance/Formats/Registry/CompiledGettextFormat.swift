import Foundation

/// Compiled gettext catalogs (`.mo`): `po/<tag>.mo` beside or instead of `po/<tag>.po`,
/// and the installed `LL/LC_MESSAGES/DOMAIN.mo` of a text domain
/// (`ResourceFolder.Layout.installed`).
///
/// Loading reads the header and the tables' bounds (see `MOFile`); lint checks every
/// message, and a `.mo` with its `.po` beside it against that `.po`.
public struct CompiledGettextFormat: CatalogFormat {
  /// `mo`.
  public var name: String { "mo" }
  /// `mo`.
  public var fileExtensions: [String] { ["mo"] }
  /// In gettext folders (and installed locale folders, which name their own layout).
  public var placements: Set<CatalogPlacement> { [.gettextFolder] }

  /// A format value; the registry holds the one in use.
  public init() {}

  /// Opens the file; its messages are read when asked for.
  public func read(_ url: URL) throws -> (table: CatalogTable, diagnostics: [Diagnostic]) {
    let file = try MOFile(contentsOf: url)
    return (CatalogTable(compiled: file), file.diagnostics)
  }

  /// Every message checked (`MOFile.validate()`), and against the `.po` of the same
  /// name beside it.
  public func lint(file url: URL) throws -> [Diagnostic] {
    let file = try MOFile(contentsOf: url)
    var findings = file.validate()
    let source = url.deletingPathExtension().appendingPathExtension("po")
    if FileManager.default.fileExists(atPath: source.path) {
      findings += Self.compare(file, with: source)
    }
    return findings
  }

  /// The file checked whole (loading checked only its header and tables), and its
  /// `Plural-Forms` against CLDR.
  public func lintFindings(
    _ url: URL, language: LanguageTag?, in folder: ResourceFolder, development: LanguageTag
  ) -> [Diagnostic] {
    guard let file = try? MOFile(contentsOf: url) else { return [] }
    let opened = Set(file.diagnostics)
    return file.validate().filter { !opened.contains($0) }
      + (language.map { languageFindings(url, language: $0) } ?? [])
  }

  /// The header's `Plural-Forms` against CLDR's rules for `language`.
  public func languageFindings(_ url: URL, language: LanguageTag) -> [Diagnostic] {
    guard let file = try? MOFile(contentsOf: url), file.header.declaresPluralForms,
      let details = GettextFormat.disagreement(of: file.pluralForms, withCLDRRulesOf: language)
    else { return [] }
    let offset = file.header.offset(ofField: "Plural-Forms") ?? 0
    return [
      Diagnostic(
        file: url.path, location: .byte(offset), severity: .error,
        kind: .pluralFormsDisagreeWithCLDR(language: language.identifier, details: details))
    ]
  }

  /// Where a `.mo` and the `.po` it should have been compiled from disagree: a message
  /// one serves and the other does not, or serves differently. Each finding is at the
  /// `.mo`'s entry (or its first byte, for a message only the `.po` has).
  ///
  /// - Parameters:
  ///   - compiled: the `.mo`.
  ///   - source: its `.po`.
  /// - Returns: the findings, errors: the program shows other texts than the translator
  ///   wrote.
  public static func compare(_ compiled: MOFile, with source: URL) -> [Diagnostic] {
    guard let po = try? PoParser.parse(contentsOf: source) else { return [] }
    let sourceName = source.lastPathComponent
    var expected: [String: [String]] = [:]
    for entry in po.entries {
      switch entry.message {
      case .indexedPlural(let forms, _): expected[entry.key] = forms.map(\.source)
      default: expected[entry.key] = [entry.message.displayValue]
      }
    }
    var findings: [Diagnostic] = []
    var seen: Set<String> = []
    func report(_ key: String, _ details: String, at location: SourceLocation) {
      findings.append(
        Diagnostic(
          file: compiled.path, location: location, severity: .error,
          kind: .compiledDisagreesWithSource(key: key, details: details, source: sourceName)),
        upTo: Diagnostic.limitPerFile)
    }
    for entry in compiled.entries() {
      seen.insert(entry.key)
      guard let forms = expected[entry.key] else {
        report(entry.key, "is translated here but not", at: .entry(entry.index))
        continue
      }
      if forms != entry.forms {
        let shown = entry.forms.map { "'\(Diagnostic.oneLine($0))'" }.joined(separator: ", ")
        let written = forms.map { "'\(Diagnostic.oneLine($0))'" }.joined(separator: ", ")
        report(entry.key, "is \(shown) here but \(written)", at: .entry(entry.index))
      }
    }
    for key in expected.keys.sorted() where !seen.contains(key) {
      report(key, "is not translated here but is", at: .byte(0))
    }
    return findings
  }
}
