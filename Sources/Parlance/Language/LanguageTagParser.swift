/// Turns BCP 47 and POSIX spellings into a canonical `LanguageTag`.
///
/// `sr_RS@latin` → `sr-Latn-RS`, `zh_CN.UTF-8` → `zh-CN`, `iw` → `he`,
/// `English` (an old `.lproj` name) → `en`.
enum LanguageTagParser {
  /// Deprecated ISO 639 codes that still appear in locale names and folders.
  static let deprecatedLanguages = ["iw": "he", "in": "id", "ji": "yi", "jw": "jv", "mo": "ro"]

  /// The English names that old `.lproj` folders use instead of codes.
  static let legacyFolderNames = [
    "english": "en", "french": "fr", "german": "de", "japanese": "ja", "italian": "it",
    "spanish": "es", "dutch": "nl", "portuguese": "pt", "swedish": "sv", "danish": "da",
    "finnish": "fi", "norwegian": "nb", "korean": "ko", "russian": "ru", "polish": "pl",
    "chinese": "zh",
  ]

  /// POSIX `@modifier`s that name a script or variant.
  static let posixModifiers: [String: (script: String?, variant: String?)] = [
    "latin": ("Latn", nil), "cyrillic": ("Cyrl", nil), "devanagari": ("Deva", nil),
    "valencia": (nil, "valencia"),
  ]

  static func parse(_ original: String) throws(LanguageTagError) -> LanguageTag {
    let fail = { (reason: String) in LanguageTagError(text: original, reason: reason) }
    let (text, modifier) = try posixParts(of: original, fail: fail)
    var subtags = try Subtags(text, fail: fail)
    let language = try subtags.language()
    subtags.skipExtendedLanguages()
    var script = subtags.script()
    let region = subtags.region()
    var variants = try subtags.variants()
    let extensions = try subtags.extensions()
    // Modifiers like @euro say nothing about the language.
    if let modifier, let mapped = posixModifiers[modifier] {
      if script == nil { script = mapped.script }
      if let variant = mapped.variant, !variants.contains(variant) { variants.append(variant) }
    }
    return LanguageTag(
      language: language, script: script, region: region, variants: variants,
      extensions: extensions)
  }

  /// The tag without a POSIX codeset and modifier (`language[_territory][.codeset][@modifier]`),
  /// and the modifier, lowercased; an old `.lproj` name becomes its code first.
  private static func posixParts(
    of original: String, fail: (String) -> LanguageTagError
  ) throws(LanguageTagError) -> (text: String, modifier: String?) {
    var text = original.trimmingWhitespace()
    guard !text.isEmpty else { throw fail("empty") }
    guard text.utf8.count <= 128 else { throw fail("longer than 128 characters") }
    guard text != "C", text != "POSIX", !text.hasPrefix("C.") else {
      throw fail("'\(text)' is the POSIX default locale, not a language")
    }
    if let code = legacyFolderNames[text.lowercased()] { text = code }
    var modifier: String?
    if let at = text.firstIndex(of: "@") {
      modifier = String(text[text.index(after: at)...]).lowercased()
      text = String(text[..<at])
    }
    if let dot = text.firstIndex(of: ".") {
      text = String(text[..<dot])
    }
    return (text, modifier)
  }

  /// The subtags of a tag (split at `-` and `_`), read in BCP 47's order.
  private struct Subtags {
    let parts: [Substring]
    var index = 0
    let fail: (String) -> LanguageTagError

    init(_ text: String, fail: @escaping (String) -> LanguageTagError) throws(LanguageTagError) {
      parts = text.split(separator: "-", omittingEmptySubsequences: false)
        .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
      self.fail = fail
      for subtag in parts {
        guard !subtag.isEmpty else { throw fail("empty subtag") }
        guard subtag.utf8.count <= 8 else { throw fail("subtag '\(subtag)' is longer than 8") }
        guard subtag.utf8.allSatisfy({ $0.isASCIIAlphanumeric }) else {
          throw fail("subtag '\(subtag)' has characters other than ASCII letters and digits")
        }
      }
    }

    private var next: Substring? { index < parts.count ? parts[index] : nil }

    /// The primary language subtag, lowercased, a deprecated code replaced.
    mutating func language() throws(LanguageTagError) -> String {
      let first = parts[0].lowercased()
      guard first.utf8.allSatisfy({ $0.isASCIILetter }),
        first.count == 2 || first.count == 3 || (5...8).contains(first.count)
      else { throw fail("'\(parts[0])' is not a language subtag") }
      index = 1
      return deprecatedLanguages[first] ?? first
    }

    /// Extended language subtags (zh-yue): rare; accepted and dropped in favour of the
    /// primary.
    mutating func skipExtendedLanguages() {
      while let subtag = next, subtag.count == 3, subtag.utf8.allSatisfy({ $0.isASCIILetter }),
        index <= 3
      {
        index += 1
      }
    }

    /// A four-letter script, title-cased.
    mutating func script() -> String? {
      guard let subtag = next, subtag.count == 4, subtag.utf8.allSatisfy({ $0.isASCIILetter })
      else { return nil }
      index += 1
      let lower = subtag.lowercased()
      return lower.prefix(1).uppercased() + lower.dropFirst()
    }

    /// A two-letter region, uppercased, or a three-digit one.
    mutating func region() -> String? {
      guard let subtag = next else { return nil }
      if subtag.count == 2, subtag.utf8.allSatisfy({ $0.isASCIILetter }) {
        index += 1
        return subtag.uppercased()
      }
      if subtag.count == 3, subtag.utf8.allSatisfy({ $0.isASCIIDigit }) {
        index += 1
        return String(subtag)
      }
      return nil
    }

    /// Variants (5–8 characters, or 4 starting with a digit), lowercased, none repeated.
    mutating func variants() throws(LanguageTagError) -> [String] {
      var variants: [String] = []
      while let subtag = next,
        (5...8).contains(subtag.count)
          || (subtag.count == 4 && subtag.utf8.first.map { $0.isASCIIDigit } == true)
      {
        let lower = subtag.lowercased()
        if variants.contains(lower) { throw fail("variant '\(subtag)' repeated") }
        variants.append(lower)
        index += 1
      }
      return variants
    }

    /// Singleton-introduced extensions (u-nu-arab) and private use (x-pseudo): the rest,
    /// lowercased; any other subtag left is an error.
    mutating func extensions() throws(LanguageTagError) -> String? {
      guard let subtag = next else { return nil }
      guard subtag.count == 1 else {
        throw fail("'\(subtag)' is not a valid subtag in this position")
      }
      guard index + 1 < parts.count else { throw fail("extension '\(subtag)' has no subtags") }
      return parts[index...].map { $0.lowercased() }.joined(separator: "-")
    }
  }
}

extension UInt8 {
  var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
  var isASCIIDigit: Bool { (0x30...0x39).contains(self) }
  var isASCIIAlphanumeric: Bool { isASCIILetter || isASCIIDigit }
}

extension String {
  func trimmingWhitespace() -> String {
    let scalars = unicodeScalars
    guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[start...end])
  }
}
