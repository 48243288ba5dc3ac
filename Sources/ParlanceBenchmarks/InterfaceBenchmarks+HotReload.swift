import Foundation
import Parlance
import ParlanceGtk
import ParlanceInterface
import ParlanceUI

extension InterfaceBenchmarks {
  /// A translator saves a `.po` (write to a temporary file, then rename, as editors do);
  /// timed until the dialog shows the new text in a drawn frame.
  func hotReload() throws -> Section {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-bench-po-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.copyItem(at: poFolder, to: folder)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("de.po")
    let original = try String(contentsOf: file, encoding: .utf8)
    let msgid = "Transmission Preferences"
    guard let start = original.range(of: "msgid \"\(msgid)\"\nmsgstr \""),
      let end = original[start.upperBound...].range(of: "\"\n")
    else { throw FixtureError("de.po has no single-line entry for '\(msgid)'") }
    let translation = start.upperBound..<end.lowerBound
    let localizer = try TranslationSources(gettextFolders: [folder]).makeLocalizer(
      language: LanguageTag("de"), environment: [:])
    let interface = try LocalizedInterface(file: dialogFile, localizer: localizer)
    guard let window = try interface.object("PrefsDialog").widget as? Window,
      let title = interface.texts.first(where: { $0.msgid == msgid })
    else { throw FixtureError("PrefsDialog has no window or no title text") }
    window.showAll()
    defer { window.destroy() }
    guard window.waitForFirstDraw(timeout: .seconds(10)) else {
      throw FixtureError("PrefsDialog was not drawn within 10 s")
    }
    let watcher = try TranslationWatcher(folder: folder, localizer: localizer)
    defer { watcher.stop() }

    let clock = ContinuousClock()
    var samples: [Double] = []
    let rounds = max(10, options.iterations / 100_000)
    for round in 0..<(rounds + 1) {
      let value = "Einstellungen, Fassung \(round)"
      var edited = original
      edited.replaceSubrange(translation, with: value)
      let temporary = folder.appendingPathComponent(".de.po.swp")
      try Data(edited.utf8).write(to: temporary)
      let saved = clock.now
      guard rename(temporary.path, file.path) == 0 else {
        throw FixtureError("rename failed: \(errno)")
      }
      guard
        Gtk.iterate(until: { interface.shownValue(of: title) == value }, timeout: .seconds(10)),
        window.waitForFirstDraw(timeout: .seconds(10))
      else { throw FixtureError("the dialog did not show the save of round \(round)") }
      if round > 0 { samples.append(saved.duration(to: clock.now).nanoseconds) }
      Gtk.iterate(until: { false }, timeout: .milliseconds(60))
    }
    let median = Statistics.median(samples) / 1e6
    return Section(
      title: "A .po save until PrefsDialog shows it",
      workload: "The dialog in German over a copy of the corpus's po/ folder, watched by "
        + "TranslationWatcher (40 ms quiet time to take in a whole save); \(rounds) saves of "
        + "de.po (write a temporary file, rename it over de.po) changing the title; timed "
        + "from the rename until the new title is set and a frame is drawn.",
      header: ["Step", "Median ms", "Min ms", "Max ms"],
      rows: [
        [
          "save → new frame", Format.fixed(median, 2),
          Format.fixed((samples.min() ?? .nan) / 1e6, 2),
          Format.fixed((samples.max() ?? .nan) / 1e6, 2),
        ]
      ],
      targets: [
        TargetCheck(
          goal: "≤ 100 ms median", measured: Format.fixed(median, 2) + " ms", met: median <= 100)
      ])
  }
}
