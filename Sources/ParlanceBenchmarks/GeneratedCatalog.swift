import Foundation
import Parlance

/// A String Catalog as Xcode writes one, generated from a fixed seed: keys and languages
/// sorted, `" : "` between a name and its value, two spaces of indentation, every unit
/// `translated`.
///
/// Each key has a comment and a value in every language. One key in ten is a plural
/// (`variations.plural`, with the categories the language uses), one in twenty-five
/// has a `%#@files@` substitution, one in thirty device variations (`mac`, `iphone`,
/// `other`); about one value in fifteen has an escaped quote or line break, and the
/// values are 10 to 60 characters in the language's own script.
///
/// Example of one unit:
///
/// ```
/// "settings.list.item12.title" : {
///   "comment" : "Shown in the list of settings (12)",
///   "localizations" : {
///     "de" : {
///       "stringUnit" : {
///         "state" : "translated",
///         "value" : "Ändern Sie die Ansicht der Liste"
/// ```
enum GeneratedCatalog {
  /// The 20 languages of the catalog: `en` (the source) and 19 translations.
  static let languages = [
    "ar", "cs", "de", "en", "es", "fr", "he", "hi", "it", "ja", "ko", "nl", "pl", "pt-BR",
    "ru", "sv", "tr", "uk", "zh-Hans", "zh-Hant",
  ]

  /// The language a benchmark loads alone.
  static let loadedLanguage = "de"

  /// A catalog of at least `bytes` bytes of UTF-8 JSON.
  static func xcstrings(bytes: Int, seed: UInt64 = 20) -> Data {
    var random = SplitMix64(seed: seed)
    var keys: [String] = []
    var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
    var index = 0
    var units: [String] = []
    // Generate until the size is reached, then sort the keys as Xcode does.
    var size = text.utf8.count
    while size < bytes {
      let key = "settings.\(sections[index % sections.count]).item\(index).title"
      let unit = Self.unit(key: key, index: index, random: &random)
      keys.append(key)
      units.append(unit)
      size += unit.utf8.count + 2
      index += 1
    }
    let order = keys.indices.sorted { keys[$0] < keys[$1] }
    text += order.map { units[$0] }.joined(separator: ",\n")
    text += "\n  },\n  \"version\" : \"1.0\"\n}\n"
    return Data(text.utf8)
  }

  private static let sections = ["list", "account", "privacy", "display", "sync", "help"]

  private static func unit(key: String, index: Int, random: inout SplitMix64) -> String {
    var lines = [
      "    \(quoted(key)) : {",
      "      \"comment\" : \(quoted("Shown in the list of settings (\(index))")),",
      "      \"extractionState\" : \"manual\",",
      "      \"localizations\" : {",
    ]
    var localizations: [String] = []
    for language in languages {
      let body: [String]
      if index % 10 == 3 {
        body = plural(language, random: &random)
      } else if index % 25 == 7 {
        body = substitution(language, random: &random)
      } else if index % 30 == 11 {
        body = device(language, random: &random)
      } else {
        body = stringUnit(value(language, random: &random), indent: 10)
      }
      localizations.append(
        (["        \(quoted(language)) : {"] + body + ["        }"]).joined(separator: "\n"))
    }
    lines.append(localizations.joined(separator: ",\n"))
    lines.append("      }")
    lines.append("    }")
    return lines.joined(separator: "\n")
  }

  private static func stringUnit(_ value: String, indent: Int) -> [String] {
    let pad = String(repeating: " ", count: indent)
    return [
      "\(pad)\"stringUnit\" : {",
      "\(pad)  \"state\" : \"translated\",",
      "\(pad)  \"value\" : \(quoted(value))",
      "\(pad)}",
    ]
  }

  /// The categories a language's plurals use (CLDR cardinal, as Xcode lists them).
  private static func categories(_ language: String) -> [String] {
    switch language {
    case "ar": ["few", "many", "one", "other", "two", "zero"]
    case "ru", "uk", "pl", "cs": ["few", "many", "one", "other"]
    case "ja", "ko", "zh-Hans", "zh-Hant": ["other"]
    default: ["one", "other"]
    }
  }

  private static func variationBlock(
    _ name: String, _ branches: [(String, String)], indent: Int
  ) -> [String] {
    let pad = String(repeating: " ", count: indent)
    var lines = ["\(pad)\"variations\" : {", "\(pad)  \(quoted(name)) : {"]
    let bodies = branches.map { branch, value in
      (["\(pad)    \(quoted(branch)) : {"] + stringUnit(value, indent: indent + 6)
        + ["\(pad)    }"]).joined(separator: "\n")
    }
    lines.append(bodies.joined(separator: ",\n"))
    lines += ["\(pad)  }", "\(pad)}"]
    return lines
  }

  private static func plural(_ language: String, random: inout SplitMix64) -> [String] {
    let forms = categories(language).map { category in
      (category, "%lld \(word(language, random: &random)) \(category)")
    }
    return variationBlock("plural", forms, indent: 10)
  }

  private static func substitution(_ language: String, random: inout SplitMix64) -> [String] {
    let forms = categories(language).map { category in
      (category, "%arg \(word(language, random: &random))")
    }
    let lines =
      stringUnit("\(word(language, random: &random)) %#@files@", indent: 10)
      + [
        "          \"substitutions\" : {",
        "            \"files\" : {",
        "              \"argNum\" : 1,",
        "              \"formatSpecifier\" : \"lld\",",
      ] + variationBlock("plural", forms, indent: 14) + ["            }", "          }"]
    // `stringUnit` ends without a comma; the substitutions follow it.
    var result = lines
    result[3] += ","
    return result
  }

  private static func device(_ language: String, random: inout SplitMix64) -> [String] {
    let branches = ["iphone", "mac", "other"].map { ($0, value(language, random: &random)) }
    return variationBlock("device", branches, indent: 10)
  }

  /// Words in the language's script; values are made of them.
  private static func words(_ language: String) -> [String] {
    switch language {
    case "ar": ["إعدادات", "الحساب", "عرض", "قائمة", "تغيير", "الخصوصية"]
    case "he": ["הגדרות", "חשבון", "תצוגה", "רשימה", "שינוי", "פרטיות"]
    case "hi": ["सेटिंग्स", "खाता", "प्रदर्शन", "सूची", "बदलें", "गोपनीयता"]
    case "ja": ["設定", "アカウント", "表示", "リスト", "変更", "プライバシー"]
    case "ko": ["설정", "계정", "보기", "목록", "변경", "개인정보"]
    case "zh-Hans", "zh-Hant": ["设置", "帐户", "显示", "列表", "更改", "隐私"]
    case "ru", "uk": ["Настройки", "учётная", "запись", "список", "изменить", "вид"]
    case "de": ["Ändern", "Sie", "die", "Ansicht", "der", "Liste", "Konto", "Datenschutz"]
    case "pl", "cs": ["Zmień", "ustawienia", "widok", "listy", "konta", "prywatność"]
    case "tr": ["Ayarları", "değiştir", "hesap", "liste", "görünüm", "gizlilik"]
    default: ["Change", "the", "view", "of", "list", "account", "privacy", "settings"]
    }
  }

  private static func word(_ language: String, random: inout SplitMix64) -> String {
    let list = words(language)
    return list[Int(random.next() % UInt64(list.count))]
  }

  private static func value(_ language: String, random: inout SplitMix64) -> String {
    let length = 10 + Int(random.next() % 51)
    var text = word(language, random: &random)
    while text.count < length { text += " " + word(language, random: &random) }
    switch random.next() % 30 {
    case 0: text = "„\(text)“ \"\(word(language, random: &random))\""
    case 1: text += "\n" + word(language, random: &random)
    default: break
    }
    return text
  }

  /// A JSON string literal as Xcode writes it: only `"`, `\` and control characters
  /// escaped.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 {
          result +=
            "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
            + String(scalar.value, radix: 16)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
