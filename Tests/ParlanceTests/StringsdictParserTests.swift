import Foundation
import Testing

@testable import Parlance

/// `case.expected.json` beside each `case.stringsdict`.
private struct StringsdictFixture: Decodable {
  var entries: [String: ExpectedMessage]
  /// The keys of `entries` in file order.
  var order: [String]
  /// `line:column: severity: message`, in order.
  var diagnostics: [String]
}

private func parse(_ text: String) -> StringsdictFile {
  StringsdictParser.parse(Data(text.utf8), file: "test.stringsdict")
}

private func plist(_ body: String) -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <plist version="1.0">
  <dict>
  \(body)
  </dict>
  </plist>
  """
}

private func pluralEntry(_ key: String, forms: String = "<key>other</key><string>%d x</string>")
  -> String
{
  """
    <key>\(key)</key>
    <dict>
      <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
      <key>n</key>
      <dict>
        <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        \(forms)
      </dict>
    </dict>
  """
}

@Suite("StringsdictParser")
struct StringsdictParserTests {
  @Test("fixture", arguments: fixtureNames(in: "stringsdict", extension: "stringsdict"))
  func fixture(_ name: String) throws {
    let source = try fixtureURL("stringsdict/\(name).stringsdict")
    let expected = try JSONDecoder().decode(
      StringsdictFixture.self,
      from: Data(contentsOf: try fixtureURL("stringsdict/\(name).expected.json")))

    let file = try StringsdictParser.parse(contentsOf: source)

    #expect(file.entries.map(\.key) == expected.order)
    #expect(Set(expected.entries.keys) == Set(expected.order), "fixture is consistent")
    for entry in file.entries {
      expected.entries[entry.key]?.check(entry, in: name)
    }
    #expect(renderedDiagnostics(file.diagnostics) == expected.diagnostics)
    #expect(file.diagnostics.allSatisfy { $0.file == source.path })
  }

  @Test func fixturesAreFound() {
    // The parameterized test passes vacuously when the resource folder is missing.
    #expect(fixtureNames(in: "stringsdict", extension: "stringsdict").count >= 10)
  }

  @Test func binaryPropertyListLoadsWithoutLocations() throws {
    let dictionary: [String: Any] = [
      "files": [
        "NSStringLocalizedFormatKey": "%#@files@",
        "files": [
          "NSStringFormatSpecTypeKey": "NSStringPluralRuleType",
          "NSStringFormatValueTypeKey": "d",
          "one": "%d file", "other": "%d files",
        ],
      ],
      "plain": "Plain",
    ]
    let data = try PropertyListSerialization.data(
      fromPropertyList: dictionary, format: .binary, options: 0)
    let file = StringsdictParser.parse(data, file: "b.stringsdict")
    #expect(file.diagnostics.isEmpty)
    #expect(file.entries.map(\.key) == ["files", "plain"])
    #expect(file.entries.allSatisfy { $0.location == SourceLocation(line: 1, column: 1) })
    var problems: [RenderProblem] = []
    let text = file.entries[0].message.render(
      arguments: [1], language: .test("en"), problems: &problems)
    #expect(text == "1 file")
  }

  @Test func locationsMatchEscapedAndNestedKeys() {
    let emptyOne = "<key>one</key><string></string><key>other</key><string>%d</string>"
    let file = parse(
      plist(
        """
          <!-- <key>commented</key> -->
          <key>a &amp; b &#x41;&#66;</key>
          <string>x</string>
        \(pluralEntry("t&lt;1&gt;", forms: emptyOne))
        """))
    #expect(file.entries.map(\.key) == ["a & b AB", "t<1>"])
    #expect(
      file.entries.map(\.location) == [
        SourceLocation(line: 5, column: 3), SourceLocation(line: 7, column: 3),
      ])
    // The empty form is reported at its variable's key.
    #expect(file.diagnostics.map(\.location) == [SourceLocation(line: 10, column: 5)])
  }

  @Test func duplicateKeyKeepsTheLastValue() {
    let file = parse(
      plist("<key>a</key><string>first</string>\n<key>a</key><string>second</string>"))
    #expect(file.entries.map(\.message) == [.text(MessageTemplate("second"))])
    #expect(
      file.diagnostics.map(\.kind) == [
        .duplicateKey("a", firstAt: SourceLocation(line: 4, column: 1))
      ])
  }

  /// A key written 1,500 times more: the first 1,000 repeats are listed, the others
  /// counted in the summary, which stands at the first it hides.
  @Test func repeatsBeyondTheLimitAreCountedFromTheFirstHidden() {
    let file = parse(plist(String(repeating: "<key>a</key><string>x</string>\n", count: 1_501)))
    #expect(file.entries.count == 1)
    #expect(file.diagnostics.count == Diagnostic.limitPerFile + 1)
    #expect(DiagnosticTotals(file.diagnostics) == DiagnosticTotals(warnings: 1_500))
    let summary = file.diagnostics.first {
      if case .tooManyDiagnostics = $0.kind { true } else { false }
    }
    // Line 4 holds the first "a"; its repeats are lines 5 on.
    #expect(summary?.location == SourceLocation(line: 5 + 1_000, column: 1))
    #expect(
      summary?.kind
        == .tooManyDiagnostics(limit: 1000, notReported: DiagnosticTotals(warnings: 500)))
  }

  @Test func everyTopLevelKeyIsAnEntryOrNamedByADiagnostic() {
    let file = parse(
      plist(
        pluralEntry("ok") + pluralEntry("no-forms", forms: "")
          + "<key>number</key><integer>3</integer>"))
    #expect(file.entries.map(\.key) == ["ok"])
    #expect(file.diagnostics.count == 2)
    #expect(file.diagnostics.allSatisfy { $0.severity == .error })
  }

  @Test(arguments: ["", "not xml at all", "<plist><dict><key>a</key>", "\u{0}\u{1}bplist00"])
  func garbageGivesOneErrorAndNoEntries(_ text: String) {
    let file = parse(text)
    #expect(file.entries.isEmpty)
    #expect(file.diagnostics.count == 1)
    #expect(file.diagnostics.first?.severity == .error)
  }

  /// Random files of every kind of entry (plurals with forms missing, empty, repeated or
  /// not strings, unknown rule types, variable widths, plain strings, repeated and
  /// escaped names) read twice: as written, by our own XML reader, and as Foundation
  /// reads them, made a binary property list (which only Foundation reads). The entries
  /// and the diagnostics (all but the repeats a binary list cannot have, whose places it
  /// does not know) are the same.
  @Test func ourReaderAgreesWithFoundationsOnRandomFiles() throws {
    var random = SplitMix64(seed: 0x5715_2026_1207)
    func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
    func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
    let texts = ["", "%d x", "%d y", "same", "%1$d z", "a &amp; b", "é %d", "%@ and %d"]
    func variable(_ name: String) -> String {
      var children: [String] = []
      if !chance(10) {
        let type = chance(85) ? "NSStringPluralRuleType" : pick(["Other", "NSStringPluralRuleTyp"])
        children.append("<key>NSStringFormatSpecTypeKey</key><string>\(type)</string>")
      }
      if chance(50) { children.append("<key>NSStringFormatValueTypeKey</key><string>d</string>") }
      for category in ["zero", "one", "two", "few", "many", "other", "bogus"] where chance(45) {
        let value = chance(8) ? "<dict/>" : "<string>\(pick(texts))</string>"
        children.append("<key>\(category)</key>\(value)")
        if chance(10) { children.append("<key>\(category)</key><string>\(pick(texts))</string>") }
      }
      children.shuffle(using: &random)
      return "<key>\(name)</key><dict>\(children.joined())</dict>"
    }
    func entry() -> String {
      let key = pick(["files", "n", "t&amp;j", "é", "k1", "k2", "k3", "k4"])
      switch random.next() % 6 {
      case 0: return "<key>\(key)</key><string>\(pick(texts))</string>"
      case 1:
        return "<key>\(key)</key><dict><key>NSStringVariableWidthRuleType</key><dict>"
          + "<key>1</key><string>s</string><key>20</key><string>\(pick(texts))</string>"
          + "</dict></dict>"
      default:
        let names = ["a", "b", "c"].filter { _ in chance(60) }
        var children = [
          "<key>NSStringLocalizedFormatKey</key><string>"
            + names.map { "%#@\($0)@" }.joined(separator: " ") + (names.isEmpty ? "text" : "")
            + "</string>"
        ]
        if chance(10) { children = [] }
        for name in ["a", "b", "c"] where chance(75) {
          children.append(variable(name))
          if chance(10) { children.append(variable(name)) }
        }
        children.shuffle(using: &random)
        return "<key>\(key)</key><dict>\(children.joined(separator: "\n"))</dict>"
      }
    }
    func normalized(_ file: StringsdictFile) -> (entries: [String: Message], diagnostics: [String])
    {
      let entries = Dictionary(file.entries.map { ($0.key, $0.message) }, uniquingKeysWith: { $1 })
      let diagnostics = file.diagnostics.filter {
        if case .duplicateKey = $0.kind { false } else { true }
      }.map { "\($0.severity.rawValue): \($0.message)" }.sorted()
      return (entries, diagnostics)
    }
    var plurals = 0
    for round in 0..<300 {
      let xml = plist(
        (0..<(1 + Int(random.next() % 6))).map { _ in entry() }.joined(separator: "\n"))
      #expect(
        Array(xml.utf8).withUnsafeBufferPointer { PlistXMLReader.read($0) } != nil,
        "round \(round): our reader takes every file made here")
      let ours = parse(xml)
      let plist = try PropertyListSerialization.propertyList(from: Data(xml.utf8), format: nil)
      let binary = try PropertyListSerialization.data(
        fromPropertyList: plist, format: .binary, options: 0)
      let foundations = StringsdictParser.parse(binary, file: "test.stringsdict")
      let (ourEntries, ourDiagnostics) = normalized(ours)
      let (theirEntries, theirDiagnostics) = normalized(foundations)
      #expect(ourEntries == theirEntries, "round \(round): \(xml)")
      #expect(ourDiagnostics == theirDiagnostics, "round \(round): \(xml)")
      plurals += ours.entries.filter { if case .plural = $0.message { true } else { false } }.count
    }
    #expect(plurals > 100, "the files had plural messages to compare")
  }

  @Test func largeFileIsReadInLinearTime() {
    // 20 000 entries, about 6 MB: a quadratic step would not finish.
    let body = (0..<20_000).map { pluralEntry("key.\($0)") }.joined(separator: "\n")
    let file = parse(plist(body))
    #expect(file.entries.count == 20_000)
    #expect(file.entries.last?.location == SourceLocation(line: 4 + 9 * 19_999, column: 3))
  }

  /// One entry of 20,000 variables, each named in the format and each with its own
  /// number: every variable reads the argument of its place, and nothing reads the format
  /// once for each variable (that would take minutes).
  @Test func anEntryOfManyVariablesIsReadInLinearTime() throws {
    let count = 20_000
    let names = (0..<count).map { "v\($0)" }
    let definitions = names.map {
      "<key>\($0)</key><dict><key>NSStringFormatSpecTypeKey</key>"
        + "<string>NSStringPluralRuleType</string><key>other</key><string>%d \($0)</string></dict>"
    }
    let body = """
        <key>many</key>
        <dict>
          <key>NSStringLocalizedFormatKey</key>
          <string>\(names.map { "%#@\($0)@" }.joined(separator: " "))</string>
          \(definitions.joined(separator: "\n"))
        </dict>
      """
    let file = parse(plist(body))
    #expect(file.diagnostics.isEmpty)
    guard case .plural(let message) = try #require(file.entries.first).message else {
      Issue.record("not a plural message")
      return
    }
    let variables = message.variables
    #expect(variables.count == count)
    #expect(variables["v0"]?.argumentIndex == 0)
    #expect(variables["v12345"]?.argumentIndex == 12345)
    #expect(variables["v19999"]?.sources[5] == "%d v19999")
  }
}
