/// Text direction of a language's script.
public enum TextDirection: String, Sendable, Hashable, Codable {
  case leftToRight = "ltr"
  case rightToLeft = "rtl"
}

extension LanguageTag {
  /// The tag with likely subtags added, from CLDR through ICU: `zh-TW` → `zh-Hant-TW`,
  /// `sr` → `sr-Cyrl-RS`, `en` → `en-Latn-US`.
  package var maximized: LanguageTag { ICU.maximize(self) }

  /// The shortest tag that maximizes to the same: `zh-Hant-TW` → `zh-TW`.
  package var minimized: LanguageTag { ICU.minimize(self) }

  /// The language's name in itself ("Deutsch", "Русский", "日本語", "العربية"), falling
  /// back to the English name and then to the identifier.
  ///
  /// The first letter is capitalized (CLDR writes "русский", "polski"), as the name
  /// starts a menu item wherever it is shown.
  public var nativeName: String {
    guard let name = ICU.displayName(of: self, in: self) else { return englishName }
    return name.prefix(1).uppercased() + name.dropFirst()
  }

  /// The language's name in English ("German", "Chinese (Simplified)").
  public var englishName: String {
    ICU.displayName(of: self, in: LanguageTag.english) ?? identifier
  }

  /// Right to left for Arabic, Hebrew, Persian… scripts (after likely subtags).
  public var direction: TextDirection {
    ICU.isRightToLeft(self) ? .rightToLeft : .leftToRight
  }

  static let english = LanguageTag(
    language: "en", script: nil, region: nil, variants: [], extensions: nil)
}
