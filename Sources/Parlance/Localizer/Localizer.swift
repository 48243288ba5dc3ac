import Foundation
import Synchronization

/// The live localization state of a program: the chosen language's catalogs, switched
/// atomically at run time.
///
/// A `Localizer` holds one immutable snapshot (fallback chain + catalogs). Lookups read
/// the snapshot and are safe from any thread, also during a switch. A switch negotiates
/// the new chain, loads and validates what it lacks, then swaps the snapshot in one
/// step and notifies every observer once; a failed load leaves everything as it was.
/// Switches are serialized; lookups never wait for one.
///
/// Build one in `main` and pass it down; `LocalizationSystem.bootstrap(_:)` can make it
/// the process-wide default for `localized(_:)`.
public final class Localizer: Sendable {
  /// The table of keys given without a table, as in Apple's `NSLocalizedString`.
  public static let defaultTable = "Localizable"

  /// The language the keys and unlocalized resources are written in.
  public let developmentLanguage: LanguageTag
  /// The folders catalogs are read from, later ones overriding earlier ones.
  public let loader: CatalogLoader
  public let renderOptions: RenderOptions

  private let store: (any PreferenceStore)?
  private let reporter: (any LocalizationReporter)?
  private let environment: [String: String]
  /// The active snapshot, read without a lock. A replaced snapshot stays alive in
  /// `published` for `Localizer.gracePeriod` after it was replaced, far longer than any
  /// reader holds it (one hash lookup), before it is released. Switching back to a
  /// configuration still in the list republishes its snapshot instead of a new one.
  private let current: Atomic<Unmanaged<Snapshot>>
  private let published: Mutex<[Published]>
  private let revisionCounter = Atomic<UInt64>(0)

  /// How long a replaced snapshot is kept for readers that loaded it just before.
  static let gracePeriod: Duration = .seconds(10)

  private struct Published {
    let snapshot: Snapshot
    var retiredAt: ContinuousClock.Instant?
  }
  private let catalogs: Mutex<[LanguageTag: LanguageCatalog]>
  private let switching = Mutex<Void>(())
  private let observers = Mutex<Observers>(Observers())
  private let reported = Mutex<Set<String>>([])

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
  ///   - pseudoLocales: offer `en-XA` and `ar-XB` (see `PseudoLocale`).
  /// - Throws: `LocalizerError.resources` when a folder does not exist. Catalog
  ///   problems never throw here: what loads is used and the diagnostics are reported.
  public init(
    resources: [URL],
    developmentLanguage: LanguageTag? = nil,
    language: LanguageTag? = nil,
    preferences: (any PreferenceStore)? = nil,
    environment: [String: String] = ProcessEnvironment.variables(),
    reporter: (any LocalizationReporter)? = nil,
    renderOptions: RenderOptions = RenderOptions(),
    pseudoLocales: Bool = false
  ) throws(LocalizerError) {
    var folders: [ResourceFolder] = []
    for url in resources {
      do {
        folders.append(try ResourceFolder(url: url))
      } catch {
        throw .resources(error)
      }
    }
    let development =
      developmentLanguage ?? folders.lazy.compactMap(\.sourceLanguage).first ?? LanguageTag.english
    self.developmentLanguage = development
    self.loader = CatalogLoader(
      folders: folders, developmentLanguage: development, pseudoLocales: pseudoLocales)
    self.store = preferences
    self.reporter = reporter
    self.environment = environment
    self.renderOptions = renderOptions

    let folderDiagnostics = folders.flatMap(\.diagnostics)
    if !folderDiagnostics.isEmpty { reporter?.report(.diagnostics(folderDiagnostics)) }

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
    self.catalogs = Mutex(loaded)
    let first = Snapshot(preference: preference, chain: chain, catalogs: loaded)
    self.published = Mutex([Published(snapshot: first, retiredAt: nil)])
    self.current = Atomic(Unmanaged.passUnretained(first))
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
  public var preference: LanguagePreference { snapshot.preference }

  /// The languages a lookup walks, in order.
  public var chain: FallbackChain { snapshot.chain }

  /// The language lookups try first.
  public var language: LanguageTag { snapshot.chain.head ?? developmentLanguage }

  /// Grows with every change that observers hear of (a switch, a reload): a view that
  /// rendered at this revision is up to date.
  public var revision: UInt64 { revisionCounter.load(ordering: .acquiring) }

  /// The languages the resources have translations for, with the development language.
  public var availableLanguages: [LanguageTag] { loader.availableLanguages }

  /// The user's languages from the environment, as gettext reads them.
  public var systemLanguages: [LanguageTag] { SystemLanguages.current(environment: environment) }

  var snapshot: Snapshot { current.load(ordering: .acquiring).takeUnretainedValue() }

  /// The catalog of `language`, loaded on first use and kept unless it has errors.
  public func catalog(for language: LanguageTag) -> LanguageCatalog {
    if let cached = catalogs.withLock({ $0[language] }) { return cached }
    let catalog = loader.load(language)
    if !catalog.hasErrors {
      catalogs.withLock { $0[language] = $0[language] ?? catalog }
    }
    return catalog
  }

  // MARK: Lookup

  /// The value of `key` in the first language of the chain that has it, unformatted
  /// (as `NSLocalizedString` returns it); the key itself when none has it, reported
  /// once to the reporter.
  public func string(_ key: String, table: String = Localizer.defaultTable) -> String {
    // The hot path: no lock, no retain of the snapshot, only the value String copied.
    let value = current.load(ordering: .acquiring)._withUnsafeGuaranteedRef {
      $0.value(key, table: table)
    }
    if let value { return value }
    reportMissing(key, table: table, snapshot: snapshot)
    return key
  }

  /// The message `key` with its `#{name}` placeholders filled:
  /// `string("user.name.format", ["name": "Smith"])` → "Signed in as Smith".
  public func string(
    _ key: String, _ named: [String: MessageArgument], table: String = Localizer.defaultTable
  ) -> String {
    render(key, table: table, arguments: [], named: named)
  }

  /// The message `key` with printf arguments (`%1$@`, `%d`) and named placeholders.
  public func string(
    _ key: String, arguments: [MessageArgument], named: [String: MessageArgument] = [:],
    table: String = Localizer.defaultTable
  ) -> String {
    render(key, table: table, arguments: arguments, named: named)
  }

  /// `resolve(…).value` without building a `Resolution`: the path of every formatted
  /// lookup.
  private func render(
    _ key: String, table: String, arguments: [MessageArgument],
    named: [String: MessageArgument]
  ) -> String {
    var problems: [RenderProblem] = []
    // Like `string(_:table:)`: the snapshot is used in place, without retaining it.
    let value: String? = current.load(ordering: .acquiring)._withUnsafeGuaranteedRef {
      snapshot in
      guard let (entry, index) = snapshot.entryAndIndex(key, table: table) else { return nil }
      if case .text(let template) = entry.message {
        return template.render(
          arguments: arguments, named: named, options: renderOptions, problems: &problems)
      }
      return entry.message.render(
        arguments: arguments, named: named, rules: { snapshot.catalogs[index].pluralRules },
        options: renderOptions, problems: &problems)
    }
    guard let value else {
      reportMissing(key, table: table, snapshot: snapshot)
      return key
    }
    for problem in problems {
      reportOnce(.renderProblem(key: key, table: table, problem: problem))
    }
    return value
  }

  /// The plural message `key` for `count`, by the CLDR rules of the language that
  /// supplies it: `string("files.count", count: 21)` in Russian → "21 файл".
  ///
  /// `count` is the first printf argument and the named argument `count`.
  public func string(
    _ key: String, count: Int, named: [String: MessageArgument] = [:],
    table: String = Localizer.defaultTable
  ) -> String {
    var named = named
    if named["count"] == nil { named["count"] = MessageArgument(count) }
    return resolve(key, table: table, arguments: [MessageArgument(count)], named: named).value
  }

  /// The message `key` in gettext context `context` (`msgctxt`): the same English word
  /// can need two translations ("Open" a file, "Open" as a state).
  public func string(
    _ key: String, context: String, table: String = Localizer.defaultTable
  ) -> String {
    resolve(key, context: context, table: table).value
  }

  /// Looks `key` up along the chain and renders it, telling which language supplied it.
  ///
  /// - Parameter context: a gettext `msgctxt`; a missing key shows `key` without it.
  public func resolve(
    _ key: String, context: String? = nil, table: String = Localizer.defaultTable,
    arguments: [MessageArgument] = [], named: [String: MessageArgument] = [:]
  ) -> Resolution {
    let snapshot = self.snapshot
    guard
      let (entry, language) = snapshot.entry(CatalogEntry.key(key, context: context), table: table)
    else {
      reportMissing(CatalogEntry.key(key, context: context), table: table, snapshot: snapshot)
      return Resolution(
        value: key, key: key, table: table, language: nil, requested: snapshot.chain.head,
        origin: nil)
    }
    var problems: [RenderProblem] = []
    let value =
      arguments.isEmpty && named.isEmpty
      ? entry.value
      : entry.message.render(
        arguments: arguments, named: named, language: language, options: renderOptions,
        problems: &problems)
    for problem in problems {
      reportOnce(.renderProblem(key: key, table: table, problem: problem))
    }
    return Resolution(
      value: value, key: key, table: table, language: language,
      requested: snapshot.chain.head, origin: entry.origin)
  }

  // MARK: Switching

  /// Switches to `preference`, loading off the caller's thread, and stores the choice.
  ///
  /// Every observer hears of the change once, after lookups see the new language.
  /// Choosing `.followSystem` always notifies, even when the languages stay the same.
  /// - Throws: `LocalizerError` when a catalog of the new chain has errors or a pinned
  ///   language has no translations; the previous language stays active.
  ///
  /// - Parameter persisting: false to switch for this run only, leaving the stored
  ///   choice as it is.
  @concurrent
  @discardableResult
  public func setLanguage(_ preference: LanguagePreference, persisting: Bool = true)
    async throws(LocalizerError) -> LanguageChange
  {
    try switchLanguage(to: preference, persisting: persisting)
  }

  /// `setLanguage` for callers without concurrency (a command-line tool): blocks the
  /// calling thread while loading.
  @discardableResult
  public func switchLanguage(to preference: LanguagePreference, persisting: Bool = true)
    throws(LocalizerError) -> LanguageChange
  {
    let change: LanguageChange = try switching.withLock { _ throws(LocalizerError) in
      let chain = Self.negotiate(preference, loader: loader, environment: environment)
      if case .pinned(let tag) = preference,
        !chain.links.contains(where: { $0.reason != .developmentLanguage }),
        tag.maximized.language != developmentLanguage.maximized.language
      {
        throw .unavailableLanguage(tag, available: availableLanguages)
      }
      var loaded = catalogs.withLock { $0 }
      for tag in chain.languages where loaded[tag] == nil {
        let catalog = loader.load(tag)
        if catalog.hasErrors { throw .catalogFailed(tag, catalog.diagnostics) }
        if !catalog.diagnostics.isEmpty { reporter?.report(.diagnostics(catalog.diagnostics)) }
        loaded[tag] = catalog
      }
      catalogs.withLock { $0 = loaded }
      let next = publish(Snapshot(preference: preference, chain: chain, catalogs: loaded))
      let previous = current.exchange(
        Unmanaged.passUnretained(next), ordering: .acquiringAndReleasing
      )
      .takeUnretainedValue()
      revisionCounter.wrappingAdd(1, ordering: .releasing)
      do {
        if persisting { try store?.save(preference) }
      } catch {
        reporter?.report(.preferenceNotSaved(reason: "\(error)"))
      }
      return LanguageChange(previous: previous.chain, current: chain, preference: preference)
    }
    notify(change)
    return change
  }

  /// Follows the system languages again; same as `setLanguage(.followSystem)`.
  @discardableResult
  public func resetToSystemLanguage() async throws(LocalizerError) -> LanguageChange {
    try await setLanguage(.followSystem)
  }

  /// The published snapshot equal to `candidate`, or `candidate`, now kept alive; every
  /// other one is retired, and those retired longer than the grace period are released.
  private func publish(_ candidate: Snapshot) -> Snapshot {
    let now = ContinuousClock.now
    return published.withLock { list in
      let chosen = list.first(where: { $0.snapshot.isSame(as: candidate) })?.snapshot ?? candidate
      if chosen === candidate { list.append(Published(snapshot: candidate, retiredAt: nil)) }
      for index in list.indices {
        if list[index].snapshot === chosen {
          list[index].retiredAt = nil
        } else if list[index].retiredAt == nil {
          list[index].retiredAt = now
        }
      }
      list.removeAll { published in
        published.retiredAt.map { now - $0 > Self.gracePeriod } ?? false
      }
      return chosen
    }
  }

  // MARK: Reloading

  /// What a reload changed.
  public struct ReloadResult: Sendable {
    /// Languages whose catalogs were read again and are now in use.
    public let reloaded: [LanguageTag]
    /// Languages whose files now have errors: they keep their last good catalog.
    public let failures: [LanguageTag: [Diagnostic]]
  }

  /// Reads the catalog files again — only those changed on disk are parsed — and, if
  /// they are good, makes them live in the current language; observers hear of it like
  /// of a switch.
  ///
  /// A file that now has errors changes nothing for its language: the last good
  /// catalog stays, and the errors are returned (a translator's preview shows them until
  /// the file is fixed). New languages need a new `Localizer`.
  @discardableResult
  public func reloadCatalogs() -> ReloadResult {
    let (result, change) = switching.withLock { _ -> (ReloadResult, LanguageChange?) in
      var loaded = catalogs.withLock { $0 }
      var reloaded: [LanguageTag] = []
      var failures: [LanguageTag: [Diagnostic]] = [:]
      for (tag, _) in loaded.sorted(by: { $0.key < $1.key }) {
        let fresh = loader.load(tag)
        if fresh.hasErrors {
          failures[tag] = fresh.diagnostics.filter { $0.severity == .error }
        } else {
          loaded[tag] = fresh
          reloaded.append(tag)
        }
      }
      catalogs.withLock { $0 = loaded }
      let active = snapshot
      let next = publish(
        Snapshot(preference: active.preference, chain: active.chain, catalogs: loaded))
      current.store(Unmanaged.passUnretained(next), ordering: .releasing)
      if !reloaded.isEmpty { revisionCounter.wrappingAdd(1, ordering: .releasing) }
      let result = ReloadResult(reloaded: reloaded, failures: failures)
      guard !reloaded.isEmpty else { return (result, nil) }
      return (
        result,
        LanguageChange(previous: active.chain, current: active.chain, preference: active.preference)
      )
    }
    if let change { notify(change) }
    return result
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

  // MARK: Observing

  /// Calls `handler` once after each change, on the thread that made the switch.
  ///
  /// Keep the token: the observation ends when it is cancelled or released.
  public func observe(_ handler: @escaping @Sendable (LanguageChange) -> Void)
    -> ObservationToken
  {
    let id = observers.withLock { observers in
      observers.nextID += 1
      observers.handlers[observers.nextID] = handler
      return observers.nextID
    }
    return ObservationToken { [weak self] in
      _ = self?.observers.withLock { $0.handlers.removeValue(forKey: id) }
    }
  }

  /// The changes from now on, as an asynchronous sequence. Ends when the consumer stops.
  public var changes: AsyncStream<LanguageChange> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: LanguageChange.self, bufferingPolicy: .bufferingNewest(16))
    let token = observe { continuation.yield($0) }
    continuation.onTermination = { _ in token.cancel() }
    return stream
  }

  private func notify(_ change: LanguageChange) {
    let handlers = observers.withLock { Array($0.handlers.sorted { $0.key < $1.key }.map(\.value)) }
    for handler in handlers { handler(change) }
  }

  // MARK: Reporting

  private func reportMissing(_ key: String, table: String, snapshot: Snapshot) {
    reportOnce(.missingKey(key: key, table: table, chain: snapshot.chain.languages))
  }

  private func reportOnce(_ event: LocalizationEvent) {
    guard let reporter else { return }
    let isNew = reported.withLock { $0.insert(event.description).inserted }
    if isNew { reporter.report(event) }
  }
}

extension Localizer {
  /// The active chain with its catalogs, immutable.
  final class Snapshot: Sendable {
    let preference: LanguagePreference
    let chain: FallbackChain
    let catalogs: [LanguageCatalog]
    /// `Localizable` of each catalog, looked up without hashing the table name.
    let defaultTables: [CatalogTable]

    init(
      preference: LanguagePreference, chain: FallbackChain,
      catalogs: [LanguageTag: LanguageCatalog]
    ) {
      self.preference = preference
      self.chain = chain
      self.catalogs = chain.languages.compactMap { catalogs[$0] }
      self.defaultTables = self.catalogs.map { $0.tables[Localizer.defaultTable] ?? [:] }
    }

    /// Same preference, chain and catalog objects: interchangeable for readers.
    func isSame(as other: Snapshot) -> Bool {
      preference == other.preference && chain == other.chain
        && catalogs.count == other.catalogs.count
        && zip(catalogs, other.catalogs).allSatisfy { $0 === $1 }
    }

    /// The unformatted value of `key`, without building anything else.
    func value(_ key: String, table: String) -> String? {
      if table == Localizer.defaultTable {
        for index in defaultTables.indices {
          if let value = defaultTables[index].value(key) { return value }
        }
        return nil
      }
      for catalog in catalogs {
        if let value = catalog.tables[table]?.value(key) { return value }
      }
      return nil
    }

    /// The first entry for `key` along the chain, with the language that has it.
    func entry(_ key: String, table: String) -> (entry: CatalogEntry, language: LanguageTag)? {
      guard let (entry, index) = entryAndIndex(key, table: table) else { return nil }
      return (entry, catalogs[index].language)
    }

    /// The first entry for `key` along the chain, with the index of its catalog.
    func entryAndIndex(_ key: String, table: String) -> (CatalogEntry, Int)? {
      if table == Localizer.defaultTable {
        for index in defaultTables.indices {
          if let entry = defaultTables[index][key] { return (entry, index) }
        }
        return nil
      }
      for index in catalogs.indices {
        if let entry = catalogs[index].tables[table]?[key] { return (entry, index) }
      }
      return nil
    }
  }

  struct Observers {
    var nextID: UInt64 = 0
    var handlers: [UInt64: @Sendable (LanguageChange) -> Void] = [:]
  }
}
