extension Localizer {
  /// The way back from texts shown in `language` to their messages of `table`, built
  /// on first use and kept (see `TranslationIndex`).
  ///
  /// In a language without a catalog of its own for the table (the development
  /// language of a gettext program, whose texts are the msgids), the index of the
  /// msgids that `sourceLanguage`'s catalog (by default the first language with the
  /// table) translates.
  public func translationIndex(
    for language: LanguageTag, table: String, sourceLanguage: LanguageTag? = nil
  ) -> TranslationIndex {
    let own = catalog(for: language).tables[table]
    let source = own == nil ? sourceLanguage ?? firstLanguage(with: table) : nil
    let key = TranslationIndexKey(language: language, table: table, source: source)
    if let cached = indexes.withLock({ $0[key] }) { return cached }
    let index: TranslationIndex
    if let own {
      index = TranslationIndex(translationsOf: own)
    } else if let source, let table = catalog(for: source).tables[table] {
      index = TranslationIndex(sourceOf: table)
    } else {
      index = TranslationIndex(sourceOf: CatalogTable())
    }
    return indexes.withLock { indexes in
      if let raced = indexes[key] { return raced }
      indexes[key] = index
      return index
    }
  }

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
