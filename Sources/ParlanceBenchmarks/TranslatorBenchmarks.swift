import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI
import ParlanceWindow

/// What translators and screenshot pipelines wait for: a save on disk until the window
/// shows it, the screenshot matrix in one process against a process per language (as
/// fastlane snapshot does), and `parlance lint` over the whole corpus.
///
/// Needs an open display (`Gtk.initialize()` done by the caller).
@MainActor
struct TranslatorBenchmarks {
  let options: Options
  let packageRoot: URL

  init(options: Options, packageRoot: URL) {
    self.options = options
    self.packageRoot = packageRoot
  }

  var resources: URL { packageRoot.appendingPathComponent("Resources", isDirectory: true) }

  func run() throws -> [Section] {
    Gtk.configureForScreenshots(fontName: "DejaVu Sans 10")
    return [try hotReload(), try screenshotMatrix(), try lint()]
  }

  // MARK: Save → new frame

  private func hotReload() throws -> Section {
    let work = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-bench-work-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let file = work.appendingPathComponent("de.lproj/Localizable.strings")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    // The translator's copy of the whole German file: a realistic reparse.
    try FileManager.default.copyItem(
      at: resources.appendingPathComponent("de.lproj/Localizable.strings"), to: file)
    let original = try String(contentsOf: file, encoding: .utf8)

    let localizer = try Localizer(
      resources: [resources, work], language: try LanguageTag("de"), environment: [:])
    let window = Window(title: "Parlance")
    let controller = WindowController(
      localizer: localizer, window: window, now: ScreenshotSession.fixedDate)
    controller.show()
    defer { window.destroy() }
    guard window.waitForFirstDraw(timeout: .seconds(10)) else {
      throw FixtureError("the window was not drawn within 10 s")
    }
    try controller.watchTranslations(work)

    let saves = max(10, options.runs * 4)
    var samples: [Double] = []
    var renamed = 0
    for index in 0..<saves {
      let greeting = "Hallo Nummer \(index)!"
      let text = original.replacingOccurrences(
        of: "\"greeting\" = \"Hallo!\";", with: "\"greeting\" = \"\(greeting)\";")
      let clock = ContinuousClock()
      let start = clock.now
      if index.isMultiple(of: 2) {
        try Data(text.utf8).write(to: file)
      } else {
        // Every other save the way many editors save: a new file renamed over the old.
        let scratch = file.deletingLastPathComponent().appendingPathComponent(".save.tmp")
        try Data(text.utf8).write(to: scratch)
        guard rename(scratch.path, file.path) == 0 else { throw FixtureError("rename failed") }
        renamed += 1
      }
      guard
        Gtk.iterate(
          until: { controller.renderer.label(for: "greeting")?.text == greeting },
          timeout: .seconds(5)),
        window.waitForFirstDraw(timeout: .seconds(5))
      else { throw FixtureError("save \(index) never reached the window") }
      samples.append(Double((clock.now - start).nanoseconds))
      // Let the monitor's trailing events settle before the next save.
      _ = Gtk.iterate(until: { false }, timeout: .milliseconds(120))
    }
    let median = Statistics.median(samples)
    let p90 = Statistics.percentile(samples, 90)
    return Section(
      title: "Hot reload: save → new frame",
      workload:
        "The whole German Localizable.strings saved \(saves) times in a watched working folder "
        + "(\(renamed) of them written to a temporary file and renamed over it), window in German; "
        + "from the write to the first frame drawn with the new text. Includes the watcher's "
        + "40 ms quiet time that coalesces an editor's burst of events.",
      header: ["Measure", "ms"],
      rows: [
        ["median", Format.fixed(median / 1e6, 1)], ["p90", Format.fixed(p90 / 1e6, 1)],
        ["fastest", Format.fixed((samples.min() ?? 0) / 1e6, 1)],
        ["slowest", Format.fixed((samples.max() ?? 0) / 1e6, 1)],
      ],
      targets: [
        TargetCheck(
          goal: "save to new frame: median ≤ 100 ms",
          measured: Format.fixed(median / 1e6, 1) + " ms", met: median <= 100e6)
      ])
  }

  // MARK: Screenshot matrix

  private func screenshotMatrix() throws -> Section {
    let out = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-bench-shots-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: out) }
    let localizer = try Localizer(resources: [resources], environment: [:], pseudoLocales: true)
    let languages = localizer.availableLanguages
    let clock = ContinuousClock()

    // Ours: one process switching live, as `parlance screenshot` runs. The report and
    // the contact sheet, which the alternative does not make, are timed apart.
    var inProcess: [Double] = []
    var summaries: [Double] = []
    for run in 0..<max(3, options.runs / 2) {
      let folder = out.appendingPathComponent("one-\(run)")
      let start = clock.now
      let session = try WindowScreenshots(
        localizer: localizer, size: Size(width: 760, height: 640))
      let shots = try session.capture(languages, into: folder)
      let captured = clock.now
      try session.writeSummary(of: shots, into: folder)
      session.window.destroy()
      inProcess.append(Double((captured - start).nanoseconds))
      summaries.append(Double((clock.now - captured).nanoseconds))
    }

    // The alternative: the program started once per language.
    let binary = try ReleaseProgram.parlance()
    var perProcess: [Double] = []
    for run in 0..<max(2, options.runs / 3) {
      let start = clock.now
      for language in languages {
        let process = Process()
        process.executableURL = binary
        process.arguments = [
          "screenshot", "--out", out.appendingPathComponent("each-\(run)").path,
          "--languages", language.identifier, "--resources", resources.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.runUntilExit()
        guard process.terminationStatus == 0 else {
          throw FixtureError(
            "parlance screenshot for \(language) exited \(process.terminationStatus)")
        }
      }
      perProcess.append(Double((clock.now - start).nanoseconds))
    }
    let ours = Double(languages.count) / (Statistics.median(inProcess) / 1e9)
    let theirs = Double(languages.count) / (Statistics.median(perProcess) / 1e9)
    return Section(
      title: "Screenshot matrix",
      workload:
        "\(languages.count) languages (pseudo-locales included) at 760×640, a PNG per language "
        + "written once its frame is drawn. Medians of \(inProcess.count) and \(perProcess.count) "
        + "runs. Ours then also writes report.md/report.json and the contact sheet, which the "
        + "alternative does not make: timed apart (info row).",
      header: ["Contender", "Seconds for all", "Languages/s", "vs ours"],
      rows: [
        [
          "ours: one process, switching live", Format.fixed(Statistics.median(inProcess) / 1e9, 2),
          Format.fixed(ours, 1), "1.00×",
        ],
        [
          "ours: report + contact sheet afterwards (info)",
          Format.fixed(Statistics.median(summaries) / 1e9, 2), "", "",
        ],
        [
          "a process per language (fastlane style)",
          Format.fixed(Statistics.median(perProcess) / 1e9, 2), Format.fixed(theirs, 1),
          Format.ratio(ours / theirs) + " slower",
        ],
      ],
      targets: [
        TargetCheck(
          goal: "one process ≥ 5× the languages per second of a process per language",
          measured: Format.ratio(ours / theirs), met: ours >= 5 * theirs)
      ])
  }

  // MARK: Lint

  private func lint() throws -> Section {
    let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    guard FileManager.default.fileExists(atPath: corpus.path) else {
      throw FixtureError("no corpus at \(corpus.path)")
    }
    let clock = ContinuousClock()
    var samples: [Double] = []
    var findings = 0
    for _ in 0..<max(3, options.runs) {
      let start = clock.now
      findings = Linter().lint([corpus]).count
      samples.append(Double((clock.now - start).nanoseconds))
    }
    let bytes = (FileManager.default.enumerator(atPath: corpus.path)?.allObjects as? [String] ?? [])
      .compactMap {
        try? FileManager.default.attributesOfItem(atPath: corpus.appendingPathComponent($0).path)[
          .size] as? Int
      }
      .reduce(0, +)
    let median = Statistics.median(samples)
    return Section(
      title: "parlance lint on the corpus",
      workload:
        "Every file of ../shared/corpus (\(Format.fixed(Double(bytes) / 1e6, 2)) MB, four formats) "
        + "linted in process, \(samples.count) runs; \(findings) findings.",
      header: ["Measure", "ms", "MB/s"],
      rows: [
        [
          "median", Format.fixed(median / 1e6, 1),
          Format.fixed(Double(bytes) / 1e6 / (median / 1e9), 1),
        ]
      ])
  }
}
