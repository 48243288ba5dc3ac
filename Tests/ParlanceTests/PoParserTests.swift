import Foundation
import Testing

@testable import Parlance

/// `case.expected.json` beside each `case.po`.
private struct PoFixture: Decodable {
  enum Value: Decodable, Equatable {
    case text(String)
    case forms([String])

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let forms = try? container.decode([String].self) {
        self = .forms(forms)
      } else {
        self = .text(try container.decode(String.self))
      }
    }
  }

  var language: String?
  var nplurals: Int?
  /// Served entries by key (`context\u{4}msgid` with a context).
  var entries: [String: Value]
  /// `line:column: severity: message`, in order.
  var diagnostics: [String]
  var statistics: [String: Int]
}

private let fixtureFolder = Bundle.module.url(forResource: "Fixtures", withExtension: nil)?
  .appendingPathComponent("po")

private func fixtureNames() -> [String] {
  guard let folder = fixtureFolder,
    let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
  else { return [] }
  return names.filter { $0.hasSuffix(".po") }.map { String($0.dropLast(".po".count)) }.sorted()
}

private func parse(_ text: String) -> PoFile {
  PoParser.parse(Array(text.utf8), file: "test.po")
}

private func rendered(_ diagnostics: [Diagnostic]) -> [String] {
  diagnostics.map { "\($0.location): \($0.severity.rawValue): \($0.message)" }
}

private func values(_ file: PoFile) -> [String: PoFixture.Value] {
  var table: [String: PoFixture.Value] = [:]
  for entry in file.entries {
    switch entry.message {
    case .text(let template): table[entry.key] = .text(template.source)
    case .indexedPlural(let forms, _): table[entry.key] = .forms(forms.map(\.source))
    case .plural: Issue.record("a .po file gave a CLDR plural for '\(entry.key)'")
    }
  }
  return table
}

private func pluralRule(of entry: ParsedEntry?) -> PluralForms? {
  guard case .indexedPlural(_, let rule)? = entry?.message else { return nil }
  return rule
}

private let header = """
  msgid ""
  msgstr ""
  "Language: ru\\n"
  "Content-Type: text/plain; charset=UTF-8\\n"
  "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
  "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"


  """

@Suite("PoParser")
struct PoParserTests {
  @Test("fixture", arguments: fixtureNames())
  func fixture(_ name: String) throws {
    let folder = try #require(fixtureFolder)
    let source = folder.appendingPathComponent(name + ".po")
    let expected = try JSONDecoder().decode(
      PoFixture.self,
      from: Data(contentsOf: folder.appendingPathComponent(name + ".expected.json")))

    let file = try PoParser.parse(contentsOf: source)

    #expect(values(file) == expected.entries)
    #expect(rendered(file.diagnostics) == expected.diagnostics)
    #expect(file.diagnostics.allSatisfy { $0.file == source.path })
    #expect(file.language?.identifier == expected.language)
    #expect(file.pluralForms?.count == expected.nplurals)
    #expect(
      [
        "translated": file.statistics.translated, "fuzzy": file.statistics.fuzzy,
        "untranslated": file.statistics.untranslated,
      ] == expected.statistics)
  }

  @Test func fixturesAreFound() {
    // The parameterized test passes vacuously when the resource folder is missing.
    #expect(fixtureNames().count >= 20)
  }

  @Test func pluralEntriesChooseFormsByTheHeaderRule() throws {
    let file = parse(
      header + """
        msgid "%d file"
        msgid_plural "%d files"
        msgstr[0] "%d файл"
        msgstr[1] "%d файла"
        msgstr[2] "%d файлов"
        """)
    let rule = try #require(pluralRule(of: file.entries.first))
    #expect([1, 2, 5, 11, 21, 22, 111].map { rule.index(for: $0) } == [0, 1, 2, 2, 0, 1, 2])
    #expect(file.pluralForms == rule)
    // Asked for without a number, gettext gives msgstr[0].
    #expect(file.entries.first?.message.displayValue == "%d файл")
  }

  @Test func malformedPluralFormsGiveFormZero() throws {
    let file = parse(
      """
      msgid ""
      msgstr "Plural-Forms: nplurals=3; plural=n %% 10;\\n"

      msgid "%d file"
      msgid_plural "%d files"
      msgstr[0] "a"
      msgstr[1] "b"
      msgstr[2] "c"
      """)
    #expect(file.pluralForms == nil)
    #expect(
      rendered(file.diagnostics) == [
        "2:45: error: invalid 'Plural-Forms': expected an operand, found '%'; "
          + "every number takes form 0"
      ])
    let rule = try #require(pluralRule(of: file.entries.first))
    #expect([0, 1, 2, 5, 100].map { rule.index(for: $0) } == [0, 0, 0, 0, 0])
  }

  @Test func missingPluralFormsUseGettextsDefault() throws {
    let file = parse(
      """
      msgid "%d file"
      msgid_plural "%d files"
      msgstr[0] "%d Datei"
      msgstr[1] "%d Dateien"
      """)
    let rule = try #require(pluralRule(of: file.entries.first))
    #expect([0, 1, 2].map { rule.index(for: $0) } == [1, 0, 1])
    #expect(file.diagnostics.map(\.kind) == [.missingPluralForms])
  }

  @Test func headerFieldsAndCharset() {
    let file = parse(
      """
      # comment before the header
      msgid ""
      msgstr ""
      "Project-Id-Version: demo 1.0\\n"
      "Language-Team: Russian <ru@li.org>\\n"
      "Content-Type: text/plain; charset=utf-8\\n"
      "Language: \\n"
      """)
    #expect(file.header["Project-Id-Version"] == "demo 1.0")
    #expect(file.header["Language-Team"] == "Russian <ru@li.org>")
    #expect(file.header["Language"] == "")
    #expect(file.language == nil)
    #expect(file.charset == "utf-8")
    #expect(file.entries.isEmpty && file.diagnostics.isEmpty)
    #expect(file.statistics == PoFile.Statistics())
  }

  @Test func entryLocationsPointAtMsgid() {
    let file = parse(
      "msgid \"a\"\nmsgstr \"1\"\n\n  msgctxt \"c\"\n  msgid \"b\"\nmsgstr \"2\"\n"
        + "msgid \"ж\"\nmsgstr \"3\"")
    #expect(file.entries.map(\.key) == ["a", "c\u{4}b", "ж"])
    #expect(
      file.entries.map(\.location) == [
        SourceLocation(line: 1, column: 1), SourceLocation(line: 5, column: 3),
        SourceLocation(line: 7, column: 1),
      ])
  }

  @Test func duplicateKeysAreReported() {
    let file = parse("msgid \"a\"\nmsgstr \"1\"\n\nmsgid \"a\"\nmsgstr \"2\"\n")
    #expect(file.entries.map(\.message.displayValue) == ["1", "2"])
    #expect(
      rendered(file.diagnostics) == [
        "4:1: warning: duplicate key 'a' (first defined at 1:1); the last value wins"
      ])
  }

  @Test func utf16WithByteOrderMarkIsRead() {
    let text =
      "msgid \"\"\nmsgstr \"Language: uk\\n\"\n\nmsgid \"Close\"\nmsgstr \"Закрити\"\n"
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in text.utf16 {
      bytes.append(UInt8(unit & 0xFF))
      bytes.append(UInt8(unit >> 8))
    }
    let file = PoParser.parse(bytes, file: "uk.po")
    #expect(file.entries.map(\.message.displayValue) == ["Закрити"])
    #expect(file.language == .test("uk"))
    #expect(file.diagnostics.isEmpty)
  }

  @Test func charsetInsideATranslationIsNotTheDeclaration() {
    // Only the header declares the charset; this file is UTF-8 throughout.
    let file = parse("msgid \"x\"\nmsgstr \"charset=KOI8-R\"\n\nmsgid \"y\"\nmsgstr \"ж\"\n")
    #expect(file.charset == "UTF-8")
    #expect(file.entries.map(\.message.displayValue) == ["charset=KOI8-R", "ж"])
  }

  @Test func readingAMissingFileThrows() {
    #expect(throws: (any Error).self) {
      try PoParser.parse(contentsOf: URL(fileURLWithPath: "/nonexistent/parlance/ru.po"))
    }
  }

  @Test func randomInputNeverCrashes() {
    var generator = SplitMix64(seed: 0x5EED)
    // Pieces of real syntax, so that the scanner reaches deep states and not only errors.
    let pieces = [
      "msgid ", "msgstr ", "msgctxt ", "msgid_plural ", "msgstr[0] ", "msgstr[1] ", "msgstr[9] ",
      "\"", "\\", "\\x", "\\7", "\n", "\r", "\r\n", "#, fuzzy\n", "#~ ", "#| ", "ж", "表", "a",
      "\"\"", "Plural-Forms: nplurals=2; plural=", "n", "?", ":", "(", ")", "%", "\u{0}",
      "charset=KOI8-R", "charset=NOPE", "Language: ", "\\n", " ",
    ]
    for _ in 0..<3000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0..<40, using: &generator) {
        if Bool.random(using: &generator) {
          bytes.append(
            contentsOf: pieces[Int.random(in: 0..<pieces.count, using: &generator)].utf8)
        } else {
          bytes.append(UInt8.random(in: 0...255, using: &generator))
        }
      }
      let file = PoParser.parse(bytes, file: "random.po")
      #expect(file.statistics.translated == file.entries.count)
    }
  }
}
