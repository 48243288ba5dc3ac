import Foundation

/// One catalog file format: which files it claims, how it reads them, what lint adds for
/// it, and (through its placements) which folders a translator's watcher must watch.
///
/// Every format is one type listed in `CatalogFormatRegistry.all`; the loader, the linter,
/// language discovery (`ResourceFolder`) and the watcher ask that list and never name an
/// extension themselves. Adding a format is one type and one line there.
public protocol CatalogFormat: Sendable {
  /// The format's name in messages and documentation: `strings`, `po`.
  var name: String { get }
  /// The file name extensions it claims, without the dot.
  var fileExtensions: [String] { get }
  /// Extensions of files lint checks but that hold no language (`pot`); a subset of
  /// `fileExtensions`. Loading and watching skip them.
  var templateExtensions: [String] { get }
  /// Where its files lie in a resources folder.
  var placements: Set<CatalogPlacement> { get }
  /// Whether every file with one of its extensions is a catalog of this format; false
  /// for an extension other files share (`Info.plist` is no catalog), whose files count
  /// only where `placements` put them.
  var claimsEveryFile: Bool { get }

  /// Reads one file of one language into a table of its own (entries in file order,
  /// later ones winning) and what the file said.
  ///
  /// A file of many languages (`.multilingual`) has no table of its own: it returns an
  /// empty table and its diagnostics, and `ResourceFolder.StringCatalog` serves its
  /// languages. Throws only when the file cannot be read.
  func read(_ url: URL) throws -> (table: CatalogTable, diagnostics: [Diagnostic])

  /// What lint says about one file checked alone (a path given to `parlance lint`).
  ///
  /// Throws only when the file cannot be read.
  func lint(file url: URL) throws -> [Diagnostic]

  /// Lint's reading of what loading `url` reported: a format may make a finding
  /// stricter (a `.strings` key defined twice with two different values is an error).
  ///
  /// - Parameters:
  ///   - diagnostics: what loading the file reported, all of them about `url`.
  ///   - url: the file.
  /// - Returns: the same findings, some perhaps with another severity or kind.
  func reviewed(_ diagnostics: [Diagnostic], of url: URL) -> [Diagnostic]

  /// What lint finds in a file of a resources folder beyond what loading it reported
  /// (a `.po` file's `Plural-Forms` against CLDR).
  ///
  /// - Parameters:
  ///   - url: the file.
  ///   - language: the file's language; nil for a file of many languages.
  ///   - folder: the resources folder, as scanned.
  ///   - development: the folder's development language.
  /// - Returns: the findings, in any order.
  func lintFindings(
    _ url: URL, language: LanguageTag?, in folder: ResourceFolder, development: LanguageTag
  ) -> [Diagnostic]

  /// What a file's language adds to lint of the file alone (a gettext `Plural-Forms`
  /// against CLDR's rules for `language`).
  func languageFindings(_ url: URL, language: LanguageTag) -> [Diagnostic]
}

extension CatalogFormat {
  /// No templates.
  public var templateExtensions: [String] { [] }

  /// Every file with the format's extensions.
  public var claimsEveryFile: Bool { true }

  /// The diagnostics of `read(_:)`, as `reviewed(_:of:)` makes them.
  public func lint(file url: URL) throws -> [Diagnostic] {
    reviewed(try read(url).diagnostics, of: url)
  }

  /// The diagnostics unchanged.
  public func reviewed(_ diagnostics: [Diagnostic], of url: URL) -> [Diagnostic] {
    diagnostics
  }

  /// Nothing beyond what loading reported.
  public func lintFindings(
    _ url: URL, language: LanguageTag?, in folder: ResourceFolder, development: LanguageTag
  ) -> [Diagnostic] {
    []
  }

  /// Nothing.
  public func languageFindings(_ url: URL, language: LanguageTag) -> [Diagnostic] { [] }

  /// Whether `fileExtension` is one this format claims for a file of a language (not a
  /// template).
  func claimsLanguageFile(withExtension fileExtension: String) -> Bool {
    fileExtensions.contains(fileExtension) && !templateExtensions.contains(fileExtension)
  }
}

/// Where a format's files lie in a resources folder, and what their names say.
public enum CatalogPlacement: Hashable, Sendable {
  /// `<tag>.lproj/<Table>.<ext>`: one language (the folder), the table its file name.
  case languageFolder
  /// `po/<tag>.<ext>`, or `<tag>.<ext>` at the top of a gettext folder: one language (the
  /// file name), the table `Localizable`.
  case gettextFolder
  /// `<Table>.<ext>` at the top of the folder: many languages in one file.
  case multilingual
  /// `<tag>_<Table>.<ext>` at the top of the folder (seed S0's naming,
  /// `ru_Localizable.plist`): one language and its table in the file name, read as
  /// `CatalogFormatRegistry.languageAndTable(inFileName:)` says.
  case languagePrefixed
}
