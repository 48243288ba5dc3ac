import Foundation
import Parlance
import ParlanceUI

/// Start to first drawn frame of the program as installed, in fresh processes.
///
/// Each sample spawns the release `parlance` next to `parlance-bench` (built with the
/// flags of `make install`, the Swift runtime linked in) with `PARLANCE_STARTUP_TRACE=1`:
/// the program runs as a user starts it — `GtkApplication`, the stored preference in a
/// real (empty) XDG config folder, catalogs loading while GTK starts — and at its first
/// frame prints the instants of `StartupTrace` and quits. A process per sample because
/// GTK, fontconfig and the catalogs are warm after a first window.
enum StartupProbe {
  /// Instants of one start, in `CLOCK_MONOTONIC` nanoseconds.
  struct Sample {
    var spawned: Int64
    var trace: StartupTrace
  }

  /// `repeats` starts of `parlance --resources resources --language en`, one after the
  /// other.
  static func measure(resources: URL, repeats: Int) throws -> [Sample] {
    let program = try ReleaseProgram.parlance()
    let config = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-bench-startup-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: config) }
    var environment = ProcessInfo.processInfo.environment
    environment[StartupTrace.environmentVariable] = "1"
    environment["XDG_CONFIG_HOME"] = config.path
    var samples: [Sample] = []
    for _ in 0..<repeats {
      let process = Process()
      process.executableURL = program
      process.arguments = ["--resources", resources.path, "--language", "en"]
      process.environment = environment
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
          "start-up trace failed: exit \(process.terminationStatus), output '\(text)'")
      }
      samples.append(Sample(spawned: spawned, trace: trace))
    }
    return samples
  }
}

/// The release programs `parlance-bench` runs as a user would: the ones next to it.
enum ReleaseProgram {
  /// The release `parlance` next to `parlance-bench`.
  static func parlance() throws -> URL {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("parlance")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      throw FixtureError(
        "\(binary.path) is missing: build it with -c release first (make bench does)")
    }
    return binary
  }
}
