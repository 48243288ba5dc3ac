import Foundation
import Testing

/// `parlance run`, `switch` and `programs` from the command line: what a program is
/// started with, and what the commands say when there is nothing to switch. Switching
/// real programs is Tests/live (under a display, with the programs installed).
@Suite(.serialized)
struct LiveCommandTests {
  let runner: CommandRunner

  init() throws {
    runner = try CommandRunner()
  }

  /// The module `make module` builds beside the binary, as `parlance run` looks for it.
  var module: URL {
    CommandRunner.binary.deletingLastPathComponent().appendingPathComponent(
      "libparlance-live.so")
  }

  @Test func runNeedsAProgramThatExists() throws {
    let none = try runner.run(["run"])
    #expect(none.status == 2)
    #expect(none.stderr.contains("missing PROGRAM"))
    #expect(none.stderr.contains("usage: parlance run [--language TAG] PROGRAM [ARGS...]"))
    let missing = try runner.run(["run", "no-such-program-anywhere"])
    #expect(missing.status == 1)
    #expect(
      missing.stderr == "parlance: error: cannot find the program 'no-such-program-anywhere'\n")
    let noModule = try runner.run(
      ["run", "true"], environment: ["PARLANCE_LIVE_MODULE": "/nonexistent/libparlance-live.so"])
    #expect(noModule.status == 1)
    #expect(noModule.stderr.contains("make module"))
  }

  /// A library any program may preload harmlessly: the user's own LD_PRELOAD.
  let libm = "libm.so.6"

  /// The program gets the module, the gettext record, its language in LANGUAGE, an English messages locale
  /// (the user's kept for the module) and the user's LC_ALL spread over the other
  /// categories; its own arguments, options
  /// included, are its own.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/env")))
  func runStartsTheProgramReadyToBeSwitched() throws {
    try #require(FileManager.default.fileExists(atPath: module.path), "make module first")
    let output = try runner.run(
      ["run", "--language", "pt-BR", "env", "-u", "HOME"],
      environment: [
        "LC_ALL": "de_DE.UTF-8", "GTK3_MODULES": "other", "PATH": "/usr/bin:/bin",
        "LD_PRELOAD": libm,
      ])
    #expect(output.status == 0, "\(output.stderr)")
    let variables = Dictionary(
      output.stdout.split(separator: "\n").compactMap { line -> (String, String)? in
        guard let equals = line.firstIndex(of: "=") else { return nil }
        return (String(line[..<equals]), String(line[line.index(after: equals)...]))
      }, uniquingKeysWith: { _, last in last })
    #expect(variables["GTK3_MODULES"] == module.resolvingSymlinksInPath().path + ":other")
    // The gettext record beside the module, before what the user preloads.
    let preload = module.resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("libparlance-gettext.so")
    #expect(variables["LD_PRELOAD"] == preload.path + ":" + libm)
    #expect(variables["LANGUAGE"] == "pt_BR")
    #expect(variables["LC_ALL"] == nil)
    #expect(variables["LC_TIME"] == "de_DE.UTF-8")
    #expect(variables["LC_MESSAGES"].map { $0.hasPrefix("en_") || $0 == "C.UTF-8" } == true)
    // The user's, which the module gives back once GTK has started.
    #expect(variables["PARLANCE_LIVE_MESSAGES"] == "de_DE.UTF-8")
    #expect(variables["PARLANCE_LIVE_PID"].flatMap { Int($0) } != nil)
    // `-u HOME` was env's option, not parlance's.
    #expect(variables["HOME"] == nil)
  }

  /// Without --language, the choice a switch remembered for the program, else the user's.
  @Test func runStartsInTheRememberedLanguage() throws {
    try #require(FileManager.default.fileExists(atPath: module.path), "make module first")
    let folder = runner.configHome.appendingPathComponent("parlance/programs")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(#"{"language": "fr"}"#.utf8).write(to: folder.appendingPathComponent("printenv.json"))
    let remembered = try runner.run(["run", "printenv", "LANGUAGE"])
    #expect(remembered.stdout == "fr\n", "\(remembered.stderr)")
    let user = try runner.run(
      ["run", "env"], environment: ["LANG": "de_AT.UTF-8", "LANGUAGE": ""])
    #expect(user.stdout.split(separator: "\n").contains("LANGUAGE=de_AT"), "\(user.stdout)")
    // A corrupt choice is a warning, and the user's language.
    try Data("{".utf8).write(to: folder.appendingPathComponent("printenv.json"))
    let corrupt = try runner.run(["run", "printenv", "LANGUAGE"], environment: ["LANG": "C"])
    #expect(corrupt.status == 0)
    #expect(corrupt.stdout == "\n")
    #expect(corrupt.stderr.contains("warning"))
  }

  /// With no program to switch, or no session bus, a message and status 1, no hang.
  @Test func switchWithNothingToSwitchSaysSo() throws {
    let bus = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]
    if let bus {
      let output = try runner.run(
        ["switch", "fr"], environment: ["DBUS_SESSION_BUS_ADDRESS": bus], timeout: .seconds(60))
      #expect(output.status == 1)
      #expect(
        output.stderr
          == "parlance: error: no program started with `parlance run` is running (or answering)\n")
      let listed = try runner.run(
        ["programs", "--json"], environment: ["DBUS_SESSION_BUS_ADDRESS": bus],
        timeout: .seconds(60))
      #expect(listed.status == 0)
      #expect(listed.stdout == "[]\n")
    }
    let noBus = try runner.run(
      ["programs"], environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"],
      timeout: .seconds(60))
    #expect(noBus.status == 1)
    #expect(noBus.stderr.hasPrefix("parlance: error: "))
    let report = try runner.run(
      ["programs", "--report"],
      environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"],
      timeout: .seconds(60))
    #expect(report.status == 1)
    #expect(report.stderr.hasPrefix("parlance: error: "))
    let target = try runner.run(["programs", "--to", "fr"])
    #expect(target.status == 2)
    #expect(target.stderr.contains("--to goes with --report"))
    #expect(target.stderr.contains("usage: parlance programs [--pid PID]"))
    let usage = try runner.run(["switch"])
    #expect(usage.status == 2)
    #expect(usage.stderr.contains("usage: parlance switch TAG|system"))
  }
}
