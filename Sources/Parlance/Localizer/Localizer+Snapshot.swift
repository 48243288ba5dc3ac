extension Localizer {
  /// The active chain with its catalogs, immutable. Every lookup answers from exactly
  /// one snapshot, which is what makes a switch atomic for readers.
  final class Snapshot: Sendable {
    let preference: LanguagePreference
    let chain: FallbackChain
    let catalogs: [LanguageCatalog]
    /// `catalogs`, unretained (the array above keeps them alive): reading an element
    /// copies no reference, so a lookup writes no reference count other threads share.
    private let chainCatalogs: [Unmanaged<LanguageCatalog>]
    /// `Localizer.revision` when this snapshot became active.
    let revision: UInt64
    private let probe: LookupProbe?

    init(
      preference: LanguagePreference, chain: FallbackChain,
      catalogs: [LanguageTag: LanguageCatalog], revision: UInt64, probe: LookupProbe?
    ) {
      self.preference = preference
      self.chain = chain
      self.catalogs = chain.languages.compactMap { catalogs[$0] }
      self.chainCatalogs = self.catalogs.map { Unmanaged.passUnretained($0) }
      self.revision = revision
      self.probe = probe
      probe?.snapshotCreated()
    }

    deinit {
      probe?.snapshotReleased()
    }

    /// The unformatted value of `key`, without building anything else.
    @inline(__always)
    func value(_ key: String, table: String) -> String? {
      if let probe { probe.reading(key) }
      if table == Localizer.defaultTable {
        for catalog in chainCatalogs {
          let value = catalog._withUnsafeGuaranteedRef { $0.defaultTable.value(key) }
          if let value { return value }
        }
        return nil
      }
      for catalog in chainCatalogs {
        let value = catalog._withUnsafeGuaranteedRef { $0.value(key, inTable: table) }
        if let value { return value }
      }
      return nil
    }

    /// The text and message (nil: plain text) of `key` in the first catalog of the
    /// chain that has it, with that catalog's index; no `CatalogEntry` is made.
    func renderable(_ key: String, table: String) -> (
      found: CatalogTable.Renderable, index: Int
    )? {
      if let probe { probe.reading(key) }
      if table == Localizer.defaultTable {
        for index in chainCatalogs.indices {
          let found = chainCatalogs[index]._withUnsafeGuaranteedRef {
            $0.defaultTable.renderable(key)
          }
          if let found { return (found, index) }
        }
        return nil
      }
      for index in catalogs.indices {
        if let found = catalogs[index].tables[table]?.renderable(key) { return (found, index) }
      }
      return nil
    }

    /// `renderable` with where the entry was written, and the language that has it.
    func located(_ key: String, table: String) -> (
      found: (value: String, message: Message?, origin: EntryOrigin), language: LanguageTag
    )? {
      if let probe { probe.reading(key) }
      for catalog in catalogs {
        let table = table == Localizer.defaultTable ? catalog.defaultTable : catalog.tables[table]
        if let found = table?.located(key) { return (found, catalog.language) }
      }
      return nil
    }

    // MARK: Lookups, shared by `Localizer` and `LocalizationSnapshot`

    /// `string(_:table:)`: the value, or the key reported as missing.
    func string(_ key: String, table: String, in localizer: Localizer) -> String {
      if let value = value(key, table: table) { return value }
      localizer.reportMissing(key, table: table, chain: chain)
      return key
    }

    /// `resolve(…).value` without building a `Resolution`: the path of every formatted
    /// lookup.
    func render(
      _ key: String, table: String, arguments: [MessageArgument],
      named: [String: MessageArgument], in localizer: Localizer
    ) -> String {
      guard let (found, index) = renderable(key, table: table) else {
        localizer.reportMissing(key, table: table, chain: chain)
        return key
      }
      var problems: [RenderProblem] = []
      let value: String
      switch found {
      case .plain(let text):
        // Plain text renders as itself, whatever the arguments.
        return text
      case .template(let template):
        value = template.render(
          arguments: arguments, named: named, options: localizer.renderOptions,
          problems: &problems)
      case .message(let box):
        value = box.message.render(
          arguments: arguments, named: named, rules: { self.catalogs[index].pluralRules },
          options: localizer.renderOptions, problems: &problems)
      }
      for problem in problems {
        localizer.reportProblem(problem, key: key, table: table)
      }
      return value
    }

    /// Looks `key` up along the chain and renders it, telling which language supplied it.
    func resolve(
      _ key: String, context: String?, table: String, arguments: [MessageArgument],
      named: [String: MessageArgument], in localizer: Localizer
    ) -> Resolution {
      let stored = CatalogEntry.key(key, context: context)
      guard let (found, language) = located(stored, table: table) else {
        localizer.reportMissing(stored, table: table, chain: chain)
        return Resolution(
          value: key, key: key, table: table, language: nil, requested: chain.head,
          origin: nil)
      }
      var problems: [RenderProblem] = []
      var value = found.value
      if let message = found.message, !arguments.isEmpty || !named.isEmpty {
        value = message.render(
          arguments: arguments, named: named, language: language,
          options: localizer.renderOptions, problems: &problems)
      }
      for problem in problems {
        localizer.reportProblem(problem, key: key, table: table)
      }
      return Resolution(
        value: value, key: key, table: table, language: language, requested: chain.head,
        origin: found.origin,
        message: found.message.map { $0.chosenForm(arguments: arguments, named: named) }
          ?? found.value)
    }
  }
}

/// A test's window into lookups: it is called inside each lookup, with the snapshot in
/// hand, and counts the snapshots alive. Never set outside tests.
package final class LookupProbe: Sendable {
  private let onRead: @Sendable (String) -> Void
  private let live = Lock(0)

  /// - Parameter onRead: called with the key inside every lookup, after the snapshot
  ///   was taken and before it is read (a test may block here to park a reader).
  package init(onRead: @escaping @Sendable (String) -> Void = { _ in }) {
    self.onRead = onRead
  }

  /// Snapshots made by the localizer and not yet freed.
  package var liveSnapshots: Int { live.withLock { $0 } }

  func reading(_ key: String) { onRead(key) }
  func snapshotCreated() { live.withLock { $0 += 1 } }
  func snapshotReleased() { live.withLock { $0 -= 1 } }
}
