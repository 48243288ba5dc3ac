/// The user's languages as the environment states them, read the way gettext reads them.
///
/// `LC_ALL`, then `LC_MESSAGES`, then `LANG` name the locale; when that locale is set
/// and is not `C`/`POSIX`, a non-empty colon-separated `LANGUAGE` list replaces it.
/// Examples: `LANG=de_AT.UTF-8` → `[de-AT]`; `LANGUAGE=fr:de_AT LANG=de_AT.UTF-8` →
/// `[fr, de-AT]`; `LANGUAGE=de LANG=C` → `[]` (gettext ignores `LANGUAGE` in the C
/// locale). Unparsable entries are skipped.
public enum SystemLanguages {
  /// The user's languages in order of preference, read from `environment`.
  /// - Parameter environment: the process environment (a test passes its own).
  /// - Returns: the languages; empty when the environment names none (or `C`).
  public static func current(
    environment: [String: String] = ProcessEnvironment.variables()
  ) -> [LanguageTag] {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy
      .compactMap { environment[$0] }
      .first { !$0.isEmpty }
    guard let locale, let localeTag = try? LanguageTag(locale) else { return [] }

    var result: [LanguageTag] = []
    for entry in (environment["LANGUAGE"] ?? "").split(separator: ":") {
      if let tag = try? LanguageTag(String(entry)), !result.contains(tag) {
        result.append(tag)
      }
    }
    return result.isEmpty ? [localeTag] : result
  }
}
