import Foundation

/// Where the translations of a program or an interface come from: gettext `po/`
/// folders, resources folders, the installed catalogs of text domains, and a
/// translator's working folder laid over them (later ones win key by key).
///
/// A folder given as gettext may hold `<tag>.po` files at its top (`de.po`, `zh_CN.po`,
/// `sr@latin.po`), or `<tag>.mo` ones; a resources folder has the `.lproj` layout (and
/// `po/`). The working folder may be either: it is a gettext folder when `.po` files lie
/// at its top. An installed domain (`gtk30`) is read from `LL/LC_MESSAGES/<domain>.mo`
/// in each locale folder, into the table named after the domain:
///
/// ```swift
/// let sources = TranslationSources(gettextDomains: ["gtk30"])   // the system's folders
/// let localizer = try sources.makeLocalizer(language: try LanguageTag("fr"))
/// localizer.string("_Cancel", table: "gtk30")                    // "_Annuler"
/// ```
public struct TranslationSources: Sendable {
  /// Folders holding `<tag>.po` files at their top.
  public var gettextFolders: [URL]
  /// Resources folders in the `.lproj` layout (and `po/`).
  public var resources: [URL]
  /// Text domains whose installed catalogs are read (`gtk30`, `transmission-gtk`).
  public var gettextDomains: [String]
  /// The locale folders installed domains are read from, later ones winning key by key.
  public var localeFolders: [URL]
  /// A translator's working folder laid over the others; nil for none.
  public var translations: URL?

  /// Sources from `gettextFolders`, `resources` and the installed `gettextDomains`, then
  /// `translations` over them.
  /// - Parameters:
  ///   - gettextFolders: folders holding `<tag>.po` files at their top.
  ///   - resources: resources folders in the `.lproj` layout.
  ///   - gettextDomains: text domains whose installed catalogs are read.
  ///   - localeFolders: where installed catalogs lie; by default the system's
  ///     (`systemLocaleFolders()`).
  ///   - translations: a translator's working folder laid over the others.
  public init(
    gettextFolders: [URL] = [], resources: [URL] = [], gettextDomains: [String] = [],
    localeFolders: [URL]? = nil, translations: URL? = nil
  ) {
    self.gettextFolders = gettextFolders
    self.resources = resources
    self.gettextDomains = gettextDomains
    self.localeFolders = localeFolders ?? Self.systemLocaleFolders()
    self.translations = translations
  }

  /// The table of the program's or interface's own texts: its first text domain (whose
  /// installed catalogs and `po/` folders fill it), else `Localizable`.
  public var textTable: String { gettextDomains.first ?? Localizer.defaultTable }

  /// Where GTK's own catalogs (`gtk30`) are looked for beside these sources: the
  /// system's locale folders, then `localeFolders` not among them.
  public var toolkitLocaleFolders: [URL] {
    let system = Self.systemLocaleFolders()
    return system + localeFolders.filter { !system.contains($0) }
  }

  /// The folders to watch for saves: the working folder and the gettext folders.
  public var watchedFolders: [URL] {
    (translations.map { [$0] } ?? []) + gettextFolders
  }

  /// The folders where installed programs' catalogs lie, as gettext programs install
  /// them: `share/locale` under each of `$XDG_DATA_DIRS` (default
  /// `/usr/local/share:/usr/share`), least important first, so that a later one (the
  /// first of `XDG_DATA_DIRS`, `/usr/local`) wins key by key; only folders that exist.
  public static func systemLocaleFolders(
    environment: [String: String] = ProcessEnvironment.variables()
  ) -> [URL] {
    let dataFolders =
      (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "/usr/local/share:/usr/share")
      .split(separator: ":").map(String.init)
    var seen: Set<String> = []
    var folders: [URL] = []
    for folder in (dataFolders + ["/usr/share"]).reversed() where folder.hasPrefix("/") {
      let locale = URL(fileURLWithPath: folder, isDirectory: true)
        .appendingPathComponent("locale", isDirectory: true).standardizedFileURL
      var isFolder: ObjCBool = false
      guard seen.insert(locale.path).inserted,
        FileManager.default.fileExists(atPath: locale.path, isDirectory: &isFolder),
        isFolder.boolValue
      else { continue }
      folders.append(locale)
    }
    return folders
  }

  /// The scanned folders, in the order they are laid over one another.
  ///
  /// - Throws: `ResourceError` when a folder does not exist or a domain is no file name.
  public func folders() throws(ResourceError) -> [ResourceFolder] {
    var folders: [ResourceFolder] = []
    for domain in gettextDomains {
      for url in localeFolders {
        folders.append(try ResourceFolder(url: url, layout: .installed(domain: domain)))
      }
    }
    for url in resources { folders.append(try ResourceFolder(url: url)) }
    for url in gettextFolders {
      folders.append(try ResourceFolder(url: url, layout: .gettext, gettextTable: textTable))
    }
    if let translations {
      folders.append(
        try ResourceFolder(
          url: translations, layout: ResourceFolder.layout(of: translations),
          gettextTable: textTable))
    }
    return folders
  }

  /// A localizer over every source, the keys being the msgids (development language
  /// `en` unless a String Catalog says otherwise), with the pseudo-locales.
  ///
  /// - Throws: `LocalizerError.resources` when a folder does not exist.
  public func makeLocalizer(
    language: LanguageTag? = nil, preferences: (any PreferenceStore)? = nil,
    environment: [String: String] = ProcessEnvironment.variables(),
    reporter: (any LocalizationReporter)? = nil
  ) throws(LocalizerError) -> Localizer {
    let folders: [ResourceFolder]
    do {
      folders = try self.folders()
    } catch {
      throw .resources(error)
    }
    return Localizer(
      folders: folders, language: language, preferences: preferences, environment: environment,
      reporter: reporter, pseudoLocales: true)
  }
}
