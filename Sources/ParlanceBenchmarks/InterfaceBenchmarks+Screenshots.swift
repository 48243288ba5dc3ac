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
      try process.run()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        throw FixtureError(
          "parlance screenshot --ui \(arguments) exited \(process.terminationStatus)")
      }
    }
    let clock = ContinuousClock()
    var together: [Double] = []
    var apart: [Double] = []
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
        try run([
          "--out", out.appendingPathComponent("each-\(round)-\(language)").path,
          "--languages", language,
        ])
      }
      apart.append(each.duration(to: clock.now).nanoseconds)
    }
    let ours = Double(languages.count) / (Statistics.median(together) / 1e9)
    let theirs = Double(languages.count) / (Statistics.median(apart) / 1e9)
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
      ])
  }
}
