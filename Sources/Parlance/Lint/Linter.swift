import Foundation

/// Checks translation files the way a careful reviewer would, and says where.
///
/// A resources folder (`.lproj` folders, `po/`, `*.xcstrings`, `<tag>_<Table>.plist`) is
/// checked file by file
/// and every language against the development language:
///
/// - errors: syntax; a key defined twice with different values; placeholders that differ
///   from the source (`#{name}` names, printf count, types and positions); plural
///   categories that CLDR says the language needs but an entry lacks (every plural
///   entry, the source's and those whose key the source lacks included); a `.po`
///   `Plural-Forms` that groups numbers differently from CLDR; a folder or file name
///   that is not a language tag.
/// - warnings: keys a language lacks (how many, then which), keys the source does not
///   have, values identical to the source, String Catalog units that are not served.
///
/// Any other path is a single catalog file, checked for syntax only. Findings are
/// `Diagnostic`s sorted by file, line and column.
public struct Linter: Sendable {
  /// A linter; it holds no state.
  public init() {}

  /// Every finding about `paths` (resources folders, other folders, single catalog files),
  /// sorted by file, line and column.
  public func lint(_ paths: [URL]) -> [Diagnostic] {
    paths.flatMap { url -> [Diagnostic] in
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
        return [problem(url.path, .error, .unreadableFile(reason: "no such file or folder"))]
      }
      return isDirectory.boolValue ? lintFolder(url) : lintFile(url)
    }
    .sorted { ($0.file, $0.location, $0.message) < ($1.file, $1.location, $1.message) }
  }

  // MARK: Folders

  func lintFolder(_ url: URL) -> [Diagnostic] {
    let folder: ResourceFolder
    do {
      folder = try ResourceFolder(url: url)
    } catch {
      return [problem(url.path, .error, .unreadableFile(reason: error.description))]
    }
    if folder.catalogFiles.isEmpty, folder.baseFolder == nil {
      // Not a resources folder: check every catalog file below it on its own.
      return catalogFiles(below: url).flatMap(lintFile)
    }
    var findings = folder.diagnostics.map { diagnostic -> Diagnostic in
      var upgraded = diagnostic
      switch diagnostic.kind {
      case .invalidLanguageFolder, .invalidLanguageFile: upgraded.severity = .error
      default: break
      }
      return upgraded
    }
    let development = folder.sourceLanguage ?? LanguageTag.english
    let loader = CatalogLoader(folders: [folder], developmentLanguage: development)
    let source = loader.load(development)
    findings += reviewed(source.diagnostics)
    findings += checkCategories(source)
    for language in loader.availableLanguages where language != development {
      let catalog = loader.load(language)
      findings += reviewed(catalog.diagnostics)
      findings += checkCategories(catalog)
      findings += compare(catalog, with: source, folder: folder)
    }
    for file in folder.catalogFiles {
      findings += file.format.lintFindings(
        file.url, language: file.language, in: folder, development: development)
    }
    return findings
  }

  private func compare(
    _ catalog: LanguageCatalog, with source: LanguageCatalog, folder: ResourceFolder
  ) -> [Diagnostic] {
    var findings: [Diagnostic] = []
    let language = catalog.language
    for (table, entries) in catalog.tables {
      let sourceTable = source.tables[table] ?? CatalogTable()
      for (key, entry) in entries.entries {
        guard let original = sourceTable[key] else {
          findings.append(
            Diagnostic(
              file: entry.origin.file, location: entry.origin.location, severity: .warning,
              kind: .keyNotInSource(key, source: source.language.identifier)))
          continue
        }
        findings += comparePlaceholders(key, entry, original)
        if case .text = entry.message, entry.value == original.value,
          entry.value.unicodeScalars.contains(where: { $0.properties.isAlphabetic }),
          language.language != source.language.language
        {
          findings.append(
            Diagnostic(
              file: entry.origin.file, location: entry.origin.location, severity: .warning,
              kind: .identicalToSource(key: key, source: source.language.identifier)))
        }
      }
    }
    for (table, sourceEntries) in source.tables {
      let translated = catalog.tables[table]
      let missing = sourceEntries.entries.map(\.key).filter { translated?.contains($0) != true }
        .sorted()
      guard !missing.isEmpty else { continue }
      let file =
        translated?.entries.first?.entry.origin.file
        ?? folder.languageFolders[language]?.first?.path
        ?? folder.prefixedFiles[language]?.first?.url.path
        ?? folder.gettextFiles[language]?.first?.path
        ?? folder.stringCatalogs.first?.url.path ?? folder.url.path
      findings.append(
        problem(
          file, .warning,
          .missingKeys(
            language: language.identifier, table: table, keys: missing,
            source: source.language.identifier)))
    }
    return findings
  }

  func comparePlaceholders(_ key: String, _ entry: CatalogEntry, _ original: CatalogEntry)
    -> [Diagnostic]
  {
    let mine = Placeholders(entry.message)
    let theirs = Placeholders(original.message)
    var details: [String] = []
    let missingNames = theirs.named.subtracting(mine.named).sorted()
    let extraNames = mine.named.subtracting(theirs.named).sorted()
    if !missingNames.isEmpty {
      details.append("missing " + missingNames.map { "#{\($0)}" }.joined(separator: ", "))
    }
    if !extraNames.isEmpty {
      details.append("unknown " + extraNames.map { "#{\($0)}" }.joined(separator: ", "))
    }
    if mine.printf != theirs.printf {
      let source = Placeholders.describe(theirs.printf)
      let translation = Placeholders.describe(mine.printf)
      details.append("the source has \(source), the translation \(translation)")
    }
    guard !details.isEmpty else { return [] }
    return [
      Diagnostic(
        file: entry.origin.file, location: entry.origin.location, severity: .error,
        kind: .placeholdersDiffer(key: key, details: details.joined(separator: "; ")))
    ]
  }

  /// The plural messages of `catalog` that lack a category its language needs, whether
  /// or not the development language has their key.
  private func checkCategories(_ catalog: LanguageCatalog) -> [Diagnostic] {
    catalog.tables.values.flatMap { table in
      table.entries.flatMap { key, entry in
        checkCategories(key, entry, rules: catalog.pluralRules)
      }
    }
  }

  private func checkCategories(_ key: String, _ entry: CatalogEntry, rules: PluralRules)
    -> [Diagnostic]
  {
    guard case .plural(let plural) = entry.message else { return [] }
    return plural.variables.keys.sorted().compactMap { name in
      guard let variable = plural.variables[name] else { return nil }
      let missing = rules.categories.filter { variable.forms[$0] == nil }
      guard !missing.isEmpty else { return nil }
      return Diagnostic(
        file: entry.origin.file, location: entry.origin.location, severity: .error,
        kind: .missingPluralCategories(
          key: key, variable: name, missing: missing, language: rules.language.identifier))
    }
  }

  // MARK: Single files

  /// Every finding about the catalog files of folders already scanned (an installed
  /// text domain's `.mo` files, a `po/` folder): each file checked on its own, with what
  /// its language adds (a `Plural-Forms` against CLDR), sorted by file and position.
  public func lint(files folders: [ResourceFolder]) -> [Diagnostic] {
    folders.flatMap { folder in
      folder.diagnostics
        + folder.catalogFiles.flatMap { file in
          lintFile(file.url)
            + (file.language.map { file.format.languageFindings(file.url, language: $0) } ?? [])
        }
    }
    .sorted { ($0.file, $0.location, $0.message) < ($1.file, $1.location, $1.message) }
  }

  func lintFile(_ url: URL) -> [Diagnostic] {
    guard let format = CatalogFormatRegistry.format(forExtension: url.pathExtension) else {
      return []
    }
    do {
      return try format.lint(file: url)
    } catch {
      return [problem(url.path, .error, .unreadableFile(reason: error.localizedDescription))]
    }
  }

  /// The catalog files below `url`, as the registry judges them by name and place.
  private func catalogFiles(below url: URL) -> [URL] {
    guard
      let enumerator = FileManager.default.enumerator(
        at: url, includingPropertiesForKeys: nil)
    else { return [] }
    return enumerator.compactMap { $0 as? URL }
      .filter { CatalogFormatRegistry.format(of: $0) != nil }
      .sorted { $0.path < $1.path }
  }

  // MARK: Helpers

  /// What loading reported, as each file's format reviews it (a `.strings` key defined
  /// twice with different values becomes an error).
  private func reviewed(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    var byFile: [String: [Diagnostic]] = [:]
    var files: [String] = []
    for diagnostic in diagnostics {
      if byFile[diagnostic.file] == nil { files.append(diagnostic.file) }
      byFile[diagnostic.file, default: []].append(diagnostic)
    }
    return files.flatMap { file -> [Diagnostic] in
      let found = byFile[file] ?? []
      let url = URL(fileURLWithPath: file)
      guard let format = CatalogFormatRegistry.format(forExtension: url.pathExtension) else {
        return found
      }
      return format.reviewed(found, of: url)
    }
  }

  private func problem(_ file: String, _ severity: Diagnostic.Severity, _ kind: Diagnostic.Kind)
    -> Diagnostic
  {
    Diagnostic(
      file: file, location: SourceLocation(line: 1, column: 1), severity: severity, kind: kind)
  }

  /// The position of the first occurrence of `text` in a UTF-8 file, else 1:1.
  static func location(of text: String, in url: URL) -> SourceLocation {
    // Only a position for a finding made from the same file: 1:1 when it cannot be read.
    guard let contents = try? String(contentsOf: url, encoding: .utf8) else {
      return SourceLocation(line: 1, column: 1)
    }
    for (index, line) in contents.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      if let range = line.range(of: text) {
        let column = line.unicodeScalars.distance(
          from: line.unicodeScalars.startIndex, to: range.lowerBound)
        return SourceLocation(line: index + 1, column: column + 1)
      }
    }
    return SourceLocation(line: 1, column: 1)
  }

  /// Why a String Catalog unit is not served, in a diagnostic's words.
  static func describe(_ reason: XCStringsFile.UnusableUnit.Reason, variation: String?) -> String {
    let text: String
    switch reason {
    case .state(let state): text = "state '\(state)'"
    case .missingState: text = "no state"
    case .emptyValue: text = "empty value"
    case .noDesktopVariant: text = "no 'mac' or 'other' device variation"
    case .missingOtherForm: text = "plural without an 'other' form"
    }
    return variation.map { "\(text) (\($0))" } ?? text
  }
}

/// The placeholders a message uses, for comparing a translation with its source.
struct Placeholders: Equatable {
  var named: Set<String> = []
  /// Argument index → kind of value.
  var printf: [Int: String] = [:]

  init(_ message: Message) {
    for template in message.templates {
      named.formUnion(template.placeholderNames)
      for specifier in template.formatSpecifiers {
        printf[specifier.argumentIndex] = Self.kind(of: specifier.valueType)
      }
      for variable in template.variables where printf[variable.argumentIndex] == nil {
        printf[variable.argumentIndex] = "integer"
      }
    }
  }

  static func kind(of type: FormatSpecifier.ValueType) -> String {
    switch type {
    case .object: "object"
    case .signedInteger, .unsignedInteger: "integer"
    case .floatingPoint: "number"
    case .character: "character"
    case .cString: "string"
    case .pointer: "pointer"
    }
  }

  /// `%1$@ (object), %2$d (integer)` or `none`.
  static func describe(_ printf: [Int: String]) -> String {
    guard !printf.isEmpty else { return "no printf arguments" }
    return printf.keys.sorted().map { "argument \($0 + 1) as \(printf[$0] ?? "")" }
      .joined(separator: ", ")
  }
}
