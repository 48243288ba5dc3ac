import Foundation
import Testing

/// `parlance` without a subcommand and without a display: the catalogs still load (on the
/// thread that loads them beside GTK's start), and the languages are shown in the terminal.
@Suite struct WindowCommandTests {
  let runner: CommandRunner

  init() throws {
    runner = try CommandRunner()
  }

  @Test func withoutADisplayTheWindowsLanguagesAreShownInTheTerminal() throws {
    let output = try runner.run(["--language", "de"], timeout: .seconds(60))
    #expect(output.status == 0, "\(output.stderr)")
    #expect(
      output.stderr
        == "parlance: no display; showing the languages in the terminal instead "
        + "(`make run` photographs the window under Xvfb)\n")
    #expect(output.stdout.hasPrefix("Parlance: de → de → en\n"), "\(output.stdout)")
    #expect(output.stdout.contains("[de] Deutsch (German, ltr)\n  Parlance – Sprachvorschau\n"))
    #expect(output.stdout.contains("[ar] العربية (Arabic, rtl)\n"))
  }

  @Test func withoutADisplayACatalogErrorFailsTheStart() throws {
    let missing = runner.configHome.appendingPathComponent("no-such-folder").path
    let output = try runner.run(["--resources", missing], timeout: .seconds(60))
    #expect(output.status == 1)
    #expect(output.stdout == "")
    #expect(
      output.stderr
        == "parlance: error: resources folder '\(missing)' does not exist\n", "\(output.stderr)")
  }
}
