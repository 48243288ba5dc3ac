import Foundation

/// The installed catalogs of a running gettext program, and what the texts it shows
/// become in another language: the controller's half of switching a program that knows
/// nothing of Parlance (docs/LIVE.md). No toolkit in it: the texts come in as
/// strings, the decisions go out as strings.
///
/// ```swift
/// let catalogs = ProgramCatalogs(
///   catalogPaths: ["/usr/share/locale/de/LC_MESSAGES/mousepad.mo",
///                  "/usr/share/locale/de/LC_MESSAGES/gtk30.mo"],
///   textDomain: "mousepad", textDomainDirectory: "/usr/share/locale")
/// catalogs.domains                                   // ["mousepad", "gtk30", "glib20"]
/// let plan = try catalogs.plan(
///   [.init(text: "_Datei"), .init(text: "3 Dateien")], from: de, to: fr)
/// plan.changes.map(\.text)                           // ["_Fichier", "3 fichiers"]
/// ```
///
/// The program's domains are those it has catalogs open of (glibc maps each `.mo` it
/// reads) and its default domain, most likely first: its default domain, the others it
/// opened, then the toolkit's (`gtk30`, `glib20`), which a program's own catalog
/// overrides where both translate a text. Catalogs that hold no texts a user sees
/// (`gtk30-properties`: the names of GObject properties) are left out.
public final class ProgramCatalogs: Sendable {
  /// A text the program shows, as its module read it.
  public struct Text: Hashable, Sendable {
    /// The text shown (markup and mnemonic included).
    public let text: String
    /// What a switch remembered at its place (`Retranslator.ShownMessage.encoded`),
    /// or empty.
    public let message: String
    /// The text is a toolkit item the toolkit translates itself (a GTK stock button):
    /// it is set again as it is.
    public let isToolkitItem: Bool
    /// The text is a row of a model the program keeps itself: read, never set.
    public let isOwnModel: Bool
    /// What a switch remembered at its place before the program set the text again
    /// itself (from a copy of its own: Python's gettext, a cache), or empty: the message
    /// the text may still be, in a language the program showed before.
    public let replaced: String
    /// The catalog keys the program's interface file gives the text's place (a
    /// GtkBuilder id's property), or none: they decide between several messages.
    public let declared: Set<String>
    /// Texts with the same group (not 0) are the rows of one list column, a combo box's
    /// items: a column that holds one text no catalog has holds the user's data (folder
    /// names, devices), which must stay as it is, and is left whole; a row several
    /// messages show is a catalog's text, and leaves only itself.
    public let group: Int
    /// The text is set as Pango markup (a list column's `markup`, a tooltip's): a name
    /// that no message gives is written for it (`&amp;`).
    public let isMarkup: Bool
    /// The text describes (a tooltip, an accessible's description) rather than names (a
    /// label, a title): GNOME writes the one as a sentence ("Move page up") and the other
    /// in header capitalization ("Move Page Up"), which decides between two messages
    /// that differ in capitals alone.
    public let isDescription: Bool

    /// A shown text.
    public init(
      text: String, message: String = "", replaced: String = "", isToolkitItem: Bool = false,
      isOwnModel: Bool = false, group: Int = 0, declared: Set<String> = [], isMarkup: Bool = false,
      isDescription: Bool = false
    ) {
      self.text = text
      self.isMarkup = isMarkup
      self.isDescription = isDescription
      self.message = message
      self.replaced = replaced
      self.isOwnModel = isOwnModel
      self.declared = declared
      self.isToolkitItem = isToolkitItem
      self.group = group
    }
  }

  /// Text domains that hold no texts a user sees.
  public static let unshownDomains: Set<String> = ["gtk30-properties", "gtk20-properties", "libc"]
  /// The toolkit's domains, after the program's own.
  public static let toolkitDomains = ["gtk30", "glib20"]

  /// The program's text domains, most likely first.
  public let domains: [String]
  /// The locale folders the catalogs lie in, least important first.
  public let localeFolders: [URL]
  /// The catalogs of `domains` in every language installed.
  public let localizer: Localizer
  /// The names installed desktop entries give applications and menus, for the texts no
  /// message shows (read at the first such text).
  public let desktopEntries: DesktopEntryNames

  /// The catalogs of a program that has `catalogPaths` open (`…/<lang>/LC_MESSAGES/<domain>.mo`)
  /// and the default domain `textDomain`, bound to `textDomainDirectory` (empty for none);
  /// `systemFolders` are where the toolkit's catalogs lie (by default the system's), and
  /// `desktopEntries` the names of applications and menus (by default the user's and the
  /// system's). A folder that does not exist is left out.
  ///
  /// - Throws: `LocalizerError.resources` when a catalog folder cannot be read.
  public init(
    catalogPaths: [String], textDomain: String, textDomainDirectory: String,
    systemFolders: [URL] = TranslationSources.systemLocaleFolders(),
    desktopEntries: DesktopEntryNames = .installed()
  ) throws(LocalizerError) {
    self.desktopEntries = desktopEntries
    var domains: [String] = []
    var folders = systemFolders
    func add(domain: String, folder: URL?) {
      if !domains.contains(domain), !Self.unshownDomains.contains(domain) {
        domains.append(domain)
      }
      if let folder = folder?.standardizedFileURL, !folders.contains(folder),
        FileManager.default.fileExists(atPath: folder.path)
      {
        folders.append(folder)
      }
    }
    if !textDomain.isEmpty, textDomain != "messages" {
      add(
        domain: textDomain,
        folder: textDomainDirectory.hasPrefix("/")
          ? URL(fileURLWithPath: textDomainDirectory, isDirectory: true) : nil)
    }
    let opened = catalogPaths.compactMap(Self.catalog(at:))
    for catalog in opened where !Self.toolkitDomains.contains(catalog.domain) {
      add(domain: catalog.domain, folder: catalog.folder)
    }
    for domain in Self.toolkitDomains {
      add(domain: domain, folder: opened.first { $0.domain == domain }?.folder)
    }
    self.domains = domains
    localeFolders = folders
    localizer = try TranslationSources(gettextDomains: domains, localeFolders: folders)
      .makeLocalizer(environment: [:])
    // Asked several times a switch: each asks the loader to sort its languages again.
    installedLanguages = localizer.availableLanguages.filter { PseudoLocale($0) == nil }
    languages = Self.languages(of: localizer, domains: domains, installed: installedLanguages)
  }

  /// The domain, locale folder and language of the catalog at `path`
  /// (`/usr/share/locale/pt_BR/LC_MESSAGES/gtk30.mo` → gtk30, /usr/share/locale, pt-BR).
  public static func catalog(at path: String) -> (
    domain: String, folder: URL, language: LanguageTag
  )? {
    let url = URL(fileURLWithPath: path)
    guard url.pathExtension == "mo" else { return nil }
    let messages = url.deletingLastPathComponent()
    let languageFolder = messages.deletingLastPathComponent()
    guard messages.lastPathComponent == "LC_MESSAGES",
      let language = LanguageTag(gettextLocale: languageFolder.lastPathComponent)
    else { return nil }
    return (
      url.deletingPathExtension().lastPathComponent,
      languageFolder.deletingLastPathComponent(), language
    )
  }

  /// The languages with a catalog of any of the domains (no pseudo-locale: a program
  /// has no catalog of its own for one, and what it makes later would not follow).
  public let installedLanguages: [LanguageTag]

  /// The languages the program has catalogs of: those of its first domain, else of
  /// any, the development language included.
  ///
  /// Known from the files in the locale folders, without reading them: a switch asks
  /// this of a program with some 50 languages, and reading each one's catalogs first
  /// took most of the switch.
  public let languages: [LanguageTag]

  private static func languages(
    of localizer: Localizer, domains: [String], installed installedLanguages: [LanguageTag]
  ) -> [LanguageTag] {
    let own = domains.first.map { domain in
      let files = Set(
        localizer.loader.folders.filter { $0.gettextTable == domain }.flatMap {
          $0.gettextFiles.keys
        })
      return installedLanguages.filter { files.contains($0) }
    }
    let languages = own.flatMap { $0.isEmpty ? nil : $0 } ?? installedLanguages
    let development = localizer.developmentLanguage
    return [development] + languages.filter { $0 != development }
  }

  /// The language a program shows whose gettext `LANGUAGE` is `gettextLanguages`: the
  /// first of them with a catalog of its first domain (of any, when none has one), else
  /// the development language.
  public func shownLanguage(gettextLanguages: [String]) -> LanguageTag {
    // Asked for every language a program showed at each switch (its history): each
    // `LANGUAGE` negotiated once.
    Self.remembered(gettextLanguages, in: shownLanguages) {
      negotiatedShownLanguage(gettextLanguages: gettextLanguages)
    }
  }

  /// The value `cache` holds for `key`, else the one `make` gives, kept there. The
  /// answers of the negotiations below: asked of each language at each switch and each
  /// picture's report, they depend on the catalogs alone.
  private static func remembered<Key: Hashable, Value>(
    _ key: Key, in cache: Lock<[Key: Value]>, _ make: () -> Value
  ) -> Value {
    if let known = cache.withLock({ $0[key] }) { return known }
    let value = make()
    cache.withLock { $0[key] = value }
    return value
  }

  /// The language each `LANGUAGE` asked of `shownLanguage` was found to show.
  private let shownLanguages = Lock<[[String]: LanguageTag]>([:])

  private func negotiatedShownLanguage(gettextLanguages: [String]) -> LanguageTag {
    let tags = gettextLanguages.compactMap(LanguageTag.init(gettextLocale:))
    let available = installedLanguages
    let own = languages
    for candidates in [own, available] {
      for tag in tags {
        if let found = LanguageNegotiator.negotiate(
          requested: [tag], available: candidates, default: nil
        ).languages.first {
          return found
        }
      }
    }
    return localizer.developmentLanguage
  }

  /// The catalogs' language for `requested` (`fr-FR` → `fr`), or nil when no domain of
  /// the program has one (and it is not the development language).
  public func language(for requested: LanguageTag) -> LanguageTag? {
    Self.remembered(requested, in: catalogLanguages) {
      LanguageNegotiator.negotiate(
        requested: [requested], available: installedLanguages, default: nil
      ).languages.first
    }
  }

  /// What `language(for:)` found for each language asked.
  private let catalogLanguages = Lock<[LanguageTag: LanguageTag?]>([:])
  /// What `gettextLanguages(for:)` found for each language asked.
  private let gettextNames = Lock<[LanguageTag: [String]]>([:])

  /// gettext's names for `language` and its fallbacks among the catalogs: `pt_BR:pt`.
  /// The development language has none: its texts are the msgids, as a fresh start in
  /// `en` shows them, not a British English catalog's.
  public func gettextLanguages(for language: LanguageTag) -> [String] {
    guard language != localizer.developmentLanguage else { return [language.gettextLocaleName] }
    return Self.remembered(language, in: gettextNames) {
      let names = LanguageNegotiator.negotiate(
        requested: [language], available: installedLanguages,
        default: localizer.developmentLanguage
      ).languages.map(\.gettextLocaleName)
      return names.isEmpty ? [language.gettextLocaleName] : names
    }
  }

  /// Where a message `language` does not translate is taken from, in order, as gettext
  /// falls back along `LANGUAGE`: `pt` after `pt-BR`.
  public func fallbacks(for language: LanguageTag) -> [LanguageTag] {
    Array(
      LanguageNegotiator.negotiate(
        requested: [language], available: installedLanguages, default: nil
      )
      .languages.dropFirst())
  }

  /// The language a switch to `target` shows (the catalog's language that answers for
  /// it, or the development language), gettext's names for it with its fallbacks, and
  /// whether it is written right to left.
  public func destination(of target: LanguageTag) -> (
    language: LanguageTag, gettextLanguages: [String], isRightToLeft: Bool
  ) {
    let development = localizer.developmentLanguage
    let language = target == development ? development : language(for: target) ?? target
    return (language, gettextLanguages(for: language), language.direction == .rightToLeft)
  }
}
