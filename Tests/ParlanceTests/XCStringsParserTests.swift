import Foundation
import Testing

@testable import Parlance

/// `case.expected.json` beside each `case.xcstrings`.
private struct XCStringsFixture: Decodable {
  var sourceLanguage: String?
  var version: String?
  /// Per language, per key.
  var entries: [String: [String: ExpectedMessage]]
  /// `line:column: language 'key' variation: reason`, in file order.
  var unusable: [String]
  var diagnostics: [String]
}

func renderedUnusable(_ units: [XCStringsFile.UnusableUnit]) -> [String] {
  units.map { unit in
    let reason =
      switch unit.reason {
      case .state(let state): "state '\(state)'"
      case .missingState: "no state"
      case .emptyValue: "empty value"
      case .noDesktopVariant: "no desktop variant"
      case .missingOtherForm: "no 'other' form"
      }
    let variation = unit.variation.map { " " + $0 } ?? ""
    return "\(unit.location): \(unit.language) '\(unit.key)'\(variation): \(reason)"
  }
}

private func parse(_ text: String) -> XCStringsFile {
  XCStringsParser.parse(Data(text.utf8), file: "test.xcstrings")
}

@Suite("XCStringsParser")
struct XCStringsParserTests {
  @Test("fixture", arguments: fixtureNames(in: "xcstrings", extension: "xcstrings"))
  func fixture(_ name: String) throws {
    let source = try fixtureURL("xcstrings/\(name).xcstrings")
    let expected = try JSONDecoder().decode(
      XCStringsFixture.self,
      from: Data(contentsOf: try fixtureURL("xcstrings/\(name).expected.json")))

    let file = try XCStringsParser.parse(contentsOf: source)

    #expect(file.sourceLanguage?.identifier == expected.sourceLanguage)
    #expect(file.version == expected.version)
    let languages = Set(file.entries.keys.map(\.identifier))
    #expect(languages == Set(expected.entries.keys))
    for (language, entries) in file.entries {
      let wanted = expected.entries[language.identifier] ?? [:]
      #expect(Set(entries.map(\.key)) == Set(wanted.keys), "\(language)")
      // File order: the locations never go back.
      #expect(entries.map(\.location) == entries.map(\.location).sorted(), "\(language)")
      for entry in entries {
        wanted[entry.key]?.check(entry, in: "\(name) [\(language)]")
      }
    }
    #expect(renderedUnusable(file.unusable).sorted() == expected.unusable.sorted())
    #expect(renderedDiagnostics(file.diagnostics) == expected.diagnostics)
    #expect(file.diagnostics.allSatisfy { $0.file == source.path })
  }

  /// One catalog written as UTF-8, with a byte order mark, as UTF-16 either way, and as
  /// a slice of larger `Data` (read in place, not copied): the same entries each time. A
  /// byte that is not UTF-8 is one error at its line and column, and the rest is read.
  @Test func everyUnicodeSpellingOfACatalogReadsTheSame() throws {
    let text = """
      {"sourceLanguage": "en", "version": "1.0", "strings": {
        "greeting": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Grüß dich"}}}},
        "farewell": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Tschüss"}}}}
      }}
      """
    func texts(_ file: XCStringsFile) -> [String] {
      (file.entries[.test("de")] ?? []).map { "\($0.key)=\($0.message) \($0.location)" }
    }
    let plain = XCStringsParser.parse(Data(text.utf8), file: "t.xcstrings")
    #expect(plain.diagnostics.isEmpty)
    #expect(texts(plain).count == 2)
    var padded = Data("garbage".utf8)
    padded.append(Data(text.utf8))
    let spellings: [(String, Data)] = [
      ("byte order mark", Data([0xEF, 0xBB, 0xBF] + Array(text.utf8))),
      ("UTF-16LE", Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!),
      ("UTF-16BE without a mark", text.data(using: .utf16BigEndian)!),
      ("a slice", padded[padded.startIndex.advanced(by: 7)...]),
    ]
    for (name, data) in spellings {
      let file = XCStringsParser.parse(data, file: "t.xcstrings")
      #expect(texts(file) == texts(plain), "\(name)")
    }
    var broken = Array(text.utf8)
    let at = try #require(broken.firstIndex(of: UInt8(ascii: "T")))
    broken[at] = 0xFF
    let file = XCStringsParser.parse(Data(broken), file: "t.xcstrings")
    #expect(renderedDiagnostics(file.diagnostics) == ["3:89: error: bytes are not valid UTF-8"])
    #expect(texts(file).count == 2)
  }

  @Test func fixturesAreFound() {
    #expect(fixtureNames(in: "xcstrings", extension: "xcstrings").count >= 9)
  }

  @Test(arguments: [
    ("", "1:1"), ("{", "1:2"), ("{\"strings\": {\"a\": }}", "1:19"), ("[1, 2", "1:6"),
    ("{\"strings\": {\"a\": tru}}", "1:19"), ("{\n  \"strings\": \"x\n\"}", "2:14"),
  ])
  func corruptJSONIsAnErrorWhereItGoesWrong(_ text: String, _ location: String) {
    let file = parse(text)
    #expect(file.entries.isEmpty)
    #expect(file.diagnostics.count == 1)
    #expect(file.diagnostics.first?.severity == .error)
    #expect(file.diagnostics.first?.location.description == location)
  }

  @Test func wrongTypesAtTheTopAreAnErrorAtTheStart() {
    let file = parse(#"{"sourceLanguage": "en", "strings": ["a"]}"#)
    #expect(file.entries.isEmpty)
    #expect(
      renderedDiagnostics(file.diagnostics) == [
        "1:1: error: invalid JSON: 'strings' should be an object"
      ])
  }

  @Test func missingSourceLanguageServesOnlyTranslations() {
    let file = parse(
      #"{"strings": {"a": {"localizations": {"de": {"stringUnit": "#
        + #"{"state": "translated", "value": "A"}}}}}}"#)
    #expect(file.sourceLanguage == nil)
    #expect(file.entries.keys.map(\.identifier) == ["de"])
    #expect(file.diagnostics.map(\.kind) == [.missingSourceLanguage])
  }

  @Test func duplicateKeyKeepsTheFirstValue() {
    let file = parse(
      """
      {"sourceLanguage": "en", "strings": {
      "a": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "1"}}}},
      "a": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "2"}}}}
      }}
      """)
    #expect(file.entries[.test("en")]?.map(\.message) == [.text(MessageTemplate("1"))])
    #expect(
      file.diagnostics.map(\.kind) == [
        .duplicateJSONKey("a", firstAt: SourceLocation(line: 2, column: 1))
      ])
  }

  /// A key written 1,500 times more: the first 1,000 repeats are listed, the others
  /// counted in the summary, which stands at the first it hides; with a problem before
  /// them (no source language), the summary stands one repeat sooner.
  @Test func repeatsBeyondTheLimitAreCountedFromTheFirstHidden() {
    for sourceLanguage in [#""sourceLanguage": "en", "#, ""] {
      let repeated = String(repeating: "\"a\": {},\n", count: 1_501)
      let file = parse("{\(sourceLanguage)\"strings\": {\n\(repeated)\"b\": {}\n}}")
      let earlier = sourceLanguage.isEmpty ? 1 : 0
      #expect(file.diagnostics.count == Diagnostic.limitPerFile + 1)
      #expect(DiagnosticTotals(file.diagnostics) == DiagnosticTotals(warnings: 1_500 + earlier))
      let summary = file.diagnostics.first {
        if case .tooManyDiagnostics = $0.kind { true } else { false }
      }
      // Line 2 holds the first "a"; its repeats are lines 3 on.
      #expect(summary?.location == SourceLocation(line: 3 + 1_000 - earlier, column: 1))
      #expect(
        summary?.kind
          == .tooManyDiagnostics(
            limit: 1000, notReported: DiagnosticTotals(warnings: 500 + earlier)))
    }
  }

  /// Keys are one key when they are equal as Swift strings, whatever their bytes: an
  /// escape, a decomposed accent, the Kelvin sign (canonically the letter K). A reader
  /// that told keys apart by their bytes would serve each twice.
  @Test func keysEqualAsStringsAreOneKeyWhateverTheirBytes() {
    let file = parseKeys([
      "a", "\\u0061", "caf\\u00e9", "cafe\\u0301", "Key", "\\u212Aey",
    ])
    #expect(file.entries[.test("en")]?.map(\.message) == values(1, 3, 5))
    #expect(
      file.diagnostics.map(\.kind) == [
        .duplicateJSONKey("a", firstAt: SourceLocation(line: 2, column: 1)),
        .duplicateJSONKey("cafe\u{301}", firstAt: SourceLocation(line: 4, column: 1)),
        .duplicateJSONKey("\u{212A}ey", firstAt: SourceLocation(line: 6, column: 1)),
      ])
  }

  /// The same, with the keys written as UTF-8 and repeats both before and after the first
  /// key that is not plain ASCII: the reader tells plain keys apart by their bytes until
  /// then, and by `String` equality from there, the keys before included.
  @Test func aKeyEqualToAPlainOneIsOneKeyBeforeAndAfterTheFirstUnplainKey() {
    let file = parseKeys([
      "Key", "Key", "\u{212A}ey", "Key", "caf\u{E9}", "cafe\u{301}", "other", "other",
    ])
    #expect(file.entries[.test("en")]?.map(\.message) == values(1, 5, 7))
    let first = SourceLocation(line: 2, column: 1)
    #expect(
      file.diagnostics.map(\.kind) == [
        .duplicateJSONKey("Key", firstAt: first),
        .duplicateJSONKey("\u{212A}ey", firstAt: first),
        .duplicateJSONKey("Key", firstAt: first),
        .duplicateJSONKey("cafe\u{301}", firstAt: SourceLocation(line: 6, column: 1)),
        .duplicateJSONKey("other", firstAt: SourceLocation(line: 8, column: 1)),
      ])
  }

  /// 300 keys made of pieces that are one text written several ways (an escape, a
  /// decomposed accent, the Kelvin sign), plain ASCII ones among them, read against
  /// Swift's own equality: each text is served once, with the value of its first
  /// spelling, and every later spelling is a repeat of that first, whichever of the
  /// readers' two ways (bytes while keys are plain, strings after) told them apart.
  @Test func randomSpellingsOfKeysAreOneKeyExactlyWhenEqualAsStrings() {
    // Each piece as written in the JSON, and the text it stands for.
    let pieces: [(written: String, text: String)] = [
      ("a", "a"), ("\\u0061", "a"), ("K", "K"), ("\u{212A}", "\u{212A}"),
      ("\\u212A", "\u{212A}"), ("\u{E9}", "\u{E9}"), ("e\u{301}", "e\u{301}"),
      ("\\u00e9", "\u{E9}"), ("b", "b"), (" ", " "), ("\\n", "\n"), ("1", "1"),
    ]
    for seed in UInt64(1)...4 {
      var random = SplitMix64(seed: seed)
      // Plain pieces only for the first keys, so that the readers start on bytes.
      let plainFirst = Int(random.next() % 60)
      var keys: [(written: String, text: String)] = []
      for index in 0..<300 {
        let choices = index < plainFirst ? [0, 2, 8, 9, 11] : Array(pieces.indices)
        let parts = (0..<(1 + Int(random.next() % 3))).map { _ in
          pieces[choices[Int(random.next() % UInt64(choices.count))]]
        }
        keys.append((parts.map(\.written).joined(), parts.map(\.text).joined()))
      }
      var firstLine: [String: Int] = [:]
      var served: [Int] = []
      var repeats: [Diagnostic.Kind] = []
      for (index, key) in keys.enumerated() {
        if let line = firstLine[key.text] {
          repeats.append(
            .duplicateJSONKey(key.text, firstAt: SourceLocation(line: line, column: 1)))
        } else {
          firstLine[key.text] = index + 2
          served.append(index + 1)
        }
      }
      let file = parseKeys(keys.map(\.written))
      #expect(
        file.entries[.test("en")]?.map(\.message)
          == served.map { .text(MessageTemplate(String($0))) },
        "seed \(seed)")
      #expect(file.diagnostics.map(\.kind) == repeats, "seed \(seed)")
    }
  }

  /// A catalog of `keys` as written in its JSON, one a line from line 2, the English
  /// value of each its place from 1.
  private func parseKeys(_ keys: [String]) -> XCStringsFile {
    let members = keys.enumerated().map { index, key in
      #""\#(key)": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "\#(index + 1)"}}}}"#
    }
    return parse(
      "{\"sourceLanguage\": \"en\", \"strings\": {\n" + members.joined(separator: ",\n") + "\n}}")
  }

  private func values(_ places: Int...) -> [Message] {
    places.map { .text(MessageTemplate(String($0))) }
  }

  @Test func largeCatalogIsReadInLinearTime() {
    // 30 000 keys in 3 languages, about 5 MB.
    let keys = (0..<30_000).map { index in
      """
      "key \(index)" : { "localizations" : {
        "de" : { "stringUnit" : { "state" : "translated", "value" : "Wert \(index)" } },
        "fr" : { "stringUnit" : { "state" : "new", "value" : "valeur \(index)" } } } }
      """
    }
    let file = parse(
      "{ \"sourceLanguage\" : \"en\", \"strings\" : {\n" + keys.joined(separator: ",\n") + "\n} }")
    #expect(file.entries[.test("en")]?.count == 30_000)
    #expect(file.entries[.test("de")]?.count == 30_000)
    #expect(file.unusable.count == 30_000)
    #expect(
      file.entries[.test("de")]?.last?.location == SourceLocation(line: 2 + 3 * 29_999, column: 1))
  }
}
