import Foundation
import ParlanceGtk

// parlance-bench: ours beside the alternatives, interleaved in one process.
// Benchmarks report; they never fail on a timing. A non-zero exit means the setup broke
// (a missing tool, contenders that disagree on the answers).

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("parlance-bench: \(message)\n".utf8))
  exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())

// Hidden: the child side of the memory benchmark (see MemoryProbe).
if arguments.first == "memory-probe" {
  guard arguments.count == 3, let kind = MemoryProbe.Kind(rawValue: arguments[1]) else {
    fail(
      "usage: parlance-bench memory-probe localizer|dictionary|gettext|compiled "
        + "<fixtures folder>")
  }
  do {
    try MemoryProbe.runChild(kind: kind, root: URL(fileURLWithPath: arguments[2]))
  } catch {
    fail("memory probe: \(error)")
  }
  exit(0)
}

// Hidden: the child side of the opening benchmark (see OpenProbe).
if arguments.first == "open-probe" {
  guard arguments.count == 4 else { fail("usage: parlance-bench open-probe ROOT ORDER KEY") }
  do {
    try OpenProbe.runChild(
      root: URL(fileURLWithPath: arguments[1]), glibcFirst: arguments[2] == "glibc-first",
      key: arguments[3])
  } catch {
    fail("open probe: \(error)")
  }
  exit(0)
}

if arguments.contains(where: { ["-h", "--help", "help"].contains($0) }) {
  print(Options.usage)
  exit(0)
}

let options: Options
do {
  options = try Options(arguments: arguments)
} catch {
  fail("\(error)")
}

do {
  let group = options.group
  var sections: [Section] = []
  var preamble = Machine.description(options)
  if [.core, .scaling, .soak, .gettext, .all].contains(group) {
    let fixtures = try Fixtures(count: 10_000)
    // PARLANCE_BENCH_KEEP=1 keeps the generated files, to try a contender by hand.
    defer {
      if ProcessInfo.processInfo.environment["PARLANCE_BENCH_KEEP"] == nil {
        fixtures.removeFiles()
      } else {
        FileHandle.standardError.write(Data("fixtures kept in \(fixtures.root.path)\n".utf8))
      }
    }
    if group == .gettext || group == .all {
      sections += try GettextBenchmarks(options: options, fixtures: fixtures).run()
    }
    if group != .soak && group != .gettext {
      let core = try CoreBenchmarks(options: options, fixtures: fixtures)
      if group != .scaling { sections += try core.run() }
      sections.append(
        try ThreadScaling(options: options, fixtures: fixtures, localizer: core.localizer).run())
    }
    if group != .scaling && group != .gettext {
      sections.append(try SoakBenchmark(options: options).run())
    }
  }
  if group == .formats || group == .all {
    sections += try FormatBenchmarks(options: options, packageRoot: PackageRoot.locate()).run()
  }
  if group == .pathological || group == .all {
    sections += PathologicalBenchmarks(options: options).run()
  }
  if group == .switch || group == .all {
    let packageRoot = try PackageRoot.locate()
    let opened = MainActor.assumeIsolated { Gtk.initialize() }
    if opened {
      sections += try MainActor.assumeIsolated {
        try SwitchBenchmarks(options: options, packageRoot: packageRoot).run()
      }
    } else {
      preamble.append(
        "switch: SKIPPED, no display (GTK could not open one): run under "
          + "xvfb-run -a -s \"-screen 0 1280x1024x24\" (make bench does)")
    }
  }
  if group == .translator || group == .all {
    let packageRoot = try PackageRoot.locate()
    if MainActor.assumeIsolated({ Gtk.initialize() }) {
      sections += try MainActor.assumeIsolated {
        try TranslatorBenchmarks(options: options, packageRoot: packageRoot).run()
      }
    } else {
      preamble.append("translator: SKIPPED, no display (make bench provides one)")
    }
  }
  if group == .interface || group == .all {
    let packageRoot = try PackageRoot.locate()
    if MainActor.assumeIsolated({ Gtk.initialize() }) {
      sections += try MainActor.assumeIsolated {
        try InterfaceBenchmarks(options: options, packageRoot: packageRoot).run()
      }
    } else {
      preamble.append("interface: SKIPPED, no display (make bench provides one)")
    }
  }
  if group == .live || group == .all {
    if MainActor.assumeIsolated({ Gtk.initialize() }) {
      sections += try LiveBenchmarks(options: options, packageRoot: try PackageRoot.locate()).run()
    } else {
      preamble.append("live: SKIPPED, no display (make bench provides one)")
    }
  }
  Printer(markdown: options.markdown).print(sections, preamble: preamble)
} catch {
  fail("\(error)")
}
