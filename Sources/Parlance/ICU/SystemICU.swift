import CParlanceICU

/// The system's ICU, which Parlance uses for plural rules, likely subtags, the names of
/// languages and their direction.
///
/// Its libraries are not linked: they are opened the first time Parlance needs them (a
/// `Localizer`'s negotiation, usually), so that a program's start does not wait for the
/// loader to map them. A `Localizer` reports an ICU that cannot be opened to its reporter
/// (`LocalizationEvent.icuUnavailable`); code that uses only `LanguageNegotiator` or
/// `PluralRules` can ask here.
public enum SystemICU {
  /// Why ICU's libraries could not be opened (`dlerror`'s message), or nil when they are
  /// open. Opens them when nothing has yet. Without them, plural forms fall back to
  /// "other", negotiation to exact tags, languages' names to their tags and direction to
  /// left to right.
  public static var loadError: String? {
    parlance_icu_load_error().map { String(cString: $0) }
  }
}
