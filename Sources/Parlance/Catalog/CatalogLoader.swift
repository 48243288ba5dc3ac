import Foundation

/// Reads every catalog file of one language, in every format, into a `LanguageCatalog`.
///
/// Folders are merged in order, later ones winning key by key, so a translator's
/// working folder can lie over the shipped resources. Within a folder, for one table:
/// `.lproj` files in name order (`.strings`, then `.stringsdict`), then `po/<tag>.po`,
/// then String Catalogs; a key that two formats of one folder define is a warning and
/// the later one wins. Unreadable files become error diagnostics; nothing throws.
public struct CatalogLoader: Sendable {
  public let folders: [ResourceFolder]
  public let developmentLanguage: LanguageTag
  /// Whether `en-XA` and `ar-XB` are offered, made from the development language.
  public let pseudoLocales: Bool

  public init(
    folders: [ResourceFolder], developmentLanguage: LanguageTag, pseudoLocales: Bool = false
  ) {
    self.folders = folders
    self.developmentLanguage = developmentLanguage
    self.pseudoLocales = pseudoLocales
  }

  /// The languages any folder has, plus the development language (and the
  /// pseudo-locales, last, when enabled).
  public var availableLanguages: [LanguageTag] {
    var languages = Set(folders.flatMap(\.languages))
    languages.insert(developmentLanguage)
    let real = languages.sorted()
    return pseudoLocales ? real + PseudoLocale.allCases.map(\.tag) : real
  }

  public func load(_ language: LanguageTag) -> LanguageCatalog {
    if pseudoLocales, let pseudo = PseudoLocale(language) {
      return pseudo.transform(loadFiles(developmentLanguage))
    }
    return loadFiles(language)
  }

  private func loadFiles(_ language: LanguageTag) -> LanguageCatalog {
    var builder = Builder()
    for folder in folders {
      builder.startFolder()
      for directory in folder.folders(
        for: language, isDevelopment: language == developmentLanguage)
      {
        let names: [String]
        do {
          names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        } catch {
          builder.unreadable(directory.path, error)
          continue
        }
        folder.cache.forgetFiles(in: directory, except: names)
        for name in names {
          let url = directory.appendingPathComponent(name, isDirectory: false)
          guard let format = CatalogFormat(fileExtension: url.pathExtension) else { continue }
          builder.read(url, table: url.deletingPathExtension().lastPathComponent) {
            try folder.cache.entries(of: url) { try format.parse(contentsOf: url) }
          }
        }
      }
      for url in folder.gettextFiles[language] ?? [] {
        builder.read(url, table: Localizer.defaultTable) {
          try folder.cache.entries(of: url) {
            let file = try PoParser.parse(contentsOf: url)
            return (file.entries, file.diagnostics)
          }
        }
      }
      for stringCatalog in folder.stringCatalogs {
        // Read again if it changed since the folder was scanned (hot reload). Its
        // diagnostics belong to the whole file: reported when scanned, errors below.
        var catalog = stringCatalog.catalog
        do {
          catalog = try folder.cache.stringCatalog(at: stringCatalog.url)
        } catch {
          builder.unreadable(stringCatalog.url.path, error)
        }
        builder.diagnostics += catalog.diagnostics.filter { $0.severity == .error }
        builder.add(
          catalog.entries(for: language), table: stringCatalog.table,
          path: stringCatalog.url.path)
      }
    }
    return LanguageCatalog(
      language: language, tables: builder.tables, diagnostics: builder.diagnostics,
      files: builder.files)
  }

  /// Accumulates the tables of one language, remembering which file defined each key.
  private struct Builder {
    var tables: [String: CatalogTable] = [:]
    var diagnostics: [Diagnostic] = []
    var files: [String] = []
    /// table → key → file, for the current folder only.
    var definedIn: [String: [String: String]] = [:]

    mutating func startFolder() {
      definedIn = [:]
    }

    mutating func read(
      _ url: URL, table: String,
      _ parse: () throws -> (entries: [ParsedEntry], diagnostics: [Diagnostic])
    ) {
      do {
        let parsed = try parse()
        diagnostics += parsed.diagnostics
        add(parsed.entries, table: table, path: url.path)
      } catch {
        unreadable(url.path, error)
      }
    }

    mutating func add(_ entries: [ParsedEntry], table: String, path: String) {
      guard !entries.isEmpty else { return }
      files.append(path)
      var current = tables[table] ?? CatalogTable(minimumCapacity: entries.count)
      var defined = definedIn[table] ?? [:]
      let format = URL(fileURLWithPath: path).pathExtension
      for entry in entries {
        if let other = defined[entry.key], other != path,
          URL(fileURLWithPath: other).pathExtension != format
        {
          diagnostics.append(
            Diagnostic(
              file: path, location: entry.location, severity: .warning,
              kind: .keyInSeveralFormats(entry.key, otherFile: other)))
        }
        defined[entry.key] = path
        current[entry.key] = CatalogEntry(
          message: entry.message, origin: EntryOrigin(file: path, location: entry.location))
      }
      tables[table] = current
      definedIn[table] = defined
    }

    mutating func unreadable(_ path: String, _ error: any Error) {
      diagnostics.append(
        Diagnostic(
          file: path, location: SourceLocation(line: 1, column: 1), severity: .error,
          kind: .unreadableFile(reason: error.localizedDescription)))
    }
  }
}

/// The catalog file formats an `.lproj` folder may hold.
enum CatalogFormat {
  case strings
  case stringsdict

  init?(fileExtension: String) {
    switch fileExtension {
    case "strings": self = .strings
    case "stringsdict": self = .stringsdict
    default: return nil
    }
  }

  /// Reads one file into entries in file order.
  func parse(contentsOf url: URL) throws -> (entries: [ParsedEntry], diagnostics: [Diagnostic]) {
    switch self {
    case .strings:
      let file = try StringsParser.parse(contentsOf: url)
      let entries = file.entries.map {
        ParsedEntry(key: $0.key, message: .text(MessageTemplate($0.value)), location: $0.location)
      }
      return (entries, file.diagnostics)
    case .stringsdict:
      let file = try StringsdictParser.parse(contentsOf: url)
      return (file.entries, file.diagnostics)
    }
  }
}
