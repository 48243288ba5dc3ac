import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The instants of one start of the program up to its window's first drawn frame, for
/// `parlance-bench switch` (start to first frame).
///
/// Off unless the environment has `PARLANCE_STARTUP_TRACE=1`; then, at its first frame,
/// the window prints one line to standard output and the program quits:
/// `startup-trace MAIN LOCALIZER DISPLAY SHOWN FRAME` in `CLOCK_MONOTONIC` nanoseconds
/// (the parent's clock too, so it can add the time from spawn to `main`).
package struct StartupTrace: Sendable, Equatable {
  /// The environment variable that turns the trace on.
  package static let environmentVariable = "PARLANCE_STARTUP_TRACE"
  /// The first word of the printed line.
  package static let lineTag = "startup-trace"

  /// When `main` started.
  package var mainStarted: Int64
  /// When the catalogs of the starting language were loaded.
  package var localizerReady: Int64 = 0
  /// When GTK was initialized (display open, theme loaded).
  package var displayOpen: Int64 = 0
  /// When the window was built and shown.
  package var windowShown: Int64 = 0
  /// When the window's first frame was drawn.
  package var firstFrame: Int64 = 0

  /// A trace starting at `mainStarted`, or nil when `environment` does not ask for one.
  /// - Parameters:
  ///   - environment: the process environment.
  ///   - mainStarted: the instant `main` started, from ``now()``.
  package init?(environment: [String: String], mainStarted: Int64) {
    guard environment[Self.environmentVariable] == "1" else { return nil }
    self.mainStarted = mainStarted
  }

  /// The instants, as printed: the tag, then the five instants in order.
  package var line: String {
    let instants = [mainStarted, localizerReady, displayOpen, windowShown, firstFrame]
    return ([Self.lineTag] + instants.map { String($0) }).joined(separator: " ")
  }

  /// Reads a printed line back; nil when `line` is not one.
  /// - Parameter line: one line of the traced program's standard output.
  package init?(line: some StringProtocol) {
    let fields = line.split(separator: " ")
    guard fields.count == 6, fields[0] == Self.lineTag else { return nil }
    let instants = fields.dropFirst().compactMap { Int64($0) }
    guard instants.count == 5 else { return nil }
    mainStarted = instants[0]
    localizerReady = instants[1]
    displayOpen = instants[2]
    windowShown = instants[3]
    firstFrame = instants[4]
  }

  /// Now on `CLOCK_MONOTONIC`, in nanoseconds.
  package static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }
}
