import Foundation
import Parlance
import ParlanceGtk
import ParlanceLive

/// The screenshot matrix of a real program: Debian's mousepad photographed in every
/// language it has by one `parlance screenshot --run --languages all` (one start,
/// switched live, with its report and contact sheet), against a start per language that
/// only photographs: the program started with the module in the language, its windows
/// handed over by the module's Photograph once drawn and
/// compressed by the same PNG writer (on a thread of its own, as ours are, while the
/// next start goes on), the program killed; no report, no sheet.
struct LiveScreenshotBenchmark {
  let module: URL

  func run() throws -> Section? {
    let program = LiveSwitchBenchmark.program
    guard FileManager.default.isExecutableFile(atPath: program.path) else { return nil }
    let binary = try ReleaseProgram.parlance()
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-bench-shots-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = try LiveSwitchBenchmark.isolatedEnvironment(home: home)
    let clock = ContinuousClock()
    // Every language mousepad has a catalog of, and its development language (what
    // `--languages all` photographs).
    let languages = try languages(of: program, environment: environment)
    // The alternative's start, photograph and end, in the language; its picture
    // compressed in the background (`writes`, waited for before the clock stops).
    var writes: [PendingPNG] = []
    func startAndPhotograph(_ language: String, into folder: URL) throws -> Double {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let started = LiveLauncher(module: module, language: try LanguageTag(language)).environment(
        from: environment, pid: 0, messagesLocale: LiveLauncher.englishLocale().name)
      let start = clock.now
      let running = try Started(program, environment: started)
      defer { running.stop() }
      let found = try LiveBus.await(pid: running.process.processIdentifier)
      let pictures = try LiveBus.photograph(found.busName, into: folder.path, format: .pam)
      guard !pictures.windows.isEmpty else { throw FixtureError("mousepad showed no window") }
      for window in pictures.windows {
        let source = window.file ?? ""
        writes.append(
          try Screenshot(contentsOfPAM: source).writePNGInBackground(
            to: String(source.dropLast(4)) + ".png"))
      }
      return Double((clock.now - start).nanoseconds) / 1e9
    }
    func screenshot(into folder: URL) throws -> Double {
      let process = Process()
      process.executableURL = binary
      process.arguments = [
        "screenshot", "--run", "--out", folder.path, "--languages", "all", "--", program.path,
      ]
      process.environment = environment
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      let start = clock.now
      try process.runUntilExit()
      guard process.terminationStatus == 0 else {
        throw FixtureError(
          "parlance screenshot --run --languages all exited \(process.terminationStatus)")
      }
      return Double((clock.now - start).nanoseconds) / 1e9
    }
    // Interleaved: one matrix, then a start per language, three times, after one of each
    // untimed (the program's files in the page cache for both).
    var ours: [Double] = []
    var theirs: [Double] = []
    for run in 0..<4 {
      let one = try screenshot(into: home.appendingPathComponent("one-\(run)"))
      var each = 0.0
      for language in languages {
        each += try startAndPhotograph(
          language, into: home.appendingPathComponent("each-\(run)-\(language)"))
      }
      let waited = clock.now
      for write in writes { try write.wait() }
      writes = []
      each += Double((clock.now - waited).nanoseconds) / 1e9
      guard run > 0 else { continue }
      ours.append(one)
      theirs.append(each)
    }
    let count = Double(languages.count)
    let oursRate = count / Statistics.median(ours)
    let theirsRate = count / Statistics.median(theirs)
    return Section(
      title: "Screenshot matrix of a running program",
      workload:
        "mousepad (Debian's, unmodified) in every language it has, \(languages.count) with "
        + "English: every window it shows photographed once each language is laid out, "
        + "with report.json (every text's message and rectangle), report.md and "
        + "the contact sheet; against starting it in each language and writing its "
        + "windows once drawn (the same PNG writer), nothing else. Medians of "
        + "\(ours.count) interleaved runs of each, after one untimed.",
      header: ["Contender", "Seconds for all", "Languages/s", "vs ours"],
      rows: [
        [
          "ours: one start, switched live (`parlance screenshot --run`)",
          Format.fixed(Statistics.median(ours), 2), Format.fixed(oursRate, 1), "1.00×",
        ],
        [
          "a start per language, photographed (the module's Photograph), no report",
          Format.fixed(Statistics.median(theirs), 2), Format.fixed(theirsRate, 1),
          Format.ratio(oursRate / theirsRate) + " slower",
        ],
      ],
      targets: [
        TargetCheck(
          goal: "one start ≥ 5× the languages per second of a start per language (issue 23)",
          measured: Format.ratio(oursRate / theirsRate), met: oursRate >= 5 * theirsRate)
      ])
  }

  /// The languages `parlance screenshot --run --languages all` photographs `program` in:
  /// its development language and every language it has a catalog of, as the module
  /// reports them once it runs.
  func languages(of program: URL, environment: [String: String]) throws -> [String] {
    let started = LiveLauncher(module: module, language: nil).environment(
      from: environment, pid: 0, messagesLocale: LiveLauncher.englishLocale().name)
    let running = try Started(program, environment: started)
    defer { running.stop() }
    let found = try LiveBus.await(pid: running.process.processIdentifier)
    let catalogs = try ProgramCatalogs(
      catalogPaths: found.catalogs, textDomain: found.textDomain,
      textDomainDirectory: found.textDomainDirectory)
    return catalogs.languages.map(\.identifier)
  }
}
