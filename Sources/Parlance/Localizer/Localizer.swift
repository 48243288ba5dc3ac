import Foundation

/// The live localization state of a program: the chosen language's catalogs, switched
/// atomically at run time.
///
/// A `Localizer` holds one immutable snapshot (fallback chain + catalogs). Lookups read
/// the snapshot and are safe from any thread, also during a switch. A switch negotiates
/// the new chain, loads and validates what it lacks, then swaps the snapshot in one
/// step and notifies every observer once; a failed load leaves everything as it was.
/// Switches are serialized; lookups never wait for one, never write memory another
/// thread reads (they scale across threads like a shared dictionary), and a lookup
/// paused for any length of time still reads a live snapshot (see `SnapshotCell`).
///
/// Build one in `main` and pass it down; `LocalizationSystem.bootstrap(_:)` can make it
/// the process-wide default for `localized(_:)`.
public final class Localizer: Sendable {
  /// The table of keys given without a table, as in Apple's `NSLocalizedString`.
  public static let defaultTable = "Localizable"

  /// How many distinct problems (missing keys, render problems) are reported before
  /// further new ones are only counted: keys built at run time must not grow memory
  /// without bound.
  public static let reportLimit = 4096

  /// The language the keys and unlocalized resources are written in.
  public let developmentLanguage: LanguageTag
  /// The folders catalogs are read from, later ones overriding earlier ones.
  public let loader: CatalogLoader
  /// How messages render (bidi isolation of inserted values, markers for problems).
  public let renderOptions: RenderOptions

  let store: (any PreferenceStore)?
  let reporter: (any LocalizationReporter)?
  let environment: [String: String]
  let probe: LookupProbe?
  /// The active snapshot: read by every lookup, replaced by switches and reloads.
  let current: SnapshotCell<Snapshot>
  /// Catalogs loaded so far, by language: replaced under `switching` by switches and
  /// reloads, and added to by `catalog(for:)` and `loadAhead` (a switch keeps what they
  /// added meanwhile).
  let catalogs: Lock<[LanguageTag: LanguageCatalog]>
  /// Serializes switches and reloads.
  let switching = Lock(())
  let observers = Lock(Observers())
  let reported = Lock(ReportedProblems())
  /// Translation indexes built so far (`translationIndex(for:table:)`).
  let indexes = Lock([TranslationIndexKey: TranslationIndex]())

  /// Opens the resources folders and activates the stored preference (or `language`).
  ///
  /// - Parameters:
  ///   - resources: folders in the `.lproj` layout; a later folder overrides an
  ///     earlier one key by key (a translator's working copy over the shipped files).
  ///   - developmentLanguage: the language of the keys; when nil, the `sourceLanguage`
  ///     of a String Catalog in the folders, else `en`.
  ///   - language: a language for this run only, overriding the stored preference
  ///     without changing it (`parlance --language de`).
  ///   - preferences: where the user's choice is kept; nil keeps it in memory only.
  ///   - environment: read for the system languages (`LANGUAGE`, `LC_ALL`, …).
  ///   - reporter: receives missing keys and catalog diagnostics, once each.
  ///   - renderOptions: how messages render (bidi isolation, problem markers).
  ///   - pseudoLocales: offer `en-XA` and `ar-XB` (see `PseudoLocale`).
  /// - Throws: `LocalizerError.resources` when a folder does not exist. Catalog
  ///   problems never throw here: what loads is used and the diagnostics are reported.
  public convenience init(
    resources: [URL],
    developmentLanguage: LanguageTag? = nil,
    language: LanguageTag? = nil,
    preferences: (any PreferenceStore)? = nil,
    environment: [String: String] = ProcessEnvironment.variables(),
    reporter: (any LocalizationReporter)? = nil,
    renderOptions: RenderOptions = RenderOptions(),
    pseudoLocales: Bool = false
  ) throws(LocalizerError) {
    try self.init(
      resources: resources, developmentLanguage: developmentLanguage, language: language,
      preferences: preferences, environment: environment, reporter: reporter,
      renderOptions: renderOptions, pseudoLocales: pseudoLocales, probe: nil)
  }

  /// `init(resources:…)` with a test's probe inside every lookup.
  package convenience init(
    resources: [URL],
    developmentLanguage: LanguageTag? = nil,
    language: LanguageTag? = nil,
    preferences: (any PreferenceStore)? = nil,
    environment: [String: String] = ProcessEnvironment.variables(),
    reporter: (any LocalizationReporter)? = nil,
    renderOptions: RenderOptions = RenderOptions(),
    pseudoLocales: Bool = false,
    probe: LookupProbe?
  ) throws(LocalizerError) {
    var folders: [ResourceFolder] = []
    for url in resources {
      do {
        folders.append(try ResourceFolder(url: url))
      } catch {
        throw .resources(error)
      }
    }
    self.init(
      folders: folders, developmentLanguage: developmentLanguage, language: language,
      preferences: preferences, environment: environment, reporter: reporter,
      renderOptions: renderOptions, pseudoLocales: pseudoLocales, probe: probe)
  }

  /// Uses folders already scanned, in any layout (a gettext `po/` folder beside
  /// resources folders); the other parameters are those of `init(resources:…)`.
  public convenience init(
    folders: [ResourceFolder],
    developmentLanguage: LanguageTag? = nil,
    language: LanguageTag? = nil,
    preferences: (any PreferenceStore)? = nil,
    environment: [String: String] = ProcessEnvironment.variables(),
    reporter: (any LocalizationReporter)? = nil,
    renderOptions: RenderOptions = RenderOptions(),
    pseudoLocales: Bool = false
  ) {
    self.init(
      folders: folders, developmentLanguage: developmentLanguage, language: language,
      preferences: preferences, environment: environment, reporter: reporter,
      renderOptions: renderOptions, pseudoLocales: pseudoLocales, probe: nil)
  }

  package init(
    folders: [ResourceFolder],
    developmentLanguage: LanguageTag? = nil,
    language: LanguageTag? = nil,
    preferences: (any PreferenceStore)? = nil,
    environment: [String: String] = ProcessEnvironment.variables(),
    reporter: (any LocalizationReporter)? = nil,
    renderOptions: RenderOptions = RenderOptions(),
    pseudoLocales: Bool = false,
    probe: LookupProbe?
  ) {
    let development =
      developmentLanguage ?? folders.lazy.compactMap(\.sourceLanguage).first ?? LanguageTag.english
    self.developmentLanguage = development
    self.loader = CatalogLoader(
      folders: folders, developmentLanguage: development, pseudoLocales: pseudoLocales)
    self.store = preferences
    self.reporter = reporter
    self.environment = environment
    self.renderOptions = renderOptions
    self.probe = probe

    let folderDiagnostics = folders.flatMap(\.diagnostics)
    if !folderDiagnostics.isEmpty { reporter?.report(.diagnostics(folderDiagnostics)) }
    if let reason = SystemICU.loadError { reporter?.report(.icuUnavailable(reason: reason)) }

    var preference = LanguagePreference.followSystem
    if let language {
      preference = .pinned(language)
    } else if let store = preferences {
      let (stored, warning) = store.load()
      preference = stored
      if let warning { reporter?.report(.diagnostics([warning])) }
    }
    let chain = Self.negotiate(preference, loader: loader, environment: environment)
    var loaded: [LanguageTag: LanguageCatalog] = [:]
    for tag in chain.languages {
      let catalog = loader.load(tag)
      if !catalog.diagnostics.isEmpty { reporter?.report(.diagnostics(catalog.diagnostics)) }
      loaded[tag] = catalog
    }
    self.catalogs = Lock(loaded)
    self.current = SnapshotCell(
      Snapshot(preference: preference, chain: chain, catalogs: loaded, revision: 0, probe: probe))
  }

  /// Opens one resources folder; see `init(resources:…)`.
  public convenience init(
    resources: URL,
    developmentLanguage: LanguageTag? = nil,
    language: LanguageTag? = nil,
    preferences: (any PreferenceStore)? = nil,
    environment: [String: String] = ProcessEnvironment.variables(),
    reporter: (any LocalizationReporter)? = nil
  ) throws(LocalizerError) {
    try self.init(
      resources: [resources], developmentLanguage: developmentLanguage, language: language,
      preferences: preferences, environment: environment, reporter: reporter)
  }

  // MARK: State

  /// The active choice: the system's languages or a pinned one.
  public var preference: LanguagePreference { current.withCurrent(\.preference) }

  /// The languages a lookup walks, in order.
  public var chain: FallbackChain { current.withCurrent(\.chain) }

  /// The language lookups try first.
  public var language: LanguageTag { current.withCurrent(\.chain.head) ?? developmentLanguage }

  /// Grows with every change that observers hear of (a switch, a reload): a view that
  /// rendered at this revision is up to date.
  public var revision: UInt64 { current.withCurrent(\.revision) }

  /// The languages the resources have translations for, with the development language.
  public var availableLanguages: [LanguageTag] { loader.availableLanguages }

  /// The state of this instant, for work that must see one language from start to end
  /// (a render): its lookups ignore later switches and reloads.
  public func snapshot() -> LocalizationSnapshot {
    LocalizationSnapshot(localizer: self, state: current.load())
  }

  /// The catalog of `language`, loaded on first use and kept unless it has errors.
  public func catalog(for language: LanguageTag) -> LanguageCatalog {
    if let cached = catalogs.withLock({ $0[language] }) { return cached }
    let catalog = loader.load(language)
    if !catalog.hasErrors {
      catalogs.withLock { $0[language] = $0[language] ?? catalog }
    }
    return catalog
  }

  static func negotiate(
    _ preference: LanguagePreference, loader: CatalogLoader, environment: [String: String]
  ) -> FallbackChain {
    let requested: [LanguageTag]
    switch preference {
    case .followSystem: requested = SystemLanguages.current(environment: environment)
    case .pinned(let tag): requested = [tag]
    }
    return LanguageNegotiator.negotiate(
      requested: requested, available: loader.availableLanguages,
      default: loader.developmentLanguage)
  }
}
