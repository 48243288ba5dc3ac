import CGettext
import Foundation
import Parlance
import ParlanceGtk
import ParlanceInterface

/// A real GtkBuilder dialog (Transmission's PrefsDialog, 87 translatable properties) with
/// its gettext translations: a live switch against destroying and rebuilding the dialog in
/// the new language, opening the file until the first frame, and a `.po` save until the
/// dialog shows it.
///
/// Needs an open display (`Gtk.initialize()` done by the caller).
@MainActor
struct InterfaceBenchmarks {
  static let languages = ["de", "ru", "ja", "zh-Hans", "ar", "he", "pl", "en"]

  let options: Options
  let dialogFile: URL
  let poFolder: URL
  let tags: [LanguageTag]

  init(options: Options, packageRoot: URL) throws {
    self.options = options
    let transmission = packageRoot.deletingLastPathComponent()
      .appendingPathComponent("shared/corpus/ui/transmission", isDirectory: true)
    dialogFile = transmission.appendingPathComponent("gtk/ui/gtk3/PrefsDialog.ui")
    poFolder = transmission.appendingPathComponent("po", isDirectory: true)
    guard FileManager.default.fileExists(atPath: dialogFile.path) else {
      throw FixtureError("no \(dialogFile.path): the corpus lies beside the package")
    }
    tags = try Self.languages.map { try LanguageTag($0) }
  }

  func run() throws -> [Section] {
    Gtk.configureForScreenshots(fontName: "DejaVu Sans 10")
    return [try switching(), try opening(), try hotReload(), try screenshotMatrix()]
  }

  private func localizer(_ language: LanguageTag, po: URL? = nil) throws -> Localizer {
    try TranslationSources(gettextFolders: [po ?? poFolder]).makeLocalizer(
      language: language, environment: [:])
  }

  /// Builds the dialog in the localizer's language and shows it; returns once drawn.
  private func open(_ localizer: Localizer) throws -> (LocalizedInterface, Window) {
    let interface = try LocalizedInterface(file: dialogFile, localizer: localizer)
    guard let window = try interface.object("PrefsDialog").widget as? Window else {
      throw FixtureError("PrefsDialog is not a window")
    }
    window.showAll()
    guard window.waitForFirstDraw(timeout: .seconds(10)) else {
      throw FixtureError("PrefsDialog was not drawn within 10 s")
    }
    return (interface, window)
  }

  // MARK: Switch in place against rebuild

  private func switching() throws -> Section {
    let clock = ContinuousClock()
    let live = try localizer(tags[tags.count - 1])
    let (interface, window) = try open(live)
    defer { window.destroy() }
    var rebuilt: [Double] = []
    var inPlace: [Double] = []
    var byHand: [Double] = []
    var byHandSets: [Double] = []
    var phases: [(switching: Double, apply: Double, draw: Double)] = []
    let rounds = max(16, options.iterations / 20_000)
    var random = SplitMix64(seed: 12)
    for round in 0..<(rounds + tags.count) {
      let tag = tags[round % tags.count]
      let before = live.snapshot()
      // In place: switch, apply the texts to the existing widgets, wait for the frame.
      let start = clock.now
      try live.switchLanguage(to: .pinned(tag), persisting: false)
      let afterSwitch = clock.now
      interface.refresh()
      let afterApply = clock.now
      guard window.waitForFirstDraw(timeout: .seconds(10)) else {
        throw FixtureError("no frame after switching to \(tag)")
      }
      let drawn = clock.now
      let switched = start.duration(to: drawn).nanoseconds
      // By hand: the same texts, from the same language before, set on the same widgets
      // with nothing looked up — the dialog first given the texts before again (untimed).
      let after = live.snapshot()
      interface.set(interface.changes(in: before))
      guard window.waitForFirstDraw(timeout: .seconds(10)) else {
        throw FixtureError("no frame after setting the texts before again")
      }
      // GDK paints a window at most once per 16.7 ms after its last frame: the timed
      // frame is not to wait for that.
      Gtk.iterate(until: { false }, timeout: .milliseconds(50))
      let forward = interface.changes(in: after)
      let handStart = clock.now
      interface.set(forward)
      let handSet = clock.now
      guard window.waitForFirstDraw(timeout: .seconds(10)) else {
        throw FixtureError("no frame after setting the texts of \(tag) by hand")
      }
      let handDrawn = clock.now
      // Rebuild: what an app without Parlance does — a new dialog from the .ui in the new
      // language, the old one destroyed.
      let other = try localizer(tag)
      let rebuildStart = clock.now
      let (_, fresh) = try open(other)
      let rebuiltTime = rebuildStart.duration(to: clock.now).nanoseconds
      fresh.destroy()
      if round >= tags.count {  // the first pass through the languages warms caches
        inPlace.append(switched)
        rebuilt.append(rebuiltTime)
        byHand.append(handStart.duration(to: handDrawn).nanoseconds)
        byHandSets.append(handStart.duration(to: handSet).nanoseconds)
        phases.append(
          (
            start.duration(to: afterSwitch).nanoseconds,
            afterSwitch.duration(to: afterApply).nanoseconds,
            afterApply.duration(to: drawn).nanoseconds
          ))
      }
      Gtk.iterate(
        until: { false }, timeout: .milliseconds(20 + Int64(random.next() % 17)))
    }
    let ours = Statistics.median(inPlace) / 1e6
    let theirs = Statistics.median(rebuilt) / 1e6
    let hand = Statistics.median(byHand) / 1e6
    func row(_ name: String, _ values: [Double]) -> [String] {
      let milliseconds = values.map { $0 / 1e6 }
      return [
        name, Format.fixed(Statistics.median(milliseconds), 2),
        Format.fixed(Statistics.percentile(milliseconds, 90), 2),
        Format.fixed(milliseconds.min() ?? .nan, 2), Format.fixed(milliseconds.max() ?? .nan, 2),
      ]
    }
    /// The median of `values` (nanoseconds) in milliseconds, two decimals.
    func milliseconds(_ values: [Double]) -> String {
      Format.fixed(Statistics.median(values) / 1e6, 2)
    }
    return Section(
      title: "Transmission's PrefsDialog.ui: language switch until the frame is drawn",
      workload: "PrefsDialog.ui (82 texts) with the corpus's .po files, shown under Xvfb "
        + "(Adwaita, DejaVu Sans 10); \(rounds) switches through "
        + Self.languages.joined(separator: ", ")
        + " after one warm-up pass, each followed by a rebuild of the dialog in the same "
        + "language (interleaved), and between them the same texts set by hand: the dialog "
        + "given the texts before again, untimed, then 50 ms later the new ones set on the "
        + "same widgets with nothing looked up, until the frame; a pause of 20–36 ms after "
        + "each round, as a user would leave.",
      header: ["Strategy", "Median ms", "p90 ms", "Min ms", "Max ms"],
      rows: [
        row("ours: texts set on the existing widgets (LocalizedInterface)", inPlace),
        row("the same texts set on the same widgets by hand, nothing looked up", byHand),
        row("destroy + rebuild from the .ui in the new language", rebuilt),
      ],
      targets: [
        TargetCheck(
          goal: "switch → frame ≤ 8 ms median", measured: Format.fixed(ours, 2) + " ms",
          met: ours <= 8),
        TargetCheck(
          goal: "≤ 0.25× the rebuild", measured: Format.ratio(ours / theirs),
          met: ours <= 0.25 * theirs),
        TargetCheck(
          goal: "≤ 1.5× the same texts set by hand (issue 25)", measured: Format.ratio(ours / hand),
          met: ours <= 1.5 * hand),
        TargetCheck(
          goal: "≤ 0.1× the rebuild (issue 25)", measured: Format.ratio(ours / theirs),
          met: ours <= 0.1 * theirs),
      ],
      notes: [
        "Phases of ours (medians): switch \(milliseconds(phases.map(\.switching))) ms, "
          + "texts set \(milliseconds(phases.map(\.apply))) ms, "
          + "layout and draw \(milliseconds(phases.map(\.draw))) ms. By hand: texts set "
          + "\(milliseconds(byHandSets)) ms, the rest GTK's layout and draw."
      ])
  }

  // MARK: Opening

  /// The text domain PrefsDialog.ui names, under which its `.mo` files are compiled.
  static let domain = "transmission-gtk"

  /// The `.po` file (and gettext language) of each language the runs open.
  static func gettextName(_ tag: LanguageTag) -> String {
    tag.identifier == "zh-Hans" ? "zh_CN" : tag.identifier
  }

  /// The `.po` files compiled by msgfmt into a locale folder of their own
  /// (`<language>/LC_MESSAGES/transmission-gtk.mo`), as a C program installs them.
  private func compiledCatalogs() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-bench-mo-\(UUID().uuidString)", isDirectory: true)
    for tag in tags.dropLast() {
      let name = Self.gettextName(tag)
      let messages = folder.appendingPathComponent("\(name)/LC_MESSAGES", isDirectory: true)
      try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
      try Fixtures.run(
        "msgfmt",
        [
          "-o", messages.appendingPathComponent("\(Self.domain).mo").path,
          poFolder.appendingPathComponent("\(name).po").path,
        ])
    }
    return folder
  }

  /// Opens PrefsDialog in `tag` until its first frame, and closes it: as Parlance does
  /// (`LocalizedInterface` over the `.po` files) or as a C program does (GtkBuilder
  /// translating through glibc's gettext from `locale`). Returns the phases' instants.
  private func open(
    _ tag: LanguageTag, ours: Bool, locale: URL
  ) throws -> [ContinuousClock.Instant] {
    let clock = ContinuousClock()
    var instants = [clock.now]
    let window: Window
    var kept: AnyObject
    if ours {
      let localizer = try localizer(tag)
      instants.append(clock.now)
      let interface = try LocalizedInterface(file: dialogFile, localizer: localizer)
      instants.append(clock.now)
      guard let dialog = try interface.object("PrefsDialog").widget as? Window else {
        throw FixtureError("PrefsDialog is not a window")
      }
      (window, kept) = (dialog, interface)
    } else {
      guard parlance_gettext_setup(Self.domain, locale.path, Self.gettextName(tag)) == 0 else {
        throw FixtureError("cannot bind \(Self.domain) to \(locale.path)")
      }
      instants.append(clock.now)
      let builder = try Builder(file: dialogFile.path, translationDomain: Self.domain)
      instants.append(clock.now)
      guard let dialog = builder.object("PrefsDialog")?.widget as? Window else {
        throw FixtureError("PrefsDialog is not a window")
      }
      (window, kept) = (dialog, builder)
    }
    window.showAll()
    guard window.waitForFirstDraw(timeout: .seconds(10)) else {
      throw FixtureError("PrefsDialog was not drawn within 10 s")
    }
    instants.append(clock.now)
    window.destroy()
    Gtk.iteratePending()
    withExtendedLifetime(kept) {}
    return instants
  }

  private func opening() throws -> Section {
    let runs = max(5, options.runs)
    let locale = try compiledCatalogs()
    // The process's locale and LANGUAGE, given back after the C contender's runs.
    let savedLocale = setlocale(LC_ALL, nil).map { String(cString: $0) }
    let savedLanguage = ProcessInfo.processInfo.environment["LANGUAGE"]
    defer {
      try? FileManager.default.removeItem(at: locale)
      if let savedLocale { setlocale(LC_ALL, savedLocale) }
      if let savedLanguage { setenv("LANGUAGE", savedLanguage, 1) } else { unsetenv("LANGUAGE") }
    }
    var ours: [[ContinuousClock.Instant]] = []
    var theirs: [[ContinuousClock.Instant]] = []
    for run in 0..<(runs + 1) {
      let tag = tags[run % (tags.count - 1)]
      // Interleaved, each side first in every other run.
      for oursFirst in run.isMultiple(of: 2) ? [true, false] : [false, true] {
        let instants = try open(tag, ours: oursFirst, locale: locale)
        guard run > 0 else { continue }
        if oursFirst { ours.append(instants) } else { theirs.append(instants) }
      }
    }
    func total(_ samples: [[ContinuousClock.Instant]]) -> [Double] {
      samples.map { $0[0].duration(to: $0[3]).nanoseconds / 1e6 }
    }
    func phase(_ samples: [[ContinuousClock.Instant]], _ index: Int) -> String {
      Format.fixed(
        Statistics.median(samples.map { $0[index].duration(to: $0[index + 1]).nanoseconds })
          / 1e6, 2)
    }
    func row(_ name: String, _ values: [Double]) -> [String] {
      [
        name, Format.fixed(Statistics.median(values), 2), Format.fixed(values.min() ?? .nan, 2),
        Format.fixed(values.max() ?? .nan, 2),
      ]
    }
    let median = Statistics.median(total(ours))
    let floor = Statistics.median(total(theirs))
    return Section(
      title: "Opening PrefsDialog.ui with its .po files until the first frame",
      workload: "In one process, after one untimed opening of each, \(runs) runs in different "
        + "languages, each side first in every other run. Ours: scan the po/ folder, load the "
        + "language's catalog, read and rewrite the .ui, build it with GtkBuilder, set the "
        + "texts, show the dialog, wait for its first frame. Beside it, what a C program does: "
        + "glibc's gettext bound to the .mo files msgfmt made of the same .po files, LANGUAGE "
        + "set, GtkBuilder reading the file and translating it, the same show and frame.",
      header: ["Contender", "Median ms", "Min ms", "Max ms"],
      rows: [
        row("ours: open → first frame (LocalizedInterface)", total(ours)),
        row("GtkBuilder + glibc gettext (msgfmt's .mo): open → first frame", total(theirs)),
      ],
      targets: [
        TargetCheck(
          goal: "≤ 100 ms", measured: Format.fixed(median, 2) + " ms", met: median <= 100),
        TargetCheck(
          goal: "≤ 1.25× GtkBuilder translating through glibc gettext (issue 25)",
          measured: Format.ratio(median / floor), met: median <= 1.25 * floor),
      ],
      notes: [
        "Phases of ours (medians): localizer with the language's catalog \(phase(ours, 0)) ms, "
          + "read + rewrite + GtkBuilder + texts \(phase(ours, 1)) ms, show + first frame "
          + "\(phase(ours, 2)) ms. Of the C way: gettext bound \(phase(theirs, 0)) ms, GtkBuilder "
          + "with its translations \(phase(theirs, 1)) ms, show + first frame "
          + "\(phase(theirs, 2)) ms."
      ])
  }
}
