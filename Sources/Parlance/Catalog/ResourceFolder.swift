import Foundation

/// A resources folder as an app or a translator ships it:
///
/// ```
/// Resources/
///   en.lproj/Localizable.strings       Apple strings
///   en.lproj/Localizable.stringsdict   Apple plurals
///   ru.lproj/Errors.strings            any table name
///   Base.lproj/Localizable.strings     used under the development language
///   Localizable.xcstrings              String Catalog: many languages, one table
///   po/ru.po                           gettext, for the table `Localizable`
///   ru_Localizable.plist               plain property list, `<tag>_<Table>.plist`
///   ru.lproj/Errors.plist              … or in a language folder
///   ja.lproj/banner.png                a localized resource
///   banner.png                         the unlocalized one
/// ```
///
/// Scanning reads folder and file names, and the String Catalogs (they say which
/// languages they hold); the other files are read when a language is loaded. Which
/// files are catalogs, and what their names say, is `CatalogFormatRegistry`' to answer.
public struct ResourceFolder: Sendable {
  /// A catalog file of the folder, and what its name and place say.
  public struct CatalogFile: Sendable {
    /// Where it is.
    public let url: URL
    /// How to read it.
    public let format: any CatalogFormat
    /// Its language; nil for a file of many languages (a String Catalog).
    public let language: LanguageTag?
    /// The table its entries belong to.
    public let table: String
  }

  /// A String Catalog of the folder, read and checked when the folder is scanned; the
  /// messages of a language are built when it is loaded.
  public struct StringCatalog: Sendable {
    /// The table it holds, its file name without the extension.
    public let table: String
    /// Where it is.
    public let url: URL
    /// Its contents as read when the folder was scanned.
    public let catalog: XCStringsCatalog
  }

  /// The folder.
  public let url: URL
  /// The `.lproj` folders of each language (`zh-CN.lproj` and `zh_CN.lproj` are one
  /// language), sorted by name.
  public let languageFolders: [LanguageTag: [URL]]
  /// `Base.lproj`, if present.
  public let baseFolder: URL?
  /// `po/<tag>.po` (or `.mo`) files, for the table `gettextTable`; in an installed locale
  /// folder, each language's `LL/LC_MESSAGES/DOMAIN.mo`.
  public let gettextFiles: [LanguageTag: [URL]]
  /// The table the gettext files fill: `Localizable`, or an installed folder's domain.
  public let gettextTable: String
  /// `<tag>_<Table>.<ext>` files at the top of the folder (`ru_Localizable.plist`), by
  /// language, sorted by name.
  package let prefixedFiles: [LanguageTag: [CatalogFile]]
  /// `*.xcstrings` files at the top of the folder.
  package let stringCatalogs: [StringCatalog]
  /// Names that are not language tags (skipped, never turned into paths) and problems
  /// of the String Catalogs.
  public let diagnostics: [Diagnostic]
  /// The folder's files as parsed, reused while unchanged on disk: loading a language
  /// does not read a String Catalog again that scanning just read, and a reload parses
  /// only the files that changed. Shared by copies of the folder.
  let cache = ParsedFileCache()

  /// Parsed files this folder keeps for reloads (tests of eviction).
  package var parsedFileCount: Int { cache.count }

  /// How a folder holds its translations.
  public enum Layout: Hashable, Sendable {
    /// `.lproj` folders, String Catalogs, `po/<tag>.po` (see the type's description).
    case resources
    /// A gettext project's `po/` folder: `<tag>.po` files at its top (`de.po`,
    /// `zh_CN.po`, `sr@latin.po`), or `<tag>.mo` where there is no `.po` of the
    /// language, for the table `Localizable`.
    case gettext
    /// A locale folder of installed programs (`/usr/share/locale`): the compiled catalog
    /// of text domain `domain` in each language's folder, `LL/LC_MESSAGES/<domain>.mo`,
    /// the languages named as gettext names them (`de`, `pt_BR`, `sr@latin` is sr-Latn,
    /// `zh_CN` zh-Hans; see `LanguageTag(gettextLocale:)`), for the table `domain`.
    case installed(domain: String)
  }

  /// Scans `url`; throws `ResourceError.missingFolder` when it is not a folder, and
  /// `.invalidDomain` for an installed layout's domain that is no file name.
  ///
  /// `gettextTable` names the table its gettext files fill (`Localizable` by default; an
  /// installed layout's is its domain): a `po/` folder of a program's text domain fills
  /// the domain's table, with its installed catalogs.
  public init(url: URL, layout: Layout = .resources, gettextTable: String? = nil)
    throws(ResourceError)
  {
    self.url = url
    if case .installed(let domain) = layout {
      guard Self.isDomainName(domain) else { throw ResourceError.invalidDomain(domain) }
      let names = try Self.contents(of: url, required: true)
      self.languageFolders = [:]
      self.baseFolder = nil
      self.gettextFiles = Self.installedFiles(in: url, names: names, domain: domain)
      self.gettextTable = gettextTable ?? domain
      self.prefixedFiles = [:]
      self.stringCatalogs = []
      self.diagnostics = []
      return
    }
    self.gettextTable = gettextTable ?? Localizer.defaultTable
    let names = try Self.contents(of: url, required: true)
    if layout == .gettext {
      var gettext: [LanguageTag: [URL]] = [:]
      var diagnostics: [Diagnostic] = []
      Self.addGettextFiles(in: url, names: names, to: &gettext, diagnostics: &diagnostics)
      self.languageFolders = [:]
      self.baseFolder = nil
      self.gettextFiles = gettext
      self.prefixedFiles = [:]
      self.stringCatalogs = []
      self.diagnostics = diagnostics
      return
    }
    var found = Self.scan(url, names: names, cache: cache)
    self.languageFolders = found.folders
    self.baseFolder = found.base
    self.gettextFiles = Self.poFolderFiles(in: url, diagnostics: &found.diagnostics)
    self.prefixedFiles = found.prefixed
    self.stringCatalogs = found.catalogs
    self.diagnostics = found.diagnostics
  }

  /// What a resources folder's entries are: language folders, the base folder, String
  /// Catalogs (read through `cache`), language-prefixed files, and why an entry is not
  /// used.
  private static func scan(_ url: URL, names: [String], cache: ParsedFileCache) -> (
    folders: [LanguageTag: [URL]], base: URL?, catalogs: [StringCatalog],
    prefixed: [LanguageTag: [CatalogFile]], diagnostics: [Diagnostic]
  ) {
    var folders: [LanguageTag: [URL]] = [:]
    var prefixed: [LanguageTag: [CatalogFile]] = [:]
    var base: URL?
    var diagnostics: [Diagnostic] = []
    var catalogs: [StringCatalog] = []
    for name in names {
      let item = url.appendingPathComponent(name, isDirectory: false)
      let format = CatalogFormatRegistry.format(forExtension: item.pathExtension)
      if CatalogFormatRegistry.isLanguageFolder(item) {
        let stem = item.deletingPathExtension().lastPathComponent
        if stem == CatalogFormatRegistry.baseFolderName {
          base = url.appendingPathComponent(name, isDirectory: true)
        } else if let tag = try? LanguageTag(stem) {
          folders[tag, default: []].append(url.appendingPathComponent(name, isDirectory: true))
        } else {
          diagnostics.append(Self.warning(item.path, .invalidLanguageFolder(name)))
        }
      } else if let format, format.placements.contains(.multilingual) {
        do {
          let catalog = try cache.stringCatalog(at: item)
          catalogs.append(
            StringCatalog(
              table: item.deletingPathExtension().lastPathComponent, url: item, catalog: catalog))
          diagnostics += catalog.diagnostics
        } catch {
          diagnostics.append(
            Diagnostic(
              file: item.path, location: SourceLocation(line: 1, column: 1), severity: .error,
              kind: .unreadableFile(reason: error.localizedDescription)))
        }
      } else if let format, format.placements.contains(.languagePrefixed),
        let (tag, table) = CatalogFormatRegistry.languageAndTable(inFileName: name)
      {
        prefixed[tag, default: []].append(
          CatalogFile(url: item, format: format, language: tag, table: table))
      }
    }
    return (folders, base, catalogs, prefixed, diagnostics)
  }

  /// The gettext files of the `po/` folder in `url`, if it has one.
  private static func poFolderFiles(in url: URL, diagnostics: inout [Diagnostic])
    -> [LanguageTag: [URL]]
  {
    var gettext: [LanguageTag: [URL]] = [:]
    let poFolder = url.appendingPathComponent(
      CatalogFormatRegistry.gettextFolderName, isDirectory: true)
    var poNames: [String] = []
    do {
      poNames = try Self.contents(of: poFolder, required: false)
    } catch {
      diagnostics.append(
        Diagnostic(
          file: poFolder.path, location: SourceLocation(line: 1, column: 1), severity: .error,
          kind: .unreadableFile(reason: error.description)))
    }
    Self.addGettextFiles(in: poFolder, names: poNames, to: &gettext, diagnostics: &diagnostics)
    return gettext
  }

  /// The languages this folder has translations for, in any format.
  public var languages: [LanguageTag] {
    var all = Set(languageFolders.keys).union(gettextFiles.keys).union(prefixedFiles.keys)
    for catalog in stringCatalogs { all.formUnion(catalog.catalog.languages) }
    return all.sorted()
  }

  /// The development language a String Catalog declares, if any.
  public var sourceLanguage: LanguageTag? {
    stringCatalogs.lazy.compactMap(\.catalog.sourceLanguage).first
  }

  /// The folders to read for `language`: its own; for the development language, `Base`
  /// first so that its own files override it.
  func folders(for language: LanguageTag, isDevelopment: Bool) -> [URL] {
    var result: [URL] = []
    if isDevelopment, let baseFolder { result.append(baseFolder) }
    result += languageFolders[language] ?? []
    return result
  }

  /// Every catalog file of the folder, as it is on disk now (the language folders are
  /// listed again): in language folders (`Base.lproj` counting as the development
  /// language's, `language` nil), prefixed at the top, in the gettext folder, and the
  /// String Catalogs.
  public var catalogFiles: [CatalogFile] {
    var files: [CatalogFile] = []
    var languageFolders: [(language: LanguageTag?, url: URL)] = []
    for (tag, urls) in self.languageFolders {
      for url in urls { languageFolders.append((tag, url)) }
    }
    if let baseFolder { languageFolders.append((nil, baseFolder)) }
    for (language, folder) in languageFolders.sorted(by: { $0.url.path < $1.url.path }) {
      let names = (try? Self.contents(of: folder, required: false)) ?? []
      for name in names {
        let item = folder.appendingPathComponent(name, isDirectory: false)
        guard let format = CatalogFormatRegistry.format(of: item),
          format.placements.contains(.languageFolder)
        else { continue }
        files.append(
          CatalogFile(
            url: item, format: format, language: language,
            table: item.deletingPathExtension().lastPathComponent))
      }
    }
    files += prefixedFiles.keys.sorted().flatMap { prefixedFiles[$0] ?? [] }
    for (language, urls) in gettextFiles.sorted(by: { $0.key < $1.key }) {
      for url in urls {
        guard let format = CatalogFormatRegistry.format(forExtension: url.pathExtension) else {
          continue
        }
        files.append(CatalogFile(url: url, format: format, language: language, table: gettextTable))
      }
    }
    for catalog in stringCatalogs {
      guard let format = CatalogFormatRegistry.format(forExtension: catalog.url.pathExtension)
      else {
        continue
      }
      files.append(
        CatalogFile(url: catalog.url, format: format, language: nil, table: catalog.table))
    }
    return files
  }

  /// `.gettext` when gettext files of a language (`de.po`) lie at the top of `folder`,
  /// else `.resources`.
  public static func layout(of folder: URL) -> Layout {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.contains { isGettextFile($0) } ? .gettext : .resources
  }

  /// Whether `name` is named like a gettext file of a language (by its extension).
  private static func isGettextFile(_ name: String) -> Bool {
    let fileExtension = (name as NSString).pathExtension
    return CatalogFormatRegistry.all.contains {
      $0.placements.contains(.gettextFolder) && $0.claimsLanguageFile(withExtension: fileExtension)
    }
  }

  /// The gettext folder of the project a file (a `.ui`) belongs to: `po/` beside the
  /// file, else `po/` in the nearest folder above that has one with `.po` files (the
  /// project root). Example: `transmission/gtk/ui/gtk3/PrefsDialog.ui` →
  /// `transmission/po`.
  public static func gettextFolder(near file: URL) -> URL? {
    var folder = file.deletingLastPathComponent()
    while true {
      let candidate = folder.appendingPathComponent(
        CatalogFormatRegistry.gettextFolderName, isDirectory: true)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
        isDirectory.boolValue, layout(of: candidate) == .gettext
      {
        return candidate
      }
      let parent = folder.deletingLastPathComponent()
      if parent.path == folder.path || folder.path == "/" { return nil }
      folder = parent
    }
  }

  /// `<tag>.po` files of `folder` by language, and `<tag>.mo` files without a `.po`
  /// beside them (a `.mo` compiled from the `.po` would only repeat it, older); other
  /// names ending in `.po` or `.mo` are warned of.
  private static func addGettextFiles(
    in folder: URL, names: [String], to gettext: inout [LanguageTag: [URL]],
    diagnostics: inout [Diagnostic]
  ) {
    let present = Set(names)
    for name in names where isGettextFile(name) {
      let item = folder.appendingPathComponent(name, isDirectory: false)
      let stem = item.deletingPathExtension().lastPathComponent
      if item.pathExtension == "mo", present.contains(stem + ".po") { continue }
      if let tag = try? LanguageTag(stem) {
        gettext[tag, default: []].append(item)
      } else {
        diagnostics.append(Self.warning(item.path, .invalidLanguageFile(name)))
      }
    }
  }

  /// Whether `domain` can name a file: not empty, no `/`, not `.` or `..`.
  static func isDomainName(_ domain: String) -> Bool {
    !domain.isEmpty && domain != "." && domain != ".." && !domain.contains("/")
      && !domain.contains("\0")
  }

  /// `<name>/LC_MESSAGES/<domain>.mo` of each language folder `<name>` of `folder`;
  /// folders that are no language gettext knows (`locale.alias`, `en@quot`) are skipped.
  private static func installedFiles(
    in folder: URL, names: [String], domain: String
  ) -> [LanguageTag: [URL]] {
    var files: [LanguageTag: [URL]] = [:]
    // Paths as strings tried with access(2), a URL only for a file found: a system
    // folder has some 200 names to try for each of a program's domains.
    let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
    let file = "/LC_MESSAGES/" + domain + ".mo"
    for name in names {
      let path = base + name + file
      guard access(path, F_OK) == 0,
        let tag = LanguageTag(gettextLocale: name)
      else { continue }
      files[tag, default: []].append(URL(fileURLWithPath: path, isDirectory: false))
    }
    return files
  }

  private static func contents(of url: URL, required: Bool) throws(ResourceError) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      if required { throw ResourceError.missingFolder(url.path) }
      return []
    }
    do {
      return try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    } catch {
      throw ResourceError.unreadableFolder(url.path, reason: error.localizedDescription)
    }
  }

  private static func warning(_ path: String, _ kind: Diagnostic.Kind) -> Diagnostic {
    Diagnostic(
      file: path, location: SourceLocation(line: 1, column: 1), severity: .warning, kind: kind)
  }
}

/// A resources folder that cannot be used at all.
public enum ResourceError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The path is not a folder.
  case missingFolder(String)
  /// A text domain that cannot name a file (`../x`, empty).
  case invalidDomain(String)
  /// The folder cannot be listed, and why.
  case unreadableFolder(String, reason: String)

  /// The problem in a sentence naming the folder.
  public var description: String {
    switch self {
    case .missingFolder(let path): "resources folder '\(path)' does not exist"
    case .invalidDomain(let domain): "'\(domain)' is not a text domain (a file name without '/')"
    case .unreadableFolder(let path, let reason):
      "cannot read resources folder '\(path)': \(reason)"
    }
  }
}
