import Foundation
import Testing

@testable import Parlance

/// `case.expected.json` beside each `case.strings`.
private struct StringsFixture: Decodable {
  /// The table: for a duplicated key, the last value.
  var entries: [String: String]
  /// `line:column: severity: message`, in order.
  var diagnostics: [String]
}

private let fixtureFolder = Bundle.module.url(forResource: "Fixtures", withExtension: nil)?
  .appendingPathComponent("strings")

private func fixtureNames() -> [String] {
  guard let folder = fixtureFolder,
    let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
  else { return [] }
  return names.filter { $0.hasSuffix(".strings") }
    .map { String($0.dropLast(".strings".count)) }
    .sorted()
}

private func parse(_ text: String, file: String = "test.strings") -> StringsFile {
  StringsParser.parse(Array(text.utf8), file: file)
}

private func rendered(_ diagnostics: [Diagnostic]) -> [String] {
  diagnostics.map { "\($0.location): \($0.severity.rawValue): \($0.message)" }
}

@Suite("StringsParser")
struct StringsParserTests {
  @Test("fixture", arguments: fixtureNames())
  func fixture(_ name: String) throws {
    let folder = try #require(fixtureFolder)
    let source = folder.appendingPathComponent(name + ".strings")
    let expectedURL = folder.appendingPathComponent(name + ".expected.json")
    let expected = try JSONDecoder().decode(
      StringsFixture.self, from: Data(contentsOf: expectedURL))

    let file = try StringsParser.parse(contentsOf: source)

    #expect(file.table == expected.entries)
    #expect(rendered(file.diagnostics) == expected.diagnostics)
    #expect(file.diagnostics.allSatisfy { $0.file == source.path })
  }

  @Test func fixturesAreFound() {
    // The parameterized test passes vacuously when the resource folder is missing.
    #expect(fixtureNames().count >= 20)
  }

  @Test func entriesKeepFileOrderAndLocations() {
    let file = parse("\"a\" = \"1\";\n  b = \"2\";\n/* x */ \"a\" = \"3\";\n\"ключ\" = \"4\";")
    #expect(file.entries.map(\.key) == ["a", "b", "a", "ключ"])
    #expect(
      file.entries.map(\.location) == [
        SourceLocation(line: 1, column: 1), SourceLocation(line: 2, column: 3),
        SourceLocation(line: 3, column: 9), SourceLocation(line: 4, column: 1),
      ])
    #expect(file.table == ["a": "3", "b": "2", "ключ": "4"])
    #expect(
      file.diagnostics.map(\.kind) == [
        .duplicateKey("a", firstAt: SourceLocation(line: 1, column: 1))
      ])
  }

  @Test func diagnosticDescriptionNamesTheFile() {
    let file = parse(
      "\"greeting\" = \"Hi\";\n\"greeting\" = \"Hello\";", file: "de.lproj/A.strings")
    #expect(
      file.diagnostics.map(\.description) == [
        "de.lproj/A.strings:2:1: warning: duplicate key 'greeting' (first defined at 1:1); "
          + "the last value wins"
      ])
  }

  @Test func dataAndBytesGiveTheSameResult() {
    let bytes = Array("\"a\" = \"b\\n\";\n\"c\" \"d\";\n".utf8)
    #expect(StringsParser.parse(Data(bytes), file: "x") == StringsParser.parse(bytes, file: "x"))
  }

  @Test func missingFileThrows() {
    #expect(throws: (any Error).self) {
      try StringsParser.parse(contentsOf: URL(fileURLWithPath: "/nonexistent/Localizable.strings"))
    }
  }

  @Test func invisibleCharactersAreNamedByCodePoint() {
    let file = parse("\"a\" \u{7}")
    #expect(rendered(file.diagnostics) == ["1:5: error: expected '=' after the key, found U+0007"])
  }

  @Test func diagnosticsAreCapped() {
    let text = (0..<2000).map { "\"k\($0)\" = \"\\q\";\n" }.joined()
    let file = parse(text)
    #expect(file.entries.count == 2000)
    #expect(file.diagnostics.count == 1001)
    #expect(
      file.diagnostics.last?.kind
        == .tooManyDiagnostics(limit: 1000, notReported: DiagnosticTotals(warnings: 1000)))
  }

  /// The warnings of one string are held until it ends; beyond the cap they still count.
  @Test func escapesOfOneStringBeyondTheCapAreCounted() {
    let file = parse("\"k\" = \"" + String(repeating: "\\q", count: 2_000) + "\";\n\"bad\" = ;\n")
    #expect(file.entries.count == 1)
    #expect(file.diagnostics.count == 1001)
    #expect(DiagnosticTotals(file.diagnostics) == DiagnosticTotals(errors: 1, warnings: 2_000))
    #expect(
      rendered(file.diagnostics).last
        == "2:9: error: too many problems: only the first 1000 are reported; "
        + "not reported: 1 error, 1000 warnings")
  }

  /// Inputs that would take quadratic time, or give one diagnostic per byte, in a naive
  /// parser; by name, so that test reports stay short.
  private static let pathologicalInputs: [String: String] = [
    "quotes": String(repeating: "\"", count: 1_000_001),
    "comment openers": String(repeating: "/*", count: 500_000),
    "semicolons": String(repeating: ";", count: 1_000_000),
    "equals signs": String(repeating: "=", count: 1_000_000),
    "unknown escapes": "\"" + String(repeating: "\\’", count: 300_000),
    "backslashes": String(repeating: "\\", count: 1_000_000),
    "keys without values": String(repeating: "\"a\" x\n", count: 200_000),
    "entries without semicolons": String(repeating: "\"a\" = \"b\" ", count: 100_000),
  ]

  /// No time is asserted: docs/RELIABILITY.md measures the 10 MB inputs in a release
  /// build; the test runner's own timeout catches a hang.
  @Test(arguments: pathologicalInputs.keys.sorted())
  func pathologicalInputGivesOneError(_ name: String) throws {
    let text = try #require(Self.pathologicalInputs[name])
    let file = parse(text)
    #expect(file.entries.count <= 1)
    #expect(file.diagnostics.count == 1)
    #expect(file.diagnostics.allSatisfy { $0.severity == .error })
  }

  @Test func oneLongLineOfEntries() {
    let text = (0..<50_000).map { "\"k\($0)\"=\"v\";" }.joined()
    let file = parse(text)
    #expect(file.entries.count == 50_000)
    let lastColumn = 1 + (0..<49_999).reduce(0) { $0 + "\"k\($1)\"=\"v\";".count }
    #expect(file.entries.last?.location == SourceLocation(line: 1, column: lastColumn))
    #expect(file.diagnostics.isEmpty)
  }

  @Test func locatorRestartsForAnEarlierOffset() {
    let bytes = Array("ab\ncd\r\nef\rgh".utf8)
    bytes.withUnsafeBufferPointer { text in
      var locator = LineLocator()
      #expect(locator.location(of: 11, in: text) == SourceLocation(line: 4, column: 2))
      #expect(locator.location(of: 4, in: text) == SourceLocation(line: 2, column: 2))
      #expect(locator.location(of: 7, in: text) == SourceLocation(line: 3, column: 1))
    }
  }

  /// Random mixes of the characters that matter never crash, and agree with Foundation
  /// whenever both accept the text.
  @Test func randomInputAgreesWithPropertyListSerialization() {
    let pieces = [
      "\"a\"", "\"b\"", "\"", " = ", "=", ";", ";", "\n", " ", "/*", "*/", "//", "\\n", "\\\"",
      "\\'", "\\101", "\\U00e9", "x", "{", "}",
    ]
    var generator = SplitMix64(seed: 42)
    var compared = 0
    for _ in 0..<5000 {
      let length = Int.random(in: 0..<12, using: &generator)
      var text = ""
      for _ in 0..<length {
        text += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
      }
      let file = parse(text)
      for diagnostic in file.diagnostics {
        #expect(diagnostic.location.line >= 1 && diagnostic.location.column >= 1)
      }
      guard file.diagnostics.allSatisfy({ $0.severity == .warning }),
        let plist = try? PropertyListSerialization.propertyList(
          from: Data(text.utf8), format: nil) as? [String: String]
      else { continue }
      compared += 1
      #expect(file.table == plist, "\(text.debugDescription)")
    }
    #expect(compared > 100)
  }

  // MARK: TextDecoding

  @Test func validUTF8IsReturnedAsIs() {
    let bytes = Array("\"a\" = \"日本語 😀\";".utf8)
    let decoded = TextDecoding.decodeUnicode(bytes)
    #expect(decoded == DecodedText(utf8: bytes, encodingName: "UTF-8", firstInvalidOffset: nil))
  }

  @Test(
    arguments: [
      ([0xFF, 0xFE, 0x41, 0x00], "UTF-16LE"),
      ([0xFE, 0xFF, 0x00, 0x41], "UTF-16BE"),
      ([0x41, 0x00, 0x42, 0x00], "UTF-16LE"),
      ([0x00, 0x41, 0x00, 0x42], "UTF-16BE"),
      ([0xEF, 0xBB, 0xBF, 0x41], "UTF-8"),
    ] as [([UInt8], String)])
  func byteOrderMarksAndGuesses(_ bytes: [UInt8], encoding: String) {
    let decoded = TextDecoding.decodeUnicode(bytes)
    #expect(decoded.encodingName == encoding)
    #expect(decoded.utf8.first == 0x41)
    #expect(decoded.firstInvalidOffset == nil)
  }

  @Test func oddTrailingByteOfUTF16IsReplaced() {
    let decoded = TextDecoding.decodeUnicode([0xFF, 0xFE, 0x41, 0x00, 0x42])
    #expect(decoded.utf8 == [0x41, 0xEF, 0xBF, 0xBD])
    #expect(decoded.firstInvalidOffset == 1)
  }

  /// The hand-written validator and repair agree with the standard library's.
  @Test func utf8ValidationMatchesTheStandardLibrary() {
    var generator = SplitMix64(seed: 7)
    let interesting: [UInt8] = [
      0x41, 0x22, 0x80, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0xA0,
      0x9F, 0x90, 0x8F,
    ]
    for _ in 0..<5000 {
      let length = Int.random(in: 0..<24, using: &generator)
      let bytes = (0..<length).map { _ in
        interesting[Int.random(in: 0..<interesting.count, using: &generator)]
      }
      let decoded = TextDecoding.decodeUnicode(bytes)
      guard decoded.encodingName == "UTF-8" else { continue }
      let valid = String(validating: bytes, as: UTF8.self) != nil
      #expect((decoded.firstInvalidOffset == nil) == valid, "\(bytes)")
      #expect(decoded.utf8 == Array(String(decoding: bytes, as: UTF8.self).utf8), "\(bytes)")
    }
  }
}
