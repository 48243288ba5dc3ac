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

    /// A shown text.
    public init(
      text: String, message: String = "", replaced: String = "", isToolkitItem: Bool = false,
      isOwnModel: Bool = false, group: Int = 0, declared: Set<String> = []
    ) {
      self.text = text
      self.message = message
      self.replaced = replaced
      self.isOwnModel = isOwnModel
      self.declared = declared
      self.isToolkitItem = isToolkitItem
      self.group = group
    }
  }

  /// What a switch does to each text, and what it leaves.
  public struct Plan: Sendable {
    /// A text to set: its index among the texts planned, the new text and the message to
    /// remember there.
    public struct Change: Hashable, Sendable {
      /// The text's index among those planned.
      public let index: Int
      /// Its new text.
      public let text: String
      /// The message to remember at its place (`Retranslator.ShownMessage.encoded`).
      public let message: String
      /// The recipe to remember there (`Retranslator.Recipe.encoded`, `toolkitItem`
      /// for a toolkit item), or empty.
      public let recipe: String
    }

    /// A text left as it is, and why.
    public struct Left: Hashable, Sendable {
      /// The text's index among those planned.
      public let index: Int
      /// The text, as shown.
      public let text: String
      /// Why it is left.
      public let reason: Retranslator.Unresolved
      /// The recipe to remember there, or empty: a text no catalog has, the rows of a
      /// list column left whole and a text several messages show are kept as they are
      /// (`Retranslator.Recipe.kept`), so that the next switch does not decide them
      /// again while they show the same (the program makes it alone); a row added to
      /// such a column has none, and the column is decided again, whole.
      public let recipe: String
      /// What to remember there, or empty: a text of the catalogs left as it is (several
      /// messages show it) remembers the language it is in (`ProgramCatalogs.leftMark`),
      /// so that a later switch decides it in that language, not as the user's data.
      public let message: String

      init(index: Int, text: Text, reason: Retranslator.Unresolved, shownIn language: LanguageTag) {
        self.index = index
        self.text = text.text
        self.reason = reason
        switch reason {
        case .ambiguous: message = ProgramCatalogs.leftMark(language)
        case .cannotRender: message = ProgramCatalogs.leftMark(language)
        case .unknown, .sharedColumn, .ownModel: message = ""
        }
        let kept: Bool
        switch reason {
        case .unknown, .sharedColumn, .ambiguous, .ownModel: kept = !text.isToolkitItem
        case .cannotRender: kept = false
        }
        recipe = kept ? Retranslator.Recipe.kept(text.text).encoded ?? "" : ""
      }
    }

    /// The language switched to, as found among the catalogs.
    public let language: LanguageTag
    /// gettext's names for it and its fallbacks: the program's new `LANGUAGE`.
    public let gettextLanguages: [String]
    /// Right to left (Arabic, Hebrew, Persian…).
    public let isRightToLeft: Bool
    /// The texts to set.
    public let changes: [Change]
    /// The texts left as they are.
    public let left: [Left]
  }

  /// What a place remembers of a text of the catalogs a switch left as it is: the
  /// language it is shown in (`?de`), for the next switch to decide it in.
  public static func leftMark(_ language: LanguageTag) -> String { "?" + language.identifier }

  /// The language `leftMark` wrote into `message`, or nil.
  public static func leftLanguage(of message: String) -> LanguageTag? {
    guard message.hasPrefix("?") else { return nil }
    return try? LanguageTag(String(message.dropFirst()))
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

  /// The catalogs of a program that has `catalogPaths` open (`…/<lang>/LC_MESSAGES/<domain>.mo`)
  /// and the default domain `textDomain`, bound to `textDomainDirectory` (empty for none);
  /// `systemFolders` are where the toolkit's catalogs lie (by default the system's).
  /// A folder that does not exist is left out.
  ///
  /// - Throws: `LocalizerError.resources` when a catalog folder cannot be read.
  public init(
    catalogPaths: [String], textDomain: String, textDomainDirectory: String,
    systemFolders: [URL] = TranslationSources.systemLocaleFolders()
  ) throws(LocalizerError) {
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
    LanguageNegotiator.negotiate(
      requested: [requested], available: installedLanguages, default: nil
    ).languages.first
  }

  /// gettext's names for `language` and its fallbacks among the catalogs: `pt_BR:pt`.
  /// The development language has none: its texts are the msgids, as a fresh start in
  /// `en` shows them, not a British English catalog's.
  public func gettextLanguages(for language: LanguageTag) -> [String] {
    guard language != localizer.developmentLanguage else { return [language.gettextLocaleName] }
    let chain = LanguageNegotiator.negotiate(
      requested: [language], available: installedLanguages,
      default: localizer.developmentLanguage)
    let names = chain.languages.map(\.gettextLocaleName)
    return names.isEmpty ? [language.gettextLocaleName] : names
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

  /// What each of `texts`, shown in `source`, becomes in `target`, and what is left.
  ///
  /// A text a switch left (several messages showed it; its place remembers the
  /// language, `Plan.Left.message`) is decided in that language; one the program set
  /// again itself from a copy of its own after a switch (`Text.replaced`) in the
  /// language shown, `earlier` (the languages the program showed, the latest first) or
  /// `target`, whichever has it, the message remembered at its place first.
  ///
  /// - Throws: `LocalizerError` when no domain of the program has a catalog in `target`
  ///   and it is not the development language.
  public func plan(
    _ texts: [Text], from source: LanguageTag, to target: LanguageTag,
    earlier: [LanguageTag] = []
  ) throws(LocalizerError) -> Plan {
    let (language, gettext, isRightToLeft) = destination(of: target)
    guard source != language else {
      // Nothing to retranslate; gettext and the direction are set again all the same.
      return Plan(
        language: language, gettextLanguages: gettext, isRightToLeft: isRightToLeft,
        changes: [], left: [])
    }
    let retranslator = try Retranslator(
      localizer: localizer, tables: domains, from: source, to: language,
      fallbacks: fallbacks(for: language), msgidsOf: earlier)
    let before = EarlierLanguages(
      catalogs: self, languages: earlier + [language, localizer.developmentLanguage],
      target: language)
    var changes: [Plan.Change] = []
    var left: [Plan.Left] = []
    // A menu shows one text in many places: each text and remembered message is decided once.
    var decided: [Text: (outcome: Retranslator.Outcome, language: LanguageTag)] = [:]
    for (index, text) in texts.enumerated() {
      if text.isToolkitItem {
        changes.append(
          Plan.Change(
            index: index, text: text.text, message: "",
            recipe: Retranslator.Recipe.toolkitItem))
        continue
      }
      let result: (outcome: Retranslator.Outcome, language: LanguageTag)
      if let known = decided[text] {
        result = known
      } else {
        result =
          before.decide(text, shownIn: source)
          ?? (
            retranslator.retranslate(
              text.text, remembered: Retranslator.ShownMessage(encoded: text.message),
              declared: text.declared), source
          )
        decided[text] = result
      }
      var outcome = result.outcome
      // A text of the catalogs in the program's own model: said, not set.
      if text.isOwnModel, outcome.isCatalogText { outcome = .failure(.ownModel) }
      switch outcome {
      case .success(let (value, message, recipe)):
        changes.append(
          Plan.Change(
            index: index, text: value, message: message?.encoded ?? "",
            recipe: recipe?.encoded ?? ""))
      case .failure(let reason):
        left.append(Plan.Left(index: index, text: text, reason: reason, shownIn: result.language))
      }
    }
    // A list column with a text no catalog has holds the user's data: it is left whole.
    // A row left for another reason (several messages show it) is a catalog's text all
    // the same, and the other rows are switched.
    let broken = Set(left.filter { $0.reason == .unknown }.map { texts[$0.index].group })
      .subtracting([0])
    if !broken.isEmpty {
      for change in changes where broken.contains(texts[change.index].group) {
        left.append(
          Plan.Left(
            index: change.index, text: texts[change.index], reason: .sharedColumn,
            shownIn: source))
      }
      changes.removeAll { broken.contains(texts[$0.index].group) }
      left.sort { $0.index < $1.index }
    }
    return Plan(
      language: language, gettextLanguages: gettext, isRightToLeft: isRightToLeft,
      changes: changes, left: left)
  }
}

extension Result
where
  Success == (text: String, message: Retranslator.ShownMessage?, recipe: Retranslator.Recipe?),
  Failure == Retranslator.Unresolved
{
  /// Whether the text is one of the catalogs' (decided, or shown by several messages).
  fileprivate var isCatalogText: Bool {
    switch self {
    case .success, .failure(.ambiguous), .failure(.cannotRender): true
    case .failure(.unknown), .failure(.sharedColumn), .failure(.ownModel): false
    }
  }
}

/// The languages a program showed before the one it shows, for the texts of one of
/// them that a switch left or the program set again (`ProgramCatalogs.plan`): a
/// retranslator from each to the target, made when first asked.
private final class EarlierLanguages {
  let catalogs: ProgramCatalogs
  /// The languages the program showed before, the latest first, and the target.
  let languages: [LanguageTag]
  let target: LanguageTag
  private var retranslators: [LanguageTag: Retranslator?] = [:]

  init(catalogs: ProgramCatalogs, languages: [LanguageTag], target: LanguageTag) {
    self.catalogs = catalogs
    var unique: [LanguageTag] = []
    for language in languages where !unique.contains(language) { unique.append(language) }
    self.languages = unique
    self.target = target
  }

  private func retranslator(from language: LanguageTag) -> Retranslator? {
    if let made = retranslators[language] { return made }
    let made = try? Retranslator(
      localizer: catalogs.localizer, tables: catalogs.domains, from: language, to: target,
      fallbacks: catalogs.fallbacks(for: target), msgidsOf: languages)
    retranslators[language] = made
    return made
  }

  /// `text` decided in the language it is known to be in, when it is known to be a
  /// text of the catalogs that the language shown (`shown`) may not have: one a switch
  /// left (its place remembers the language, `ProgramCatalogs.leftMark`), or one the
  /// program set again after a switch set a message there (`Text.replaced`), tried in
  /// each language the program showed and the target, the remembered message first.
  /// Nil for any other text, and where no such language has it: a text of no message
  /// may be the user's, and is never taken for one of another language on a guess.
  func decide(_ text: ProgramCatalogs.Text, shownIn shown: LanguageTag) -> (
    outcome: Retranslator.Outcome, language: LanguageTag
  )? {
    if let language = ProgramCatalogs.leftLanguage(of: text.message) {
      guard language != shown, let retranslator = retranslator(from: language) else {
        return nil
      }
      return (retranslator.retranslate(text.text, declared: text.declared), language)
    }
    guard let replaced = Retranslator.ShownMessage(encoded: text.replaced) else { return nil }
    var found: (outcome: Retranslator.Outcome, language: LanguageTag)?
    for language in [shown] + languages.filter({ $0 != shown }) {
      guard let retranslator = retranslator(from: language) else { continue }
      let outcome = retranslator.retranslateWhole(
        text.text, remembered: nil, declared: text.declared)
      switch outcome {
      case .failure(.unknown): continue
      case .success(let (_, message, _)) where message?.match.key == replaced.match.key:
        return (outcome, language)
      case .failure(.ambiguous(let candidates)):
        // The message the switch set there, when it is one of them, decides.
        if let chosen = candidates.first(where: {
          $0.table == replaced.table && $0.match.key == replaced.match.key
        }) {
          return (retranslator.retranslate(text.text, remembered: chosen), language)
        }
        if found == nil { found = (outcome, language) }
      default:
        if found == nil { found = (outcome, language) }
      }
    }
    return found
  }
}
