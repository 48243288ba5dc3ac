import Foundation
import Parlance
import ParlanceGtk
import ParlanceLive
import ParlanceUI
import ParlanceWindow

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
    let switching = try LiveSwitchBenchmark(module: module).run()
    let matrix = try LiveScreenshotBenchmark(module: module).run()
    return [
      Section(
        title: "The live module at a program's start",
        workload: "\(repeats) starts each of the C window (`parlance-startup-baseline`, a "
          + "GtkApplication with the Parlance window's widgets) the way `parlance run` starts "
          + "a program (sh exports its pid as PARLANCE_LIVE_PID, then exec), without "
          + "GTK3_MODULES, with the release libparlance-live.so (and the gettext record "
          + "libparlance-gettext.so preloaded), and with them inert, "
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
            + "g_unsetenv(GTK3_MODULES), LD_PRELOAD without the record, and g_bus_own_name "
            + "(asynchronous: the connection is made on GDBus's own thread while GTK "
            + "starts); the record's is each gettext call's domain and key, hashed and "
            + "kept once.",
          "The inert module does no more than be loaded: its difference from the window "
            + "without the module shows what of a difference this run can resolve.",
        ])
    ] + (switching.map { [$0] } ?? []) + (matrix.map { [$0] } ?? [])
  }
}

/// A live switch of a real program against what GTK alone takes for it, and against a
/// restart: Debian's mousepad (C, GtkBuilder and GMenu; ≈ 1,400 texts with its menus),
/// started with the module as `parlance run` starts it, with `PARLANCE_LIVE_TRACE=1` so
/// that the module writes when it set texts and when the next frame was painted.
struct LiveSwitchBenchmark {
  /// Who makes a switch.
  private enum Switching { case command, window }

  static let program = URL(fileURLWithPath: "/usr/bin/mousepad")
  let module: URL

  /// How long the program is left idle after a frame before the next switch.
  ///
  /// GDK paints at most one frame per 16.7 ms after the one before (its frame clock's
  /// interval without a compositor): a switch begun just after the last one's frame would
  /// have its frame wait for that interval, and the figures would be the interval, not
  /// the switch (every contender measured 16.6–16.7 ms so). A person's picks are further
  /// apart; so is each switch here, by three intervals, for every contender alike.
  static let idleAfterFrame: Int64 = 50_000_000

  /// Waits until `idleAfterFrame` has passed since `paint` (a CLOCK_MONOTONIC instant).
  static func pace(after paint: Int64) {
    while case let left = paint + idleAfterFrame - StartupTrace.now(), left > 0 {
      usleep(UInt32(min(left / 1000, 1_000_000)))
    }
  }

  /// What each step row of a contender includes.
  private func stepIncludes(command: Bool) -> [String] {
    [
      command
        ? "from asking to the answer: the program's catalogs, language and history"
        : "none asked: the description of the window's listing is kept (the program is "
          + "described again only when it lists texts to decide)",
      command ? "every domain's catalog files found and the two languages' read" : nil,
      "from asking to the texts in this process: the module's walk and the D-Bus message",
      "each distinct text's message found and made in the new language",
      "from asking to the answer: gettext switched and the texts set in the program",
    ].compactMap { $0 }
  }

  /// This process's environment for a program of its own: a fresh home under `home`
  /// (created) whose GTK settings blink no cursor and animate nothing (a frame after a
  /// switch is the switch's), settings in memory, German the user's language, no
  /// gettext or module variables of the caller's.
  static func isolatedEnvironment(home: URL) throws -> [String: String] {
    let settings = home.appendingPathComponent(".config/gtk-3.0", isDirectory: true)
    try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
    try Data("[Settings]\ngtk-cursor-blink=false\ngtk-enable-animations=false\n".utf8).write(
      to: settings.appendingPathComponent("settings.ini"))
    var base = ProcessInfo.processInfo.environment
    for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "GTK3_MODULES"] { base[name] = nil }
    base["HOME"] = home.path
    base["XDG_CONFIG_HOME"] = home.appendingPathComponent(".config").path
    base["XDG_DATA_HOME"] = home.appendingPathComponent(".local/share").path
    base["GSETTINGS_BACKEND"] = "memory"
    base["LANG"] = "de_DE.UTF-8"
    return base
  }

  func run() throws -> Section? {
    guard FileManager.default.isExecutableFile(atPath: Self.program.path) else { return nil }
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-bench-live-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: home) }
    var base = try Self.isolatedEnvironment(home: home)
    base["PARLANCE_LIVE_TRACE"] = "1"
    func environment(_ language: String) throws -> [String: String] {
      LiveLauncher(module: module, language: try LanguageTag(language)).environment(
        from: base, pid: 0, messagesLocale: LiveLauncher.englishLocale().name)
    }

    // Switches of one running program, de ↔ fr, after two untimed ones: as `parlance
    // switch` makes them (a new process: the catalogs read each time) and as the window's
    // Programs view makes them (the catalogs kept between switches), two of each in turn.
    let rounds = 15
    var switches: [Switching: [Double]] = [:]
    var steps: [Switching: [LiveSwitch.Step?: [Double]]] = [:]
    var byHand: [Double] = []
    var sets: [Double] = []
    var texts: [Int] = []
    do {
      let running = try Started(Self.program, environment: try environment("de"))
      defer { running.stop() }
      _ = try running.trace.line(prefix: "parlance-live-trace first-frame")
      let started = try running.onTheBus()
      let kept = try ProgramCatalogs(
        catalogPaths: started.catalogs, textDomain: started.textDomain,
        textDomainDirectory: started.textDomainDirectory)
      var lastPaint: Int64 = 0
      for round in -2..<(rounds * 4) {
        Self.pace(after: lastPaint)
        let language: LanguagePreference = .pinned(
          try LanguageTag(round.isMultiple(of: 2) ? "fr" : "de"))
        let switching: Switching = (round + 2) / 2 % 2 == 0 ? .command : .window
        // As `parlance switch` does: the program described again (its language now); as
        // the window does: the description of its listing kept, the program described
        // again only when it lists texts to decide.
        let start = StartupTrace.now()
        var instants: [(LiveSwitch.Step?, Int64)] = []
        let program = switching == .window ? started : try running.onTheBus()
        instants.append((nil, StartupTrace.now()))
        let outcome = try LiveSwitch.run(
          program, to: language, catalogs: switching == .window ? kept : nil,
          environment: ProcessInfo.processInfo.environment, timeout: LiveBus.timeout,
          refreshing: switching == .window
            ? { program throws(LiveSwitch.Failure) in
              do {
                return (try LiveBus.describe(program.busName), kept)
              } catch {
                throw LiveSwitch.Failure(description: "\(error)")
              }
            } : nil,
          marking: { instants.append(($0, StartupTrace.now())) })
        let fields = try running.trace.line(prefix: "parlance-live-trace apply")
          .split(separator: " ").dropFirst(2).compactMap { Int64($0) }
        guard fields.count == 3 else { throw FixtureError("a malformed trace line") }
        lastPaint = fields[2]
        guard round >= 0 else { continue }
        switches[switching, default: []].append(Double(fields[2] - start) / 1e6)
        var previous = start
        for (step, instant) in instants {
          steps[switching, default: [:]][step, default: []].append(
            Double(instant - previous) / 1e6)
          previous = instant
        }
        byHand.append(Double(fields[2] - fields[0]) / 1e6)
        sets.append(Double(fields[1] - fields[0]) / 1e6)
        texts.append(outcome.applied)
      }
    }
    // Fresh starts in the language, alternating, until the first frame (quitting the
    // running one is not counted: the restart's side is favoured).
    var restarts: [Double] = []
    for round in 0..<rounds {
      let spawned = StartupTrace.now()
      let running = try Started(
        Self.program, environment: try environment(round.isMultiple(of: 2) ? "fr" : "de"))
      defer { running.stop() }
      let line = try running.trace.line(prefix: "parlance-live-trace first-frame")
      guard let frame = line.split(separator: " ").last.flatMap({ Int64($0) }) else {
        throw FixtureError("a malformed trace line: \(line)")
      }
      restarts.append(Double(frame - spawned) / 1e6)
    }

    let hand = Statistics.median(byHand)
    let command = Statistics.median(switches[.command] ?? [])
    let window = Statistics.median(switches[.window] ?? [])
    let restart = Statistics.median(restarts)
    func row(_ name: String, _ values: [Double]) -> [String] {
      [
        name, Format.fixed(Statistics.median(values), 2), Format.fixed(values.min() ?? .nan, 2),
        Format.fixed(values.max() ?? .nan, 2), Format.ratio(Statistics.median(values) / hand),
      ]
    }
    let stepNames: [(LiveSwitch.Step?, String)] = [
      (nil, "Describe"), (.catalogs, "the catalogs read"), (.collected, "Switch"),
      (.decided, "the decisions"), (.applied, "Apply"),
    ]
    func stepRows(_ switching: Switching) -> [[String]] {
      stepNames.compactMap { step, name in
        guard let values = steps[switching]?[step], switching == .command || step != .catalogs
        else { return nil }
        return row("· of which \(name) (info)", values)
      }
    }
    let rows =
      [row("ours, `parlance switch`: its work → frame painted", switches[.command] ?? [])]
      + stepRows(.command)
      + [
        row(
          "ours, the window (description and catalogs kept) → frame painted",
          switches[.window] ?? [])
      ]
      + stepRows(.window)
      + [
        row("the same texts set by hand → frame painted", byHand),
        row("· of which setting them (info)", sets),
        row("restart: spawn → first frame painted", restarts),
      ]
    let count = texts.isEmpty ? 0 : texts.sorted()[texts.count / 2]
    return Section(
      title: "A live switch of a real program",
      workload: "Debian's mousepad started once with the module as `parlance run` starts it "
        + "(LANG de_DE, no cursor blink, GSettings in memory), switched \(rounds * 4) times "
        + "de ↔ fr after 2 untimed switches, two by each contender in turn, each 50 ms after "
        + "the frame before (\(count) texts "
        + "set per switch, median); then "
        + "\(rounds) fresh starts in fr or de. CLOCK_MONOTONIC in both processes; the "
        + "program's instants from the module's trace (PARLANCE_LIVE_TRACE=1).",
      header: ["Contender", "Median ms", "Min", "Max", "Time vs by hand"],
      rows: rows,
      includes: [
        "what `parlance switch` does, in this process: Describe over D-Bus, the program's "
          + "catalogs of the two languages read, Switch over D-Bus (the walk of every window, "
          + "menus included, answering the texts without a recipe), each of those decided, "
          + "Apply over D-Bus (gettext switched, those texts set, the others made from "
          + "their recipes through gettext), then GTK's relayout and paint of the next frame"
      ] + stepIncludes(command: true)
        + [
          "the same with the program's description and its catalogs (and the indexes made "
            + "from them) kept from the switches before, as the Parlance window keeps them "
            + "per program"
        ] + stepIncludes(command: false)
        + [
          "from the first text Apply sets to the end of the next frame's paint: what a "
            + "program that set these texts itself would take, GTK's relayout and paint "
            + "included",
          "Apply's setting alone: the recipes made through gettext and the property setters of "
            + "GTK (label, title, tooltip, model cell)",
          "a new mousepad started with the module in the language, until its first frame is "
            + "painted; quitting the old one is not counted",
        ],
      targets: [
        TargetCheck(
          goal: "a switch → frame ≤ 2× the same texts set by hand (issue 22): `parlance switch`",
          measured: Format.ratio(command / hand), met: command <= 2 * hand),
        TargetCheck(
          goal: "the same, from the window",
          measured: Format.ratio(window / hand), met: window <= 2 * hand),
        TargetCheck(
          goal: "a switch → frame ≤ 0.1× a restart (issue 22): `parlance switch`",
          measured: Format.ratio(command / restart), met: command <= 0.1 * restart),
        TargetCheck(
          goal: "the same, from the window",
          measured: Format.ratio(window / restart), met: window <= 0.1 * restart),
      ])
  }
}

/// A program started through `sh`, which exports its pid as `PARLANCE_LIVE_PID` and
/// replaces itself with it, its standard error read as the module's trace.
final class Started {
  let process = Process()
  let trace: LineReader

  init(_ program: URL, environment: [String: String]) throws {
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c", "PARLANCE_LIVE_PID=$$; export PARLANCE_LIVE_PID; exec \"$0\"", program.path,
    ]
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    trace = LineReader(errors.fileHandleForReading)
    try process.run()
  }

  /// The program on the session bus, once the module has taken its name there.
  func onTheBus() throws -> LiveBus.Program {
    let pid = Int(process.processIdentifier)
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      if let found = try LiveBus.programs().first(where: { $0.pid == pid }) { return found }
    }
    throw FixtureError("mousepad (pid \(pid)) did not appear on the session bus")
  }

  func stop() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }
}

/// Lines of a pipe, read as they come.
final class LineReader {
  let handle: FileHandle
  private var buffer: [UInt8] = []

  init(_ handle: FileHandle) {
    self.handle = handle
  }

  /// The next line that starts with `prefix` (others skipped); throws at the end of
  /// the pipe, or when none comes for 30 s (the program stuck: a benchmark reports, it
  /// does not hang).
  func line(prefix: String) throws -> String {
    while true {
      while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        if line.hasPrefix(prefix) { return line }
      }
      var ready = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, 30_000) > 0 else {
        throw FixtureError("no '\(prefix)' from the program in 30 s")
      }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = read(handle.fileDescriptor, &chunk, chunk.count)
      guard count > 0 else { throw FixtureError("the program ended before '\(prefix)'") }
      buffer += chunk[..<count]
    }
  }
}
