import Foundation
import Testing

/// ICU's libraries are opened on first use, not linked: where they cannot be opened the
/// program still runs, says so once, and falls back (plural forms to "other", negotiation
/// to exact tags).
@Suite struct SystemICUTests {
  let runner: CommandRunner
  /// A folder of files named as ICU's libraries that are not libraries: `dlopen` finds
  /// them first through `LD_LIBRARY_PATH` and fails, as it would with ICU missing.
  let brokenICU: URL

  init() throws {
    runner = try CommandRunner()
    brokenICU = runner.configHome.appendingPathComponent("broken-icu", isDirectory: true)
    try FileManager.default.createDirectory(at: brokenICU, withIntermediateDirectories: true)
    for major in 50...99 {
      for library in ["icuuc", "icui18n"] {
        try Data("not a library\n".utf8).write(
          to: brokenICU.appendingPathComponent("lib\(library).so.\(major)"))
      }
    }
  }

  var withoutICU: [String: String] { ["LD_LIBRARY_PATH": brokenICU.path] }

  static let warning = "parlance: warning: system ICU could not be opened ("

  @Test func aStringFallsBackToTheOtherFormAndTheCommandWarnsOnce() throws {
    let output = try runner.run(
      ["string", "files.count", "--count", "21", "--language", "ru"], environment: withoutICU)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout == "21 файла\n")
    #expect(output.stderr.hasPrefix(Self.warning), "\(output.stderr)")
    #expect(output.stderr.contains("libicuuc.so."), "\(output.stderr)")
    #expect(output.stderr.components(separatedBy: "\n").count == 2, "\(output.stderr)")
    // The same command with ICU: CLDR's form for 21 in Russian, and nothing on stderr.
    let withICU = try runner.run(["string", "files.count", "--count", "21", "--language", "ru"])
    #expect(withICU.stdout == "21 файл\n")
    #expect(withICU.stderr == "")
  }

  @Test func negotiationWithoutICUMatchesExactTagsAndWarns() throws {
    let arguments = ["negotiate", "--requested", "zh-TW,de-AT", "--available", "zh-Hant,de,en"]
    let output = try runner.run(arguments, environment: withoutICU)
    #expect(output.status == 0)
    #expect(output.stdout == "de\n", "\(output.stdout)")
    #expect(output.stderr.hasPrefix(Self.warning), "\(output.stderr)")
    let withICU = try runner.run(arguments)
    #expect(withICU.stdout == "zh-Hant\nde\n", "\(withICU.stdout)")
  }
}
