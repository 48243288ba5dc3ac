import Foundation
import Testing

@testable import Parlance

/// A String Catalog builds the languages a program asks for, when it asks, once.
@Suite("XCStringsCatalog")
struct XCStringsCatalogTests {
  static let languages = ["de", "en", "fr", "ja", "ru"]

  /// `count` keys, each with a value in every language of `languages` (a plural in ru).
  static func catalog(keys count: Int) -> Data {
    let entries = (0..<count).map { index in
      let units = languages.map { code in
        let unit =
          code == "ru"
          ? #"{"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "#
            + #""value": "%lld файл \#(index)"}}, "other": {"stringUnit": {"state": "#
            + #""translated", "value": "%lld файлов \#(index)"}}}}}"#
          : #"{"stringUnit": {"state": "translated", "value": "\#(code) \#(index)"}}"#
        return #""\#(code)": \#(unit)"#
      }
      return #""key \#(index)": {"localizations": {\#(units.joined(separator: ", "))}}"#
    }
    return Data(
      (#"{"sourceLanguage": "en", "version": "1.0", "strings": {"#
        + entries.joined(separator: ",\n") + "}}").utf8)
  }

  @Test func readingBuildsNoLanguageAndAskingBuildsOne() throws {
    let data = Self.catalog(keys: 50)
    let catalog = XCStringsCatalog(data, file: "Localizable.xcstrings")

    // Everything the file says is known before any language is built.
    #expect(catalog.languages == Set(Self.languages.map { LanguageTag.test($0) }))
    #expect(catalog.diagnostics.isEmpty)
    #expect(catalog.builtLanguages.isEmpty)

    let german = catalog.entries(for: .test("de"))
    #expect(catalog.builtLanguages == [.test("de")])
    #expect(
      german == XCStringsParser.parse(data, file: "Localizable.xcstrings").entries[.test("de")])
    #expect(german.first?.message.displayValue == "de 0")
    #expect(catalog.holdsTheText)

    // Asking again builds nothing; the last language lets the text go.
    _ = catalog.entries(for: .test("de"))
    for code in Self.languages { _ = catalog.entries(for: .test(code)) }
    #expect(catalog.buildCount == Self.languages.count)
    #expect(!catalog.holdsTheText)
    #expect(catalog.entries(for: .test("ru")).count == 50)
    #expect(catalog.entries(for: .test("pl")).isEmpty)
  }

  /// The catalog reads the caller's bytes where they are and keeps the `Data`, not a
  /// pointer into it, until its last language is built: a language built after the
  /// caller has let its bytes go is whole. (AddressSanitizer, in CI, would see a read of
  /// freed memory.)
  @Test func languagesBuiltAfterTheCallerLetItsBytesGoAreWhole() {
    let expected = XCStringsParser.parse(Self.catalog(keys: 20), file: "L.xcstrings")
    let catalog = XCStringsCatalog(Self.catalog(keys: 20), file: "L.xcstrings")
    // Memory freed now would be handed out again here.
    let other = (0..<8).map { Data(repeating: UInt8($0), count: 64 * 1024) }
    #expect(other.count == 8)
    for code in Self.languages {
      #expect(catalog.entries(for: .test(code)) == expected.entries[.test(code)], "\(code)")
    }
  }

  @Test func aLocalizerBuildsOnlyTheLanguagesOfItsChain() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try Self.catalog(keys: 10).write(
      to: folder.url.appendingPathComponent("Localizable.xcstrings"))
    let resources = try ResourceFolder(url: folder.url)
    let localizer = Localizer(folders: [resources], language: .test("de"), environment: [:])
    let catalog = try #require(resources.stringCatalogs.first?.catalog)

    #expect(localizer.string("key 3") == "de 3")
    #expect(catalog.builtLanguages == [.test("de"), .test("en")])

    try localizer.switchLanguage(to: .pinned(.test("ja")), persisting: false)
    #expect(localizer.string("key 3") == "ja 3")
    #expect(catalog.builtLanguages == [.test("de"), .test("en"), .test("ja")])
  }

  /// Eight threads ask for every language at once, each in its own order: each language
  /// is built once and every thread gets the same entries (run under ThreadSanitizer by
  /// `make sanitize`).
  @Test func threadsAskingAtOnceGetOneBuildEach() throws {
    let data = Self.catalog(keys: 200)
    let expected = XCStringsParser.parse(data, file: "Localizable.xcstrings").entries
    for _ in 0..<5 {
      let catalog = XCStringsCatalog(data, file: "Localizable.xcstrings")
      let start = Gate()
      let threads = (0..<8).map { thread in
        JoinableThread { () -> [String: Int] in
          start.wait()
          var counts: [String: Int] = [:]
          for offset in 0..<Self.languages.count {
            let code = Self.languages[(thread + offset) % Self.languages.count]
            let entries = catalog.entries(for: .test(code))
            counts[code] = entries == expected[.test(code)] ? entries.count : -1
          }
          return counts
        }
      }
      start.open()
      for thread in threads {
        #expect(thread.join() == Dictionary(uniqueKeysWithValues: Self.languages.map { ($0, 200) }))
      }
      #expect(catalog.buildCount == Self.languages.count)
    }
  }
}
