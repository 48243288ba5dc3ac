/// A language the resources offer, described for a language menu.
public struct LanguageDescription: Hashable, Sendable, Codable {
  /// The language.
  public let tag: LanguageTag
  /// In the language itself: "Deutsch".
  public let name: String
  /// "German"
  public let englishName: String
  /// Which way its text runs.
  public let direction: TextDirection
  /// The share of the development language's keys this language translates, 0…1; where
  /// the development language has no catalog (gettext, whose msgids are its texts), the
  /// share of the most complete language's count.
  public let completeness: Double
}

extension Localizer {
  /// Every available language with its names, direction and completeness, sorted by tag.
  ///
  /// Loads the catalogs it has not loaded yet (once each).
  public func describeLanguages() -> [LanguageDescription] {
    let development = catalog(for: developmentLanguage)
    let sourceKeys = development.tables.mapValues { Set($0.keys) }
    let total = sourceKeys.values.reduce(0) { $0 + $1.count }
    let languages = availableLanguages
    // Without source keys (gettext), counts: a compiled catalog knows its own without
    // decoding a message.
    let most = total > 0 ? 0 : languages.map { catalog(for: $0).count }.max() ?? 0
    return languages.map { tag in
      let catalog = catalog(for: tag)
      var completeness = 1.0
      if total > 0 {
        var present = 0
        for (table, keys) in sourceKeys {
          guard let translated = catalog.tables[table] else { continue }
          present += keys.reduce(0) { $0 + (translated.contains($1) ? 1 : 0) }
        }
        completeness = Double(present) / Double(total)
      } else if most > 0, tag != developmentLanguage, PseudoLocale(tag) == nil {
        completeness = Double(catalog.count) / Double(most)
      }
      return LanguageDescription(
        tag: tag, name: tag.nativeName, englishName: tag.englishName,
        direction: tag.direction, completeness: completeness)
    }
  }
}
