import Foundation
import Parlance
import Testing

@Suite struct LanguageTagTests {
  @Test(arguments: [
    ("pt-BR", "pt-BR"), ("zh-hant-tw", "zh-Hant-TW"), ("ZH_CN", "zh-CN"),
    ("zh_CN.UTF-8", "zh-CN"), ("sr_RS@latin", "sr-Latn-RS"), ("de_DE.UTF-8@euro", "de-DE"),
    ("ca_ES@valencia", "ca-ES-valencia"), ("en", "en"), ("es-419", "es-419"),
    ("iw_IL", "he-IL"), ("English", "en"), ("en-XA", "en-XA"), (" de ", "de"),
    ("de-CH-1901", "de-CH-1901"), ("ar-u-nu-latn", "ar-u-nu-latn"), ("sr-Latn", "sr-Latn"),
  ])
  func parsesAndCanonicalizes(_ input: String, _ expected: String) throws {
    #expect(try LanguageTag(input).identifier == expected)
  }

  @Test(arguments: [
    "", "../x", "de/..", "C", "POSIX", "C.UTF-8", "x", "toolongtag", "de--AT", "de-", "-de",
    "d e", "de-AT-x", "1de", "de\u{0}", "日本語", "en-US-u",
  ])
  func rejects(_ input: String) {
    #expect(throws: LanguageTagError.self) { try LanguageTag(input) }
  }

  @Test func rejectionNamesTheText() {
    #expect {
      try LanguageTag("../x")
    } throws: { error in
      "\(error)".contains("'../x'")
    }
  }

  @Test func subtags() throws {
    let tag = try LanguageTag("zh_hant_tw")
    #expect(tag.language == "zh")
    #expect(tag.script == "Hant")
    #expect(tag.region == "TW")
    #expect(tag.withoutRegion.identifier == "zh-Hant")
  }

  @Test(arguments: [
    ("zh-TW", "zh-Hant-TW"), ("zh-CN", "zh-Hans-CN"), ("zh-SG", "zh-Hans-SG"),
    ("sr", "sr-Cyrl-RS"), ("en", "en-Latn-US"), ("ar", "ar-Arab-EG"), ("pt", "pt-Latn-BR"),
  ])
  func likelySubtagsFromICU(_ input: String, _ expected: String) throws {
    #expect(try LanguageTag(input).maximized.identifier == expected)
  }

  @Test func minimizes() throws {
    #expect(try LanguageTag("zh-Hant-TW").minimized.identifier == "zh-TW")
    #expect(try LanguageTag("en-Latn-US").minimized.identifier == "en")
  }

  @Test(arguments: [
    ("de", "Deutsch", "German"), ("ja", "日本語", "Japanese"), ("ar", "العربية", "Arabic"),
    ("ru", "Русский", "Russian"), ("pl", "Polski", "Polish"), ("he", "עברית", "Hebrew"),
    ("zh-Hans", "中文（简体）", "Chinese (Simplified)"),
  ])
  func namesFromICU(_ tag: String, _ native: String, _ english: String) throws {
    let language = try LanguageTag(tag)
    #expect(language.nativeName == native)
    #expect(language.englishName == english)
  }

  @Test(arguments: [
    ("ar", true), ("he", true), ("fa", true), ("ur", true), ("de", false), ("ja", false),
    ("az-Arab", true),
  ])
  func direction(_ tag: String, _ rightToLeft: Bool) throws {
    #expect(try LanguageTag(tag).direction == (rightToLeft ? .rightToLeft : .leftToRight))
  }

  @Test func codableAsString() throws {
    let data = try JSONEncoder().encode([try LanguageTag("pt_BR")])
    #expect(String(decoding: data, as: UTF8.self) == #"["pt-BR"]"#)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([LanguageTag].self, from: Data(#"["../x"]"#.utf8))
    }
  }
}
