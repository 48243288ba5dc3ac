import Foundation
import Parlance

/// Parlance's GTK module at a program's start: what it costs a program that
/// `parlance run` starts, before any switch.
///
/// The C window of the start-up benchmark (`parlance-startup-baseline`, a real GTK 3
/// application with the Parlance window's widgets) is started as `parlance run` starts a
/// program — `sh` exports its pid as `PARLANCE_LIVE_PID` and replaces itself with the
/// window — without the module, with it (it takes its name on the session bus), and with
/// it inert (loaded by a process that is not the one started: a child). Interleaved, from
/// `main` to the first drawn frame (so `sh` is not counted), and the resident memory at
/// that frame.
struct LiveBenchmarks {
  let options: Options
  let resources: URL

  init(options: Options, packageRoot: URL) {
    self.options = options
    resources = packageRoot.appendingPathComponent("Resources", isDirectory: true)
  }

  func run() throws -> [Section] {
    let module = ReleaseProgram.sibling("libparlance-live.so")
    guard FileManager.default.fileExists(atPath: module.path),
      let plain = StartupProbe.baselineThroughRun(module: nil, resources: resources),
      let active = StartupProbe.baselineThroughRun(module: module, resources: resources),
      let inert = StartupProbe.baselineThroughRun(
        module: module, inert: true, resources: resources)
    else {
      throw FixtureError(
        "the live benchmark needs .build/release/parlance-startup-baseline and "
          + "libparlance-live.so beside parlance-bench (make bench builds both)")
    }
    // Starts vary by tens of ms; the module's cost is a fraction of one: many starts.
    let repeats = 101
    let samples = try StartupProbe.measure([plain, active, inert], repeats: repeats)
    func milliseconds(_ index: Int) -> [Double] {
      samples[index].map { Double($0.trace.firstFrame - $0.trace.mainStarted) / 1e6 }
    }
    func resident(_ index: Int) -> Double {
      Statistics.median(samples[index].compactMap { $0.residentKiB.map(Double.init) })
    }
    let names = [
      "the C window, without the module", "with the module (it owns its bus name)",
      "with the module inert (another process's PARLANCE_LIVE_PID)",
    ]
    let baseTime = Statistics.median(milliseconds(0))
    let baseMemory = resident(0)
    var rows: [[String]] = []
    for index in names.indices {
      let times = milliseconds(index)
      let median = Statistics.median(times)
      let memory = resident(index)
      rows.append([
        names[index], Format.fixed(median, 2), Format.fixed(times.min() ?? .nan, 2),
        Format.fixed(times.max() ?? .nan, 2), Format.ratio(median / baseTime),
        Format.fixed(median - baseTime, 2), Format.grouped(String(Int(memory))),
        Format.grouped(String(Int(memory - baseMemory))),
      ])
    }
    let addedTime = Statistics.median(milliseconds(1)) - baseTime
    let addedMemory = (resident(1) - baseMemory) / 1024
    let bus = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil
    return [
      Section(
        title: "The live module at a program's start",
        workload: "\(repeats) starts each of the C window (`parlance-startup-baseline`, a "
          + "GtkApplication with the Parlance window's widgets) the way `parlance run` starts "
          + "a program (sh exports its pid as PARLANCE_LIVE_PID, then exec), without "
          + "GTK3_MODULES, with the release libparlance-live.so, and with it inert, "
          + "interleaved; main → first drawn frame, and VmRSS at that frame"
          + (bus ? ", with a session bus." : "; no session bus in this run."),
        header: [
          "Program", "Median ms", "Min", "Max", "Time vs without", "Δ ms", "RSS KiB", "Δ KiB",
        ],
        rows: rows,
        targets: [
          TargetCheck(
            goal: "the module adds ≤ 2 ms to a start (issue 22)",
            measured: "\(Format.fixed(addedTime, 2)) ms", met: addedTime <= 2),
          TargetCheck(
            goal: "the module adds ≤ 2 MB of resident memory (issue 22)",
            measured: "\(Format.fixed(addedMemory, 2)) MiB", met: addedMemory <= 2),
        ],
        notes: [
          "The module's work at start is gtk_module_init: an environment check, "
            + "g_unsetenv(GTK3_MODULES) and g_bus_own_name (asynchronous: the connection is "
            + "made on GDBus's own thread while GTK starts).",
          "The inert module does no more than be loaded: its difference from the window "
            + "without the module shows what of a difference this run can resolve.",
        ])
    ]
  }
}
