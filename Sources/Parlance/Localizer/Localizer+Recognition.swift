extension Localizer {
  /// The way back from texts shown in `language` to their messages of `table`, built
  /// on first use and kept (see `TranslationIndex`).
  ///
  /// In the development language (whose texts a gettext program shows as its msgids,
  /// or from a catalog of its own where it has one, `en/LC_MESSAGES`), the index of its
  /// catalog merged with the msgids that `sourceLanguage`'s catalog (by default the
  /// first language with the table) translates; so too in a language without a catalog
  /// of its own for the table.
  public func translationIndex(
    for language: LanguageTag, table: String, sourceLanguage: LanguageTag? = nil
  ) -> TranslationIndex {
    let own = catalog(for: language).tables[table]
    let needsSource = own == nil || language == developmentLanguage
    let source = needsSource ? sourceLanguage ?? firstLanguage(with: table) : nil
    let key = TranslationIndexKey(language: language, table: table, source: source)
    if let cached = indexes.withLock({ $0[key] }) { return cached }
    var parts: [TranslationIndex] = []
    if let own { parts.append(TranslationIndex(translationsOf: own)) }
    if let source, let table = catalog(for: source).tables[table] {
      parts.append(TranslationIndex(sourceOf: table))
    }
    let index =
      parts.count == 1 ? parts[0] : TranslationIndex(merging: parts)
    return indexes.withLock { indexes in
      if let raced = indexes[key] { return raced }
      indexes[key] = index
      return index
    }
  }

  /// How many translation indexes were built so far (each once per language, table and
  /// source language).
  package var translationIndexesBuilt: Int { indexes.withLock { $0.count } }

  private func firstLanguage(with table: String) -> LanguageTag? {
    availableLanguages.first { $0 != developmentLanguage && catalog(for: $0).tables[table] != nil }
  }
}

/// Which index: the translations of a language, or the msgids a source language has.
struct TranslationIndexKey: Hashable, Sendable {
  let language: LanguageTag
  let table: String
  let source: LanguageTag?
}
