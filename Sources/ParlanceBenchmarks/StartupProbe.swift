import Foundation
import Parlance
import ParlanceLive
import ParlanceUI
import ParlanceWindow

/// Start to first drawn frame of the program as installed, in fresh processes.
///
/// Each sample spawns the release `parlance` next to `parlance-bench` (built with the
/// flags of `make install`, the Swift runtime linked in) with `PARLANCE_STARTUP_TRACE=1`:
/// the program runs as a user starts it — `GtkApplication`, the stored preference in a
/// real (empty) XDG config folder, catalogs loading while GTK starts — and at its first
/// frame prints the instants of `StartupTrace` and quits. A process per sample because
/// GTK, fontconfig and the catalogs are warm after a first window.
///
/// Beside it, interleaved, the floor: the same window written in C against GTK alone
/// (`parlance-startup-baseline`), which prints the same line. What `parlance` takes beyond
/// it is what Parlance, Swift and the catalogs cost; the rest is GTK's own start. And
/// GTK's least window (the same C program with `--least`: one label), what any GTK 3
/// program pays before its first frame on the machine at that hour.
enum StartupProbe {
  /// Instants of one start, in `CLOCK_MONOTONIC` nanoseconds.
  struct Sample {
    var spawned: Int64
    var trace: StartupTrace
    /// Its resident memory at the first frame, where the program says (the C window).
    var residentKiB: Int?
  }

  /// A program started for a sample: its file and arguments, and variables added to
  /// the environment.
  struct Program {
    let executable: URL
    let arguments: [String]
    var environment: [String: String] = [:]
  }

  /// `parlance --resources resources --language en`, as a user starts it.
  static func parlance(resources: URL) throws -> Program {
    Program(
      executable: try ReleaseProgram.parlance(),
      arguments: ["--resources", resources.path, "--language", "en"])
  }

  /// The same window written in C against GTK alone (`StartupBaseline/startup-baseline.c`,
  /// compiled by `make bench`), or nil when it was not built.
  static func baseline(resources: URL) -> Program? {
    baselineProgram(arguments: ["--resources", resources.path])
  }

  /// GTK's least window: the C program started the same way, showing one label. No
  /// GTK 3 program reaches its first frame sooner on this machine at this hour; nil when
  /// the C program was not built.
  static func leastWindow() -> Program? {
    baselineProgram(arguments: ["--least"])
  }

  /// The C window started as `parlance run` starts a program: through `sh`, which
  /// exports its own pid as `PARLANCE_LIVE_PID` and replaces itself with the window (the
  /// pid stays), with `GTK3_MODULES` naming `module` (nil: none) and `LD_PRELOAD` the
  /// gettext record beside it, as `LiveLauncher` names them. With `inert`, the pid
  /// exported is not the window's, as for a child that inherited the environment.
  static func baselineThroughRun(module: URL?, inert: Bool = false, resources: URL) -> Program? {
    guard let window = baseline(resources: resources) else { return nil }
    let pid = inert ? "1" : "$$"
    var environment: [String: String] = [:]
    if let module {
      let launcher = LiveLauncher(module: module, language: nil)
      environment["GTK3_MODULES"] = module.path
      environment["LD_PRELOAD"] = launcher.preload?.path
    }
    return Program(
      executable: URL(fileURLWithPath: "/bin/sh"),
      arguments: [
        "-c", "PARLANCE_LIVE_PID=\(pid); export PARLANCE_LIVE_PID; exec \"$0\" \"$@\"",
        window.executable.path,
      ] + window.arguments, environment: environment)
  }

  private static func baselineProgram(arguments: [String]) -> Program? {
    let binary = ReleaseProgram.sibling("parlance-startup-baseline")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else { return nil }
    return Program(executable: binary, arguments: arguments)
  }

  /// `repeats` starts of each program, interleaved (A B, B A, A B, …) so that the machine's
  /// load changes hit both alike; the samples of each program in its order.
  static func measure(_ programs: [Program], repeats: Int) throws -> [[Sample]] {
    let config = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-bench-startup-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: config) }
    var environment = ProcessInfo.processInfo.environment
    environment[StartupTrace.environmentVariable] = "1"
    environment["XDG_CONFIG_HOME"] = config.path
    // One untimed start each: the page cache and the session bus's services are warm, as
    // for every start after a user's first.
    for program in programs { _ = try start(program, environment: environment) }
    var samples = Array(repeating: [Sample](), count: programs.count)
    for round in 0..<repeats {
      let order = round.isMultiple(of: 2) ? Array(programs.indices) : programs.indices.reversed()
      for index in order {
        samples[index].append(try start(programs[index], environment: environment))
      }
    }
    return samples
  }

  private static func start(_ program: Program, environment: [String: String]) throws -> Sample {
    let process = Process()
    process.executableURL = program.executable
    process.arguments = program.arguments
    process.environment = environment.merging(program.environment) { _, own in own }
    let output = Pipe()
    process.standardOutput = output
    let spawned = StartupTrace.now()
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0,
      let line = text.split(separator: "\n").first(where: {
        $0.hasPrefix(StartupTrace.lineTag)
      }),
      let trace = StartupTrace(line: line)
    else {
      throw FixtureError(
        "start-up trace of \(program.executable.lastPathComponent) failed: exit "
          + "\(process.terminationStatus), output '\(text)'")
    }
    let resident = text.split(separator: "\n").first { $0.hasPrefix("startup-rss ") }
      .flatMap { Int($0.dropFirst("startup-rss ".count)) }
    return Sample(spawned: spawned, trace: trace, residentKiB: resident)
  }
}

/// The release programs `parlance-bench` runs as a user would: the ones next to it.
enum ReleaseProgram {
  /// The release `parlance` next to `parlance-bench`.
  static func parlance() throws -> URL {
    let binary = sibling("parlance")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      throw FixtureError(
        "\(binary.path) is missing: build it with -c release first (make bench does)")
    }
    return binary
  }

  /// The file `name` in `parlance-bench`'s folder.
  static func sibling(_ name: String) -> URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent(name)
  }
}
