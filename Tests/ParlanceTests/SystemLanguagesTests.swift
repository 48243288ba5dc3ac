import Parlance
import Testing

@Suite struct SystemLanguagesTests {
  @Test(
    arguments: [
      (["LANG": "de_AT.UTF-8"], ["de-AT"]),
      (["LANGUAGE": "fr:de_AT", "LANG": "de_AT.UTF-8"], ["fr", "de-AT"]),
      (["LANGUAGE": "de", "LANG": "C"], []),
      (["LANGUAGE": "de", "LANG": "C.UTF-8"], []),
      (["LANGUAGE": "de"], []),
      (["LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "ru_RU", "LANG": "de_DE"], ["ja-JP"]),
      (["LC_MESSAGES": "ru_RU.UTF-8", "LANG": "de_DE"], ["ru-RU"]),
      (["LC_ALL": "", "LANG": "pl_PL.UTF-8"], ["pl-PL"]),
      (["LANGUAGE": "sr@latin:bogus/..:de", "LANG": "sr_RS.UTF-8"], ["sr-Latn", "de"]),
      (["LANGUAGE": "::", "LANG": "he_IL.UTF-8"], ["he-IL"]),
      (["LANG": "POSIX"], []),
      ([:], []),
    ] as [([String: String], [String])])
  func readsTheEnvironmentAsGettextDoes(_ environment: [String: String], _ expected: [String]) {
    #expect(SystemLanguages.current(environment: environment).map(\.identifier) == expected)
  }
}
