import Foundation

extension Localizer {
  /// Starts reading the catalogs of `languages` and of their fallbacks on a thread of its
  /// own, in the order given, and returns at once: a later switch to one of them finds
  /// its files read, and only publishes.
  ///
  /// For a caller that knows where it will switch next, and has other work meanwhile: a
  /// screenshot matrix reads every language's catalogs while its GTK thread opens the
  /// display and builds the windows. A catalog with diagnostics is left to the switch,
  /// which reads it again and reports them; one already read is not read again.
  /// - Parameter languages: the languages to be switched to, the first needed first.
  public func loadAhead(_ languages: [LanguageTag]) {
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      for language in languages { loadCatalogs(of: language) }
    }
  }

  /// Reads, on this thread, the catalogs a switch to `language` needs that are not read
  /// yet (`loadAhead`).
  package func loadCatalogs(of language: LanguageTag) {
    let chain = Self.negotiate(.pinned(language), loader: loader, environment: environment)
    for tag in chain.languages where catalogs.withLock({ $0[tag] }) == nil {
      let catalog = loader.load(tag)
      guard catalog.diagnostics.isEmpty else { continue }
      catalogs.withLock { $0[tag] = $0[tag] ?? catalog }
    }
  }
}
