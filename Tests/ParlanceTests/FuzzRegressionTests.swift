import Foundation
import Testing

@testable import Parlance

/// Inputs the fuzzers (`make fuzz`, docs/RELIABILITY.md) crashed on, kept under
/// `Fixtures/fuzz/<fuzzer>/crash-N.bin`: each must now parse, render and say what is wrong.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
  /// `argNum` 0, `Int.max` and `Int.min`: reading argument -1, padding the arguments to
  /// `Int.max` elements, and overflowing `argNum - 1` all trapped while rendering.
  @Test(arguments: [
    ("crash-1", "0"), ("crash-2", "9223372036854775807"), ("crash-3", "-9223372036854775808"),
  ])
  func xcstringsArgNumOutsideTheArgumentsIsAnError(_ name: String, _ argNum: String) throws {
    let url = try fixtureURL("fuzz/xcstrings/\(name).bin")
    let file = XCStringsParser.parse(try Data(contentsOf: url), file: "fuzz.xcstrings")

    // The source language falls back to the key, as for any unusable localization.
    #expect(file.entries[.test("en")]?.map(\.message) == [.text(MessageTemplate("files"))])
    #expect(
      renderedDiagnostics(file.diagnostics) == [
        "6:9: error: the 'en' localization of 'files' is skipped: substitution 'files' has "
          + "argNum \(argNum), not between 1 and 999999"
      ])
  }

  /// The same `argNum` values given to `PluralMessage` directly (the fuzzer's layout:
  /// `format \0 name \0 argument \0 zero \0 one \0 … other`): the variable falls back to
  /// the argument its place in the format gives it.
  @Test(arguments: ["crash-1", "crash-2", "crash-3"])
  func pluralVariableWithAnImpossibleArgumentReadsItsPlace(_ name: String) throws {
    let bytes = try [UInt8](Data(contentsOf: try fixtureURL("fuzz/message-template/\(name).bin")))
    let parts = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    try #require(parts.count == 9)
    let forms = Dictionary(uniqueKeysWithValues: zip(PluralCategory.allCases, parts[3...]))
      .filter { !$0.value.isEmpty }
    let message = Message.plural(
      PluralMessage(
        format: parts[0],
        variables: [(name: parts[1], valueType: "d", argument: Int(parts[2]), forms: forms)]))
    let english = LanguageTag.test("en")

    var problems: [RenderProblem] = []
    #expect(
      message.render(arguments: [5], language: english, problems: &problems) == "Delete 5 files?")
    #expect(
      message.render(named: ["files": 1], language: english, problems: &problems)
        == "Delete 1 file?")
    #expect(problems.isEmpty)
  }

  /// Found while checking that no parser is quadratic: each `%%` rebuilt the literal so
  /// far, and each bad `%` counted scalars from the start (docs/RELIABILITY.md, finding 2).
  /// No time is asserted here: `make fuzz`'s 10 MB inputs measure that; the test runner's
  /// own timeout catches a hang.
  @Test func millionEscapedPercentSignsRenderOneEach() {
    let template = MessageTemplate(String(repeating: "%%", count: 1_000_000))
    #expect(template.render() == String(repeating: "%", count: 1_000_000))
    #expect(template.problems.isEmpty)
  }

  @Test func everyBadSpecifierIsReportedAtItsOffset() {
    let source = String(repeating: "é%!", count: 100_000)
    let template = MessageTemplate(source)
    #expect(template.problems.count == 100_000)
    #expect(template.problems.first?.offset == 1)
    #expect(template.problems.last?.offset == 299_998)
    #expect(template.problems.allSatisfy { $0.text == "%!" })
    #expect(template.render() == source)
  }

  /// An 8.7 KB binary property list of 89 strings and a set (FuzzStrings, 7 December):
  /// Foundation on Linux crashes making the set a Swift `Set`, and `parlance lint` of it
  /// stopped with a segmentation fault. It is one error at its start now.
  @Test func aBinaryListHoldingASetIsOneError() throws {
    let data = try Data(contentsOf: try fixtureURL("fuzz/strings/crash-1.bin"))
    let file = StringsParser.parse([UInt8](data), file: "fuzz.strings")
    #expect(file.entries.isEmpty)
    #expect(
      renderedDiagnostics(file.diagnostics) == [
        "1:1: error: invalid property list: the binary property list holds a set, which no "
          + "catalog has and Foundation cannot read here; it is not read"
      ])
  }
}
