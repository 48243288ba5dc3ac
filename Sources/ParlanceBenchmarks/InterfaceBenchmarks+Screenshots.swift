import Foundation
import Parlance

extension InterfaceBenchmarks {
  /// `parlance screenshot --ui PrefsDialog.ui` in every language from one process, beside
  /// the same program started once per language. Both are the release `parlance` next to
  /// `parlance-bench`, timed from spawn to exit; ours also writes the report and the
  /// contact sheet, which the alternative does not.
  func screenshotMatrix() throws -> Section {
    let binary = try ReleaseProgram.parlance()
    let out = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-bench-ui-shots-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: out) }
    let languages = ["en", "ar", "de", "he", "ja", "pl", "ru", "zh-Hans"]
    func run(_ arguments: [String]) throws {
      let process = Process()
      process.executableURL = binary
      process.arguments =
        ["screenshot", "--ui", dialogFile.path, "--po", poFolder.path] + arguments
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.runUntilExit()
      guard process.terminationStatus == 0 else {
        throw FixtureError(
          "parlance screenshot --ui \(arguments) exited \(process.terminationStatus)")
      }
    }
    let clock = ContinuousClock()
    var together: [Double] = []
    var apart: [Double] = []
    // The first language's own process: a start and one picture.
    var first: [Double] = []
    // Five rounds by default (2.7 s each): medians of three put one build at 4.85× and
    // 5.26× within the hour.
    for round in 0..<max(3, (options.runs + 1) / 2) {
      let start = clock.now
      try run([
        "--out", out.appendingPathComponent("one-\(round)").path,
        "--languages", languages.joined(separator: ","),
      ])
      together.append(start.duration(to: clock.now).nanoseconds)
      let each = clock.now
      for language in languages {
        let alone = clock.now
        try run([
          "--out", out.appendingPathComponent("each-\(round)-\(language)").path,
          "--languages", language,
        ])
        if language == languages[0] { first.append(alone.duration(to: clock.now).nanoseconds) }
      }
      apart.append(each.duration(to: clock.now).nanoseconds)
    }
    let ours = Double(languages.count) / (Statistics.median(together) / 1e9)
    let theirs = Double(languages.count) / (Statistics.median(apart) / 1e9)
    // What each language after the first adds to one process, beside a process's own.
    let further =
      (Statistics.median(together) - Statistics.median(first)) / Double(languages.count - 1)
    let perProcess = Statistics.median(apart) / Double(languages.count)
    return Section(
      title: "Screenshot matrix of PrefsDialog.ui",
      workload: "`parlance screenshot --ui PrefsDialog.ui` (release) in \(languages.count) "
        + "languages (" + languages.joined(separator: ", ") + "): once with all of them, and "
        + "once per language; spawn to exit, interleaved, medians of \(together.count) rounds. "
        + "Ours includes its report.md/json and contact sheet.",
      header: ["Contender", "Seconds for all", "Languages/s", "vs ours"],
      rows: [
        [
          "ours: one process, switching live",
          Format.fixed(Statistics.median(together) / 1e9, 2), Format.fixed(ours, 1), "1.00×",
        ],
        [
          "a process per language", Format.fixed(Statistics.median(apart) / 1e9, 2),
          Format.fixed(theirs, 1), Format.ratio(ours / theirs) + " slower",
        ],
      ],
      targets: [
        TargetCheck(
          goal: "one process ≥ 5× the languages per second of a process per language",
          measured: Format.ratio(ours / theirs), met: ours >= 5 * theirs)
      ],
      notes: [
        "Each language after the first added \(Format.fixed(further / 1e6, 1)) ms to the one "
          + "process, where a process per language took \(Format.fixed(perProcess / 1e6, 1)) ms "
          + "(\(Format.ratio(perProcess / further)) as long); the \(languages[0]) process alone "
          + "\(Format.fixed(Statistics.median(first) / 1e6, 1)) ms. A faster start makes both "
          + "contenders faster and the ratio smaller: a process per language starts "
          + "\(languages.count) times."
      ])
  }
}
