import Parlance
import Testing

/// Category tables checked against CLDR 42 (the data of the system's ICU 72).
@Suite struct PluralRulesTests {
  @Test(arguments: [
    ("ru", "1", PluralCategory.one), ("ru", "2", .few), ("ru", "5", .many), ("ru", "21", .one),
    ("ru", "22", .few), ("ru", "11", .many), ("ru", "111", .many), ("ru", "1.5", .other),
    ("ar", "0", .zero), ("ar", "1", .one), ("ar", "2", .two), ("ar", "3", .few),
    ("ar", "11", .many), ("ar", "100", .other), ("ar", "102", .other), ("ar", "103", .few),
    ("pl", "1", .one), ("pl", "2", .few), ("pl", "5", .many), ("pl", "22", .few),
    ("pl", "12", .many), ("pl", "1.5", .other),
    ("ja", "0", .other), ("ja", "1", .other), ("ja", "2", .other),
    ("en", "1", .one), ("en", "1.0", .other), ("en", "0", .other), ("en", "2", .other),
    ("he", "1", .one), ("he", "2", .two), ("he", "20", .other),
    ("de", "1", .one), ("de", "1.5", .other),
  ])
  func cardinal(_ language: String, _ number: String, _ expected: PluralCategory) {
    let rules = PluralRules.cardinal(for: .test(language))
    #expect(rules.category(forDecimal: number) == expected)
    if let integer = Int64(number) {
      #expect(rules.category(for: integer) == expected)
    }
  }

  @Test(arguments: [
    (Int64(1), PluralCategory.one), (2, .two), (3, .few), (4, .other), (11, .other), (12, .other),
    (13, .other), (21, .one), (22, .two), (23, .few), (101, .one), (111, .other),
  ])
  func englishOrdinals(_ number: Int64, _ expected: PluralCategory) {
    #expect(PluralRules.ordinal(for: .test("en")).category(for: number) == expected)
  }

  @Test(arguments: [
    ("en", [PluralCategory.one, .other]), ("ru", [.one, .few, .many, .other]),
    ("ar", [.zero, .one, .two, .few, .many, .other]), ("ja", [.other]),
    ("pl", [.one, .few, .many, .other]), ("he", [.one, .two, .other]),
  ])
  func categoriesOfALanguage(_ language: String, _ expected: [PluralCategory]) {
    #expect(PluralRules.cardinal(for: .test(language)).categories == expected)
  }

  @Test func largeAndNegativeIntegersGoThroughICU() {
    let rules = PluralRules.cardinal(for: .test("ru"))
    #expect(rules.category(for: Int64(1_000_001)) == .one)
    #expect(rules.category(for: Int64(1_000_002)) == .few)
    #expect(rules.category(for: Int64(-1)) == .one)
    #expect(rules.category(for: 2.5) == .other)
  }

  @Test func malformedDecimalIsNil() {
    #expect(PluralRules.cardinal(for: .test("en")).category(forDecimal: "1.x") == nil)
  }

  @Test func rulesAreSharedPerLanguage() {
    #expect(PluralRules.cardinal(for: .test("ru")) === PluralRules.cardinal(for: .test("ru")))
    #expect(PluralRules.cardinal(for: .test("ru")) !== PluralRules.ordinal(for: .test("ru")))
  }
}

@Suite struct PluralRulesTableTests {
  /// Above 1999 integers are read from a table (n ≡ 1000 + n % 1000) where that holds
  /// for a language; the decimal path asks ICU every time, so the two must agree.
  @Test(arguments: [
    "ru", "pl", "uk", "ar", "he", "en", "de", "ja", "fr", "lt", "lv", "cy", "ga", "sl", "cs", "br",
  ])
  func tableAgreesWithICU(_ language: String) {
    let rules = PluralRules.cardinal(for: .test(language))
    var random = SystemRandomNumberGenerator()
    let samples: [Int64] =
      (0..<400).map { _ in Int64.random(in: 0...2_000_000_000, using: &random) }
      + [1_000_000, 2_000_000, 1_000_001, 5_000_000, 11, 111, 1011, 100_011]
    for n in samples {
      #expect(rules.category(for: n) == rules.category(forDecimal: String(n)), "\(language) \(n)")
    }
  }
}
