import Foundation

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
    fail("usage: parlance-bench memory-probe localizer|dictionary|gettext <fixtures folder>")
  }
  do {
    try MemoryProbe.runChild(kind: kind, root: URL(fileURLWithPath: arguments[2]))
  } catch {
    fail("memory probe: \(error)")
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
  let fixtures = try Fixtures(count: 10_000)
  // PARLANCE_BENCH_KEEP=1 keeps the generated files, to try a contender by hand.
  defer {
    if ProcessInfo.processInfo.environment["PARLANCE_BENCH_KEEP"] == nil {
      fixtures.removeFiles()
    } else {
      FileHandle.standardError.write(Data("fixtures kept in \(fixtures.root.path)\n".utf8))
    }
  }
  var sections: [Section] = []
  switch options.group {
  case .core, .all:
    sections += try CoreBenchmarks(options: options, fixtures: fixtures).run()
  }
  Printer(markdown: options.markdown).print(sections, preamble: Machine.description(options))
} catch {
  fail("\(error)")
}
