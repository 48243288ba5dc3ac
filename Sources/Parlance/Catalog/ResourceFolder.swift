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
///   ja.lproj/banner.png                a localized resource
///   banner.png                         the unlocalized one
/// ```
///
/// Scanning reads folder and file names, and the String Catalogs (they say which
/// languages they hold); the other files are read when a language is loaded.
public struct ResourceFolder: Sendable {
  /// A String Catalog of the folder, read and checked when the folder is scanned; the
  /// messages of a language are built when it is loaded.
  public struct StringCatalog: Sendable {
    public let table: String
    public let url: URL
    public let catalog: XCStringsCatalog
  }

  public let url: URL
  /// The `.lproj` folders of each language (`zh-CN.lproj` and `zh_CN.lproj` are one
  /// language), sorted by name.
  public let languageFolders: [LanguageTag: [URL]]
  /// `Base.lproj`, if present.
  public let baseFolder: URL?
  /// `po/<tag>.po` files, for the table `Localizable`.
  public let gettextFiles: [LanguageTag: [URL]]
  /// `*.xcstrings` files at the top of the folder.
  public let stringCatalogs: [StringCatalog]
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
  public enum Layout: Sendable {
    /// `.lproj` folders, String Catalogs, `po/<tag>.po` (see the type's description).
    case resources
    /// A gettext project's `po/` folder: `<tag>.po` files at its top (`de.po`,
    /// `zh_CN.po`, `sr@latin.po`), for the table `Localizable`.
    case gettext
  }

  /// Scans `url`; throws `ResourceError.missingFolder` when it is not a folder.
  public init(url: URL, layout: Layout = .resources) throws(ResourceError) {
    self.url = url
    let names = try Self.contents(of: url, required: true)
    if layout == .gettext {
      var gettext: [LanguageTag: [URL]] = [:]
      var diagnostics: [Diagnostic] = []
      Self.addGettextFiles(in: url, names: names, to: &gettext, diagnostics: &diagnostics)
      self.languageFolders = [:]
      self.baseFolder = nil
      self.gettextFiles = gettext
      self.stringCatalogs = []
      self.diagnostics = diagnostics
      return
    }
    var folders: [LanguageTag: [URL]] = [:]
    var base: URL?
    var diagnostics: [Diagnostic] = []
    var catalogs: [StringCatalog] = []
    for name in names {
      let item = url.appendingPathComponent(name, isDirectory: false)
      if name.hasSuffix(".lproj") {
        let stem = String(name.dropLast(".lproj".count))
        if stem == "Base" {
          base = url.appendingPathComponent(name, isDirectory: true)
        } else if let tag = try? LanguageTag(stem) {
          folders[tag, default: []].append(url.appendingPathComponent(name, isDirectory: true))
        } else {
          diagnostics.append(Self.warning(item.path, .invalidLanguageFolder(name)))
        }
      } else if name.hasSuffix(".xcstrings") {
        do {
          let catalog = try cache.stringCatalog(at: item)
          catalogs.append(
            StringCatalog(
              table: String(name.dropLast(".xcstrings".count)), url: item, catalog: catalog))
          diagnostics += catalog.diagnostics
        } catch {
          diagnostics.append(
            Diagnostic(
              file: item.path, location: SourceLocation(line: 1, column: 1), severity: .error,
              kind: .unreadableFile(reason: error.localizedDescription)))
        }
      }
    }
    var gettext: [LanguageTag: [URL]] = [:]
    let poFolder = url.appendingPathComponent("po", isDirectory: true)
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
    self.languageFolders = folders
    self.baseFolder = base
    self.gettextFiles = gettext
    self.stringCatalogs = catalogs
    self.diagnostics = diagnostics
  }

  /// The languages this folder has translations for, in any format.
  public var languages: [LanguageTag] {
    var all = Set(languageFolders.keys).union(gettextFiles.keys)
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

  /// `.gettext` when `.po` files lie at the top of `folder`, else `.resources`.
  public static func layout(of folder: URL) -> Layout {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.contains { $0.hasSuffix(".po") } ? .gettext : .resources
  }

  /// The gettext folder of the project a file (a `.ui`) belongs to: `po/` beside the
  /// file, else `po/` in the nearest folder above that has one with `.po` files (the
  /// project root). Example: `transmission/gtk/ui/gtk3/PrefsDialog.ui` →
  /// `transmission/po`.
  public static func gettextFolder(near file: URL) -> URL? {
    var folder = file.deletingLastPathComponent()
    while true {
      let candidate = folder.appendingPathComponent("po", isDirectory: true)
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

  /// `<tag>.po` files of `folder` by language; other names ending in `.po` are warned of.
  private static func addGettextFiles(
    in folder: URL, names: [String], to gettext: inout [LanguageTag: [URL]],
    diagnostics: inout [Diagnostic]
  ) {
    for name in names where name.hasSuffix(".po") {
      let item = folder.appendingPathComponent(name, isDirectory: false)
      if let tag = try? LanguageTag(String(name.dropLast(".po".count))) {
        gettext[tag, default: []].append(item)
      } else {
        diagnostics.append(Self.warning(item.path, .invalidLanguageFile(name)))
      }
    }
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
  case missingFolder(String)
  case unreadableFolder(String, reason: String)

  public var description: String {
    switch self {
    case .missingFolder(let path): "resources folder '\(path)' does not exist"
    case .unreadableFolder(let path, let reason):
      "cannot read resources folder '\(path)': \(reason)"
    }
  }
}
