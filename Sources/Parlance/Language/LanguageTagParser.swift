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
    func fail(_ reason: String) -> LanguageTagError {
      LanguageTagError(text: original, reason: reason)
    }
    var text = original.trimmingWhitespace()
    guard !text.isEmpty else { throw fail("empty") }
    guard text.utf8.count <= 128 else { throw fail("longer than 128 characters") }
    guard text != "C", text != "POSIX", !text.hasPrefix("C.") else {
      throw fail("'\(text)' is the POSIX default locale, not a language")
    }
    if let code = legacyFolderNames[text.lowercased()] { text = code }

    // POSIX: language[_territory][.codeset][@modifier]
    var modifier: String?
    if let at = text.firstIndex(of: "@") {
      modifier = String(text[text.index(after: at)...]).lowercased()
      text = String(text[..<at])
    }
    if let dot = text.firstIndex(of: ".") {
      text = String(text[..<dot])
    }

    let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
      .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
    for subtag in subtags {
      guard !subtag.isEmpty else { throw fail("empty subtag") }
      guard subtag.utf8.count <= 8 else { throw fail("subtag '\(subtag)' is longer than 8") }
      guard subtag.utf8.allSatisfy({ $0.isASCIIAlphanumeric }) else {
        throw fail("subtag '\(subtag)' has characters other than ASCII letters and digits")
      }
    }

    var index = 0
    let first = subtags[0].lowercased()
    guard first.utf8.allSatisfy({ $0.isASCIILetter }),
      first.count == 2 || first.count == 3 || (5...8).contains(first.count)
    else { throw fail("'\(subtags[0])' is not a language subtag") }
    let language = deprecatedLanguages[first] ?? first
    index = 1

    // Extended language subtags (zh-yue): rare; accepted and dropped in favour of the primary.
    while index < subtags.count, subtags[index].count == 3,
      subtags[index].utf8.allSatisfy({ $0.isASCIILetter }), index <= 3
    {
      index += 1
    }

    var script: String?
    if index < subtags.count, subtags[index].count == 4,
      subtags[index].utf8.allSatisfy({ $0.isASCIILetter })
    {
      let lower = subtags[index].lowercased()
      script = lower.prefix(1).uppercased() + lower.dropFirst()
      index += 1
    }

    var region: String?
    if index < subtags.count {
      let candidate = subtags[index]
      if candidate.count == 2, candidate.utf8.allSatisfy({ $0.isASCIILetter }) {
        region = candidate.uppercased()
        index += 1
      } else if candidate.count == 3, candidate.utf8.allSatisfy({ $0.isASCIIDigit }) {
        region = String(candidate)
        index += 1
      }
    }

    var variants: [String] = []
    while index < subtags.count {
      let candidate = subtags[index]
      let isVariant =
        (5...8).contains(candidate.count)
        || (candidate.count == 4 && candidate.utf8.first.map { $0.isASCIIDigit } == true)
      guard isVariant else { break }
      let lower = candidate.lowercased()
      if variants.contains(lower) { throw fail("variant '\(candidate)' repeated") }
      variants.append(lower)
      index += 1
    }

    var extensions: String?
    if index < subtags.count {
      // Singleton-introduced extensions (u-nu-arab) and private use (x-pseudo).
      guard subtags[index].count == 1 else {
        throw fail("'\(subtags[index])' is not a valid subtag in this position")
      }
      guard index + 1 < subtags.count else {
        throw fail("extension '\(subtags[index])' has no subtags")
      }
      extensions = subtags[index...].map { $0.lowercased() }.joined(separator: "-")
    }

    if let modifier {
      guard let mapped = posixModifiers[modifier] else {
        // Modifiers like @euro say nothing about the language.
        return LanguageTag(
          language: language, script: script, region: region, variants: variants,
          extensions: extensions)
      }
      if script == nil { script = mapped.script }
      if let variant = mapped.variant, !variants.contains(variant) { variants.append(variant) }
    }
    return LanguageTag(
      language: language, script: script, region: region, variants: variants,
      extensions: extensions)
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
