extension Localizer {
  /// Switches to `preference`, loading off the caller's thread, and stores the choice.
  ///
  /// Every observer hears of the change once, after lookups see the new language.
  /// Choosing `.followSystem` always notifies, even when the languages stay the same.
  /// Concurrent calls are applied one after another in no promised order: a caller that
  /// needs "the last choice wins" sends its choices through one serial path. With
  /// `persisting` false the switch is for this run only: the stored choice stays as it is.
  ///
  /// - Throws: `LocalizerError` when a catalog of the new chain has errors or a pinned
  ///   language has no translations; the previous language stays active.
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
      // Catalogs read meanwhile by `loadAhead` stay.
      catalogs.withLock { $0.merge(loaded) { _, switched in switched } }
      let previous = publish(preference: preference, chain: chain, catalogs: loaded)
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

  /// Makes a new snapshot of the next revision current; returns the one it replaced.
  /// Called under `switching`, so revisions grow in the order snapshots are published.
  @discardableResult
  private func publish(
    preference: LanguagePreference, chain: FallbackChain,
    catalogs: [LanguageTag: LanguageCatalog]
  ) -> Snapshot {
    let revision = current.load().revision &+ 1
    return current.exchange(
      Snapshot(
        preference: preference, chain: chain, catalogs: catalogs, revision: revision,
        probe: probe))
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
      let result = ReloadResult(reloaded: reloaded, failures: failures)
      guard !reloaded.isEmpty else { return (result, nil) }
      catalogs.withLock { $0 = loaded }
      let active = current.load()
      publish(preference: active.preference, chain: active.chain, catalogs: loaded)
      return (
        result,
        LanguageChange(previous: active.chain, current: active.chain, preference: active.preference)
      )
    }
    if let change { notify(change) }
    return result
  }
}
