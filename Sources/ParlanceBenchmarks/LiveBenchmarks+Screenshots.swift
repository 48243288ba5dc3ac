import Foundation
import Parlance
import ParlanceGtk
import ParlanceLive

/// The screenshot matrix of a real program: Debian's mousepad photographed in ten
/// languages by one `parlance screenshot --run` (one start, switched live, with its
/// report and contact sheet), against a start per language that only photographs: the
/// program started with the module in the language, its windows written by the
/// module's Photograph once drawn, the program killed; no report, no sheet.
struct LiveScreenshotBenchmark {
  let module: URL

  static let languages = ["de", "fr", "es", "it", "ja", "ru", "pt-BR", "zh-CN", "ar", "pl"]

  func run() throws -> Section? {
    let program = LiveSwitchBenchmark.program
    guard FileManager.default.isExecutableFile(atPath: program.path) else { return nil }
    let binary = try ReleaseProgram.parlance()
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-bench-shots-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = try LiveSwitchBenchmark.isolatedEnvironment(home: home)
    let clock = ContinuousClock()
    // The alternative's start, photograph and end, in the language.
    func startAndPhotograph(_ language: String, into folder: URL) throws -> Double {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let started = LiveLauncher(module: module, language: try LanguageTag(language)).environment(
        from: environment, pid: 0, messagesLocale: LiveLauncher.englishLocale().name)
      let start = clock.now
      let running = try Started(program, environment: started)
      defer { running.stop() }
      let found = try LiveBus.await(pid: running.process.processIdentifier)
      let pictures = try LiveBus.photograph(found.busName, into: folder.path)
      guard !pictures.windows.isEmpty else { throw FixtureError("mousepad showed no window") }
      return Double((clock.now - start).nanoseconds) / 1e9
    }
    func screenshot(_ languages: [String], into folder: URL) throws -> Double {
      let process = Process()
      process.executableURL = binary
      process.arguments = [
        "screenshot", "--run", "--out", folder.path, "--languages",
        languages.joined(separator: ","), "--", program.path,
      ]
      process.environment = environment
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      let start = clock.now
      try process.run()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        throw FixtureError(
          "parlance screenshot --run \(languages.joined(separator: ",")) exited "
            + "\(process.terminationStatus)")
      }
      return Double((clock.now - start).nanoseconds) / 1e9
    }
    // Interleaved: one matrix, then a start per language, three times, after one of each
    // untimed (the program's files in the page cache for both).
    var ours: [Double] = []
    var theirs: [Double] = []
    for run in 0..<4 {
      let one = try screenshot(Self.languages, into: home.appendingPathComponent("one-\(run)"))
      var each = 0.0
      for language in Self.languages {
        each += try startAndPhotograph(
          language, into: home.appendingPathComponent("each-\(run)-\(language)"))
      }
      guard run > 0 else { continue }
      ours.append(one)
      theirs.append(each)
    }
    let count = Double(Self.languages.count)
    let oursRate = count / Statistics.median(ours)
    let theirsRate = count / Statistics.median(theirs)
    return Section(
      title: "Screenshot matrix of a running program",
      workload:
        "mousepad (Debian's, unmodified) in \(Self.languages.count) languages "
        + "(\(Self.languages.joined(separator: ", "))): every window it shows photographed "
        + "after the frame that lays out each language, with report.json (every text's "
        + "message and rectangle), report.md and the contact sheet; against starting it in "
        + "each language and writing its windows once drawn, nothing else. Medians of "
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
}
