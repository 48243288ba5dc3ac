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
