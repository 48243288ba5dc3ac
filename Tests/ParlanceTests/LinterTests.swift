import Foundation
import Parlance
import Testing

@Suite struct LinterTests {
  /// One problem of each kind, each at a known line and column (see expected.txt).
  @Test func reportsEveryKindOfProblemWhereItIs() throws {
    let folder = try fixtureURL("lint/resources")
    let findings = Linter().lint([folder])
    let prefix = folder.path + "/"
    let lines = findings.map { $0.description.replacingOccurrences(of: prefix, with: "") }
    let expected = try String(contentsOf: fixtureURL("lint/expected.txt"), encoding: .utf8)
      .split(separator: "\n").map(String.init)
    #expect(lines == expected)
    #expect(findings.filter { $0.severity == .error }.count == 7)
  }

  /// Every plural message has its categories checked against its own language: one
  /// whose key the development language lacks, and those of the development language.
  @Test func checksTheCategoriesOfEveryPluralMessage() throws {
    let folder = try fixtureURL("lint/plurals")
    let prefix = folder.path + "/"
    let lines = Linter().lint([folder]).map {
      $0.description.replacingOccurrences(of: prefix, with: "")
    }
    #expect(
      lines == [
        "en.lproj/Localizable.stringsdict:5:2: error: plural 'folders' of 'folders.count' "
          + "lacks one, which en needs",
        "ru.lproj/Localizable.stringsdict:25:2: warning: key 'files.count' is not in the "
          + "development language (en)",
        "ru.lproj/Localizable.stringsdict:25:2: error: plural 'files' of 'files.count' "
          + "lacks few, many, which ru needs",
      ])
  }

  @Test func theAppsOwnTranslationsHaveNoErrors() throws {
    let resources = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Resources")
    let findings = Linter().lint([resources])
    #expect(findings.filter { $0.severity == .error }.map(\.description) == [])
    // Every language translates every key.
    #expect(!findings.contains { if case .missingKeys = $0.kind { true } else { false } })
  }

  @Test func theCorpusIsLintedWithoutCrashing() throws {
    let corpus = Corpus.root
    try #require(
      FileManager.default.fileExists(atPath: corpus.path), "corpus missing at \(corpus.path)")
    let findings = Linter().lint([corpus])
    // The real files parse; their known warnings (the sq escapes, mastodon's empty
    // plural forms) are all there is.
    #expect(findings.filter { $0.severity == .error }.map(\.description) == [])
    #expect(
      findings.filter { if case .unknownEscape = $0.kind { true } else { false } }.count == 15)
  }

  @Test func missingPathIsAnError() {
    let findings = Linter().lint([URL(fileURLWithPath: "/nonexistent/Localizable.strings")])
    #expect(findings.map(\.severity) == [.error])
  }
}
