import Foundation
import Testing

/// `PARLANCE_STARTUP_TRACE=1 parlance`: the real program, started as a user starts it,
/// reports the instants of its start at its first frame and quits — what
/// `parlance-bench switch` times. Needs a display (`make test` runs under Xvfb).
@Suite(.serialized) struct StartupTraceTests {
  let runner: CommandRunner

  init() throws {
    runner = try CommandRunner()
  }

  /// The five instants of a `startup-trace` line, or nil when `line` is not one.
  static func instants(_ line: Substring) -> [Int64]? {
    let fields = line.split(separator: " ")
    guard fields.count == 6, fields[0] == "startup-trace" else { return nil }
    let numbers = fields.dropFirst().compactMap { Int64($0) }
    return numbers.count == 5 ? numbers : nil
  }

  /// Runs the window with the trace on; a watchdog ends a program that never draws.
  func traced(_ arguments: [String]) throws -> CommandRunner.Output {
    var environment = CommandRunner.display
    environment["PARLANCE_STARTUP_TRACE"] = "1"
    environment["DBUS_SESSION_BUS_ADDRESS"] =
      ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]
    return try runner.run(arguments, environment: environment, timeout: .seconds(60))
  }

  @Test(.enabled(if: !CommandRunner.display.isEmpty, "needs a display"))
  func theWindowReportsItsStartInOrderAndQuits() throws {
    let output = try traced(["--language", "de"])
    #expect(output.status == 0, "\(output.stderr)")
    let lines = output.stdout.split(separator: "\n")
    #expect(lines.count == 1, "\(output.stdout)")
    let instants = try #require(lines.first.flatMap(Self.instants), "\(output.stdout)")
    let (main, catalogs, display, shown, frame) =
      (instants[0], instants[1], instants[2], instants[3], instants[4])
    #expect(main > 0)
    // The catalogs load on another thread while GTK starts: after main, before the window.
    #expect(main <= catalogs && catalogs <= display)
    #expect(main <= display && display <= shown && shown <= frame)
  }

  @Test(.enabled(if: !CommandRunner.display.isEmpty, "needs a display"))
  func aCatalogErrorWhileGtkStartsIsReportedAsBefore() throws {
    let missing = runner.configHome.appendingPathComponent("no-such-folder").path
    let output = try traced(["--resources", missing])
    #expect(output.status == 1)
    #expect(output.stdout == "")
    #expect(output.stderr.contains("no-such-folder"), "\(output.stderr)")
  }
}
