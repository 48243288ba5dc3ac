import Foundation

/// Reads every catalog file of one language, in every format, into a `LanguageCatalog`.
///
/// Folders are merged in order, later ones winning key by key, so a translator's
/// working folder can lie over the shipped resources. Within a folder, for one table:
/// `<tag>_<Table>.plist` files at the top, then `.lproj` files in name order (`.plist`,
/// `.strings`, then `.stringsdict`), then `po/<tag>.po`, then String Catalogs; a key
/// that two formats (or two namings) of one folder define is a warning and the later one
/// wins — so `ru.lproj/Localizable.plist` wins over `ru_Localizable.plist`. Which files
/// are catalogs, and how each is read, the formats of `CatalogFormatRegistry` say.
/// Unreadable files become error diagnostics; nothing throws.
public struct CatalogLoader: Sendable {
  /// The folders read, in order; a later folder wins key by key.
  public let folders: [ResourceFolder]
  /// The language whose keys every other language translates.
  public let developmentLanguage: LanguageTag
  /// Whether `en-XA` and `ar-XB` are offered, made from the development language.
  public let pseudoLocales: Bool

  /// A loader of `folders` for `developmentLanguage`, with the pseudo-locales when
  /// `pseudoLocales` is true.
  public init(
    folders: [ResourceFolder], developmentLanguage: LanguageTag, pseudoLocales: Bool = false
  ) {
    self.folders = folders
    self.developmentLanguage = developmentLanguage
    self.pseudoLocales = pseudoLocales
    var languages = Set(folders.flatMap(\.languages))
    languages.insert(developmentLanguage)
    let real = languages.sorted()
    availableLanguages = pseudoLocales ? real + PseudoLocale.allCases.map(\.tag) : real
  }

  /// The languages any folder has, plus the development language (and the
  /// pseudo-locales, last, when enabled). Made once: the folders are what they were
  /// when scanned (a reload makes a new loader), and a switch asks for them each time.
  public let availableLanguages: [LanguageTag]

  /// Every catalog file of `language` in every folder, merged into one catalog; a
  /// pseudo-locale is made from the development language's.
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
      for file in folder.prefixedFiles[language] ?? [] {
        builder.read(file.url, table: file.table, naming: .prefixed) {
          try folder.cache.table(of: file.url) { try file.format.read(file.url) }
        }
      }
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
          guard let format = CatalogFormatRegistry.format(forExtension: url.pathExtension),
            format.placements.contains(.languageFolder),
            format.claimsLanguageFile(withExtension: url.pathExtension)
          else { continue }
          builder.read(url, table: url.deletingPathExtension().lastPathComponent) {
            try folder.cache.table(of: url) { try format.read(url) }
          }
        }
      }
      for url in folder.gettextFiles[language] ?? [] {
        guard let format = CatalogFormatRegistry.format(forExtension: url.pathExtension) else {
          continue
        }
        builder.read(url, table: folder.gettextTable) {
          try folder.cache.table(of: url) { try format.read(url) }
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
        let path = stringCatalog.url.path
        builder.add(
          CatalogTable(catalog.entries(for: language), file: path), table: stringCatalog.table,
          path: path, naming: .placed)
      }
    }
    return LanguageCatalog(
      language: language, tables: builder.tables, diagnostics: builder.diagnostics,
      files: builder.files)
  }

  /// Accumulates the tables of one language, remembering which file defined each key.
  private struct Builder {
    /// How a file's name says its language: a key two files of one folder define is a
    /// warning when their formats or their namings differ.
    enum Naming {
      /// By the folder it lies in, or the folder's layout (`.lproj`, `po/`, String Catalog).
      case placed
      /// By a `<tag>_` prefix (`ru_Localizable.plist`).
      case prefixed
    }

    var tables: [String: CatalogTable] = [:]
    var diagnostics: [Diagnostic] = []
    var files: [String] = []
    /// The files of the current folder, with their format and naming.
    var folderFiles: [String: (format: String, naming: Naming)] = [:]

    mutating func startFolder() {
      folderFiles = [:]
    }

    mutating func read(
      _ url: URL, table: String, naming: Naming = .placed,
      _ parse: () throws -> ParsedFileCache.Parsed
    ) {
      do {
        let parsed = try parse()
        diagnostics += parsed.diagnostics
        add(parsed.table, table: table, path: url.path, naming: naming)
      } catch {
        unreadable(url.path, error)
      }
    }

    /// Adds a file's entries to `table`; the first file of a table becomes it as is.
    mutating func add(
      _ entries: CatalogTable, table: String, path: String, naming: Naming
    ) {
      guard !entries.isEmpty else { return }
      files.append(path)
      let format = URL(fileURLWithPath: path).pathExtension
      defer { folderFiles[path] = (format, naming) }
      guard var current = tables[table] else {
        tables[table] = entries
        return
      }
      tables[table] = nil  // uniquely referenced while merging
      var clashes: [(key: String, other: String, location: SourceLocation)] = []
      current.merge(entries) { key, other, location in
        if other != path, let known = folderFiles[other],
          known.format != format || known.naming != naming
        {
          clashes.append((key, other, location))
        }
      }
      // In the file's order, each where the file has it.
      for (key, other, location) in clashes.sorted(by: { $0.location < $1.location }) {
        diagnostics.append(
          Diagnostic(
            file: path, location: location, severity: .warning,
            kind: .keyInSeveralFormats(key, otherFile: other)))
      }
      tables[table] = current
    }

    mutating func unreadable(_ path: String, _ error: any Error) {
      diagnostics.append(
        Diagnostic(
          file: path, location: SourceLocation(line: 1, column: 1), severity: .error,
          kind: .unreadableFile(reason: error.localizedDescription)))
    }
  }
}

extension CatalogTable {
  /// The entries of one file, later ones winning.
  init(_ entries: [ParsedEntry], file: String) {
    self.init(minimumCapacity: entries.count)
    for entry in entries {
      insert(
        entry.key, message: entry.message, file: file, location: entry.location,
        sourcePlural: entry.sourcePlural)
    }
  }
}
