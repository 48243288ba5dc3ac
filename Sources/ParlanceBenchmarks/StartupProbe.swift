import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI

#if canImport(Glibc)
  import Glibc
#endif

/// Start to first drawn frame, measured in fresh child processes.
///
/// A child per sample because in the benchmark process the window's first frame comes
/// after minutes of other work, and GTK, fontconfig and the catalogs are warm after the
/// first window anyway.
enum StartupProbe {
  /// Instants of one start, in `CLOCK_MONOTONIC` nanoseconds.
  struct Sample {
    var spawned: Int64 = 0
    var mainStarted: Int64
    var localizerReady: Int64
    var displayOpen: Int64
    var windowShown: Int64
    var firstFrame: Int64
    /// The process's age at the first frame from `/proc/self/stat` (10 ms ticks).
    var ageFromStatMilliseconds: Double
  }

  /// The child's side: what the program does up to its first frame, with the window
  /// built like `ScreenshotSession` builds it (a plain `GtkWindow`, no `GtkApplication`
  /// and so no D-Bus registration). Prints the instants on one line.
  @MainActor
  static func runChild(resources: URL, mainStarted: Int64) throws {
    let localizer = try Localizer(
      resources: resources, language: LanguageTag("en"), environment: [:])
    let localizerReady = MonotonicClock.nanoseconds()
    guard Gtk.initialize() else { throw FixtureError("no display") }
    let displayOpen = MonotonicClock.nanoseconds()
    let window = Window(title: "Parlance")
    let controller = WindowController(
      localizer: localizer, window: window, now: ScreenshotSession.fixedDate)
    controller.show()
    let windowShown = MonotonicClock.nanoseconds()
    guard window.waitForFirstDraw(timeout: .seconds(30)) else {
      throw FixtureError("the window was not drawn within 30 s")
    }
    let firstFrame = MonotonicClock.nanoseconds()
    let age = processAgeMilliseconds() ?? -1
    print(mainStarted, localizerReady, displayOpen, windowShown, firstFrame, age)
  }

  /// Now minus the start time of `/proc/self/stat` (field 22, clock ticks since boot),
  /// both on the boot-time clock.
  private static func processAgeMilliseconds() -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return nil }
    // Fields after the command name, which may contain spaces: state is field 3.
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
    var now = timespec()
    clock_gettime(CLOCK_BOOTTIME, &now)
    let seconds = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    return (seconds - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))) * 1000
  }

  /// The parent's side: `repeats` children, in order.
  static func measure(resources: URL, repeats: Int) throws -> [Sample] {
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    var samples: [Sample] = []
    for _ in 0..<repeats {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = ["startup-probe", resources.path]
      let output = Pipe()
      process.standardOutput = output
      let spawned = MonotonicClock.nanoseconds()
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let text = String(decoding: data, as: UTF8.self)
      let fields = text.split(whereSeparator: \.isWhitespace)
      let numbers = fields.prefix(5).compactMap { Int64($0) }
      guard process.terminationStatus == 0, numbers.count == 5, fields.count == 6,
        let age = Double(fields[5])
      else {
        throw FixtureError(
          "startup probe failed: exit \(process.terminationStatus), output '\(text)'")
      }
      samples.append(
        Sample(
          spawned: spawned, mainStarted: numbers[0], localizerReady: numbers[1],
          displayOpen: numbers[2], windowShown: numbers[3], firstFrame: numbers[4],
          ageFromStatMilliseconds: age))
    }
    return samples
  }
}
