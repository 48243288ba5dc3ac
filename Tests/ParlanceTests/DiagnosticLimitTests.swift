import Foundation
import Testing

@testable import Parlance

/// The cap on diagnostics limits what is kept to show, never what counts: a file with
/// 1,100 warnings and then two errors is a file with errors, in every format.
@Suite struct DiagnosticLimitTests {
  static let warnings = 1_100

  /// A file of each format: `warnings` warnings, then two errors on entries of their own.
  static let files: [String: String] = [
    "en.lproj/Localizable.strings": (0..<warnings).map { "\"k\($0)\" = \"\\q\";\n" }.joined()
      + "\"bad1\" = ;\n\"good\" = \"v\";\n\"bad2\" = ;\n",
    "po/en.po": "msgid \"\"\nmsgstr \"\"\n\"Language: en\\n\"\n\n"
      + (0..<warnings).map { "msgid \"k\($0)\"\nmsgstr \"\\q\"\n\n" }.joined()
      + "msgid \"bad1\"\nmsgstr \"v\"\ngarbage\n\nmsgid \"good\"\nmsgstr \"v\"\n\n"
      + "msgid \"bad2\"\nmsgstr \"v\"\ngarbage\n",
    "en.lproj/Localizable.stringsdict": plist(
      (0..<warnings).map { index in
        "<key>k\(index)</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@v@</string>"
          + "<key>v</key><dict><key>NSStringFormatSpecTypeKey</key>"
          + "<string>NSStringPluralRuleType</string><key>bogus</key><string>x</string>"
          + "<key>other</key><string>%d</string></dict></dict>\n"
      }.joined()
        + "<key>bad1</key><dict><key>v</key><string>x</string></dict>\n"
        + "<key>bad2</key><dict><key>v</key><string>x</string></dict>\n"),
    "Localizable.xcstrings": "{\"sourceLanguage\": \"en\", \"version\": \"1.0\", \"strings\": {\n"
      + String(repeating: "\"dup\": {},\n", count: warnings + 1)
      + "\"bad1\": 5,\n\"bad2\": 5\n}}\n",
  ]

  static func plist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \(body)</dict>
    </plist>

    """
  }

  static func diagnostics(of url: URL) throws -> [Diagnostic] {
    switch url.pathExtension {
    case "strings": try StringsParser.parse(contentsOf: url).diagnostics
    case "po": try PoParser.parse(contentsOf: url).diagnostics
    case "stringsdict": try StringsdictParser.parse(contentsOf: url).diagnostics
    default: try XCStringsParser.parse(contentsOf: url).diagnostics
    }
  }

  @Test(arguments: files.keys.sorted())
  func errorsAfterTheCapStillCount(_ path: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let url = try folder.write(try #require(Self.files[path]), to: path)

    let diagnostics = try Self.diagnostics(of: url)
    #expect(DiagnosticTotals(diagnostics) == DiagnosticTotals(errors: 2, warnings: Self.warnings))
    // What is kept to show stays readable.
    #expect(diagnostics.count <= Diagnostic.limitPerFile + 1)

    let loader = CatalogLoader(
      folders: [try ResourceFolder(url: folder.url)], developmentLanguage: .test("en"))
    #expect(loader.load(.test("en")).hasErrors)
  }

  @Test func theSummaryStandsAtTheFirstErrorItHides() throws {
    let text = try #require(Self.files["en.lproj/Localizable.strings"])
    let file = StringsParser.parse(Array(text.utf8), file: "Localizable.strings")
    let summary = try #require(
      file.diagnostics.first { if case .tooManyDiagnostics = $0.kind { true } else { false } })
    #expect(
      summary.description
        == "Localizable.strings:1101:10: error: too many problems: only the first 1000 are "
        + "reported; not reported: 2 errors, 100 warnings")
  }
}
