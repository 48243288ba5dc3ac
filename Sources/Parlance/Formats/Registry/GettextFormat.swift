import Foundation

/// gettext `.po` files (`po/<tag>.po`, for the table `Localizable`), and `.pot`
/// templates, which lint checks and nothing loads.
///
/// Lint adds, for a file of a language, whether its `Plural-Forms` groups numbers as CLDR
/// does.
public struct GettextFormat: CatalogFormat {
  /// `po`.
  public var name: String { "po" }
  /// `po` and `pot`.
  public var fileExtensions: [String] { ["po", "pot"] }
  /// `pot`.
  public var templateExtensions: [String] { ["pot"] }
  /// In gettext folders.
  public var placements: Set<CatalogPlacement> { [.gettextFolder] }

  /// A format value; the registry holds the one in use.
  public init() {}

  /// Reads the file with `PoParser`.
  public func read(_ url: URL) throws -> (table: CatalogTable, diagnostics: [Diagnostic]) {
    let file = try PoParser.parse(contentsOf: url)
    return (CatalogTable(file.entries, file: url.path), file.diagnostics)
  }

  /// The file's `Plural-Forms` checked against CLDR's rules for `language`, and a `.mo`
  /// of the same name beside it (which loading leaves out) checked whole and against it.
  public func lintFindings(
    _ url: URL, language: LanguageTag?, in folder: ResourceFolder, development: LanguageTag
  ) -> [Diagnostic] {
    var findings = language.map { languageFindings(url, language: $0) } ?? []
    let compiled = url.deletingPathExtension().appendingPathExtension("mo")
    if url.pathExtension == "po", FileManager.default.fileExists(atPath: compiled.path) {
      let format = CompiledGettextFormat()
      do {
        findings += try format.lint(file: compiled)
      } catch {
        findings.append(
          Diagnostic(
            file: compiled.path, location: .byte(0), severity: .error,
            kind: .unreadableFile(reason: error.localizedDescription)))
      }
    }
    return findings
  }

  /// The file's `Plural-Forms` against CLDR's rules for `language`.
  public func languageFindings(_ url: URL, language: LanguageTag) -> [Diagnostic] {
    // An unreadable file was already reported when its language's catalog was loaded.
    guard let file = try? PoParser.parse(contentsOf: url), let forms = file.pluralForms else {
      return []
    }
    guard let details = Self.disagreement(of: forms, withCLDRRulesOf: language) else {
      return []
    }
    return [
      Diagnostic(
        file: url.path, location: Linter.location(of: "Plural-Forms", in: url), severity: .error,
        kind: .pluralFormsDisagreeWithCLDR(language: language.identifier, details: details))
    ]
  }

  /// How a `Plural-Forms` groups integers differently from CLDR, or nil when it groups
  /// them as CLDR does: two integers must share a form exactly when CLDR puts them in the
  /// same category. Example: ru with `nplurals=2; plural=n != 1` puts 2 and 5 in one
  /// form, which CLDR splits into few and many.
  static func disagreement(of forms: PluralForms, withCLDRRulesOf language: LanguageTag)
    -> String?
  {
    let rules = PluralRules.cardinal(for: language)
    var formOfCategory: [PluralCategory: (form: Int, sample: UInt64)] = [:]
    var categoryOfForm: [Int: (category: PluralCategory, sample: UInt64)] = [:]
    var problems: [String] = []
    let samples = Array(0...1_000) + [1_001, 10_000, 100_000, 1_000_000, 1_000_001, 1_000_002]
    for sample in samples {
      let n = UInt64(sample)
      let form = forms.index(for: n)
      let category = rules.category(for: Int64(sample))
      if let seen = formOfCategory[category], seen.form != form {
        problems.append(
          "\(seen.sample) and \(n) are both \(category) in CLDR "
            + "but take forms \(seen.form) and \(form)")
        break
      }
      if let seen = categoryOfForm[form], seen.category != category {
        problems.append(
          "\(seen.sample) and \(n) take form \(form), "
            + "but CLDR puts them in \(seen.category) and \(category)")
        break
      }
      formOfCategory[category] = (form, n)
      categoryOfForm[form] = (category, n)
    }
    return problems.first
  }
}
