import Foundation

extension Retranslator {
  /// Per table, the indexes a retranslator from `source` to `target` reads (the
  /// localizer keeps each once built).
  static func indexes(
    localizer: Localizer, tables: [String], from source: LanguageTag, to target: LanguageTag,
    msgidsOf known: [LanguageTag]
  ) -> [TableIndexes] {
    // The msgids a text shown untranslated may be: those the target translates, or
    // switching to the development language, those of the table's fullest catalog.
    func keysFrom(_ table: String) -> LanguageTag? {
      guard target == localizer.developmentLanguage else { return target }
      return localizer.availableLanguages.lazy.filter { PseudoLocale($0) == nil }
        .map { (language: $0, count: localizer.catalog(for: $0).tables[table]?.count ?? 0) }
        .max { $0.count < $1.count }?.language
    }
    let development = localizer.developmentLanguage
    return tables.map { table in
      let keys = keysFrom(table)
      let others = known.filter { language in
        language != keys && language != development
          && localizer.catalog(for: language).tables[table] != nil
      }
      return (
        table,
        localizer.translationIndex(for: source, table: table, sourceLanguage: keys),
        ([keys] + others).map {
          localizer.translationIndex(for: development, table: table, sourceLanguage: $0)
        },
        source == development ? nil : localizer.catalog(for: source).tables[table]
      )
    }
  }

  /// Starts reading, on a thread of its own, what retranslators along `route` will read,
  /// and returns at once: the indexes over `tables` of its first step, from its first
  /// language to the next, and the catalogs of every language switched to. A later
  /// step reads its indexes only for a text no earlier switch found the message of.
  /// - Parameters:
  ///   - localizer: the catalogs the retranslators will be made of.
  ///   - tables: the tables they will search.
  ///   - route: the languages shown one after another, the first the one shown now.
  public static func loadAhead(localizer: Localizer, tables: [String], route: [LanguageTag]) {
    DispatchQueue.global(qos: .userInitiated).async {
      let steps = zip(route, route.dropFirst()).filter { $0 != $1 }
      guard let (source, target) = steps.first else { return }
      localizer.loadCatalogs(of: target)
      _ = indexes(localizer: localizer, tables: tables, from: source, to: target, msgidsOf: [])
      for (_, later) in steps.dropFirst() { localizer.loadCatalogs(of: later) }
    }
  }
}
