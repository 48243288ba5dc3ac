import Foundation
import Testing

/// `parlance preview` and `parlance FILE.ui` as a terminal (or a file manager) runs them,
/// without a display: every problem with the files is found before one is needed.
@Suite(.serialized) struct PreviewCommandTests {
  let runner: CommandRunner

  init() throws {
    runner = try CommandRunner()
  }

  static let fixtures = CommandRunner.packageRoot
    .appendingPathComponent("Tests/ParlanceInterfaceTests/Fixtures")
  static let previewFile = fixtures.appendingPathComponent("preview/preview.ui").path
  static let usageLine =
    "usage: parlance preview UI_FILE... [--po DIR] [--resources DIR] [--translations DIR] "
    + "[--gettext-domain DOMAIN]... [--locale-dir DIR]... [--language TAG] [--object ID] "
    + "[--translator] [--show-keys]"

  @Test func noFileIsBadUsage() throws {
    let output = try runner.run(["preview"])
    #expect(output.status == 2)
    #expect(output.stderr == "parlance: error: missing UI_FILE\n" + Self.usageLine + "\n")
    #expect(output.stdout == "")
  }

  @Test(arguments: [
    ["preview", previewFile, "--no-such-option"], ["preview", previewFile, "--language", "!!"],
    ["preview", previewFile, "--object"],
  ])
  func badOptionsAreBadUsage(_ arguments: [String]) throws {
    let output = try runner.run(arguments)
    #expect(output.status == 2)
    #expect(output.stderr.hasSuffix("\n" + Self.usageLine + "\n"), "\(output.stderr)")
  }

  @Test func helpShowsTheUsage() throws {
    let output = try runner.run(["preview", "--help"])
    #expect(output.status == 0)
    #expect(output.stdout == Self.usageLine + "\n")
  }

  @Test func missingFileIsAnErrorAtItsStart() throws {
    let missing = Self.fixtures.appendingPathComponent("no-such-dialog.ui").path
    let output = try runner.run(["preview", missing])
    #expect(output.status == 1)
    #expect(output.stderr == "\(missing):1:1: error: cannot read file: no such file\n")
    #expect(output.stdout == "")
  }

  @Test func malformedFileIsAnErrorWithItsPosition() throws {
    let malformed = Self.fixtures.appendingPathComponent("malformed.ui").path
    let output = try runner.run(["preview", Self.previewFile, malformed])
    #expect(output.status == 1)
    #expect(
      output.stderr
        == "\(malformed):5:3: error: malformed interface: </objekt> does not close <object> "
        + "opened at 3:3\n")
    #expect(output.stdout == "")
  }

  @Test func unknownObjectIsAnErrorAtTheInterface() throws {
    let output = try runner.run(["preview", Self.previewFile, "--object", "nope"])
    #expect(output.status == 1)
    #expect(
      output.stderr
        == "\(Self.previewFile):2:1: error: no object with id 'nope' in the interface\n")
    #expect(output.stdout == "")
  }

  @Test func missingTranslationsFolderIsAnError() throws {
    let output = try runner.run(["preview", Self.previewFile, "--po", "/no/such/po"])
    #expect(output.status == 1)
    #expect(output.stderr == "parlance: error: no folder at '/no/such/po' (--po)\n")
  }

  /// A good file gets as far as the display: the po/ folder found beside it is named.
  @Test func goodFileNamesItsTranslationsThenNeedsADisplay() throws {
    let output = try runner.run(["preview", Self.previewFile, "--object", "settings-dialog"])
    #expect(output.status == 1)
    let po = Self.fixtures.appendingPathComponent("preview/po").path
    #expect(output.stdout == "translations: \(po) (found near preview.ui)\n")
    #expect(output.stderr == "parlance: error: cannot open the display (is DISPLAY set?)\n")
  }

  /// The Transmission corpus keeps its `.po` files at the project root, three folders up.
  @Test func poFolderIsFoundAtTheProjectRoot() throws {
    let root = CommandRunner.packageRoot.deletingLastPathComponent()
      .appendingPathComponent("shared/corpus/ui/transmission")
    let dialog = root.appendingPathComponent("gtk/ui/gtk3/PrefsDialog.ui")
    try #require(FileManager.default.fileExists(atPath: dialog.path), "no Transmission corpus")
    let output = try runner.run(["preview", dialog.path])
    #expect(output.stdout == "translations: \(root.path)/po (found near PrefsDialog.ui)\n")
  }

  /// What a file manager's "Open With Parlance" runs: the same checks, the same messages.
  @Test func openingAFileWithoutSubcommandIsThePreview() throws {
    let malformed = Self.fixtures.appendingPathComponent("malformed.ui").path
    let output = try runner.run([malformed])
    #expect(output.status == 1)
    #expect(output.stderr.hasPrefix("\(malformed):5:3: error: malformed interface: "))
    let good = try runner.run([Self.previewFile])
    #expect(good.stderr == "parlance: error: cannot open the display (is DISPLAY set?)\n")
    // Nothing was previewed, so nothing joins the recent interfaces.
    let recent = runner.configHome.appendingPathComponent("parlance/recent-interfaces.json")
    #expect(!FileManager.default.fileExists(atPath: recent.path))
  }

  @Test func previewIsListedInTheUsage() throws {
    let output = try runner.run(["--help"])
    #expect(output.stdout.contains("       parlance preview UI_FILE... [--po DIR]"))
  }

  /// The desktop entry offers Parlance for GtkBuilder files and hands them over.
  @Test func desktopEntryOpensGtkBuilderFiles() throws {
    let entry = CommandRunner.packageRoot
      .appendingPathComponent("data/io.github.parlance.Parlance.desktop")
    let lines = try String(contentsOf: entry, encoding: .utf8).components(separatedBy: "\n")
    #expect(lines.contains("Exec=parlance %F"))
    #expect(lines.contains("MimeType=application/x-gtk-builder;"))
    let validator = "/usr/bin/desktop-file-validate"
    guard FileManager.default.isExecutableFile(atPath: validator) else { return }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: validator)
    process.arguments = [entry.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(text == "", "desktop-file-validate: \(text)")
  }
}
