import CGettext
import Foundation
import Parlance
import ParlanceGtk
import ParlanceInterface

/// Opening a real `.ui` file with its translations until the first frame of one of its
/// windows, beside what a C program does with the same file: Transmission's PrefsDialog
/// (the corpus's largest dialog) and geany's `geany.glade` (564 texts, the largest `.ui`
/// a Debian 12 machine has; geany builds the whole file and shows its main window).
extension InterfaceBenchmarks {
  /// A `.ui` file, the window of it that is shown, and its translations.
  struct Opened {
    /// The name the section and rows give it.
    let name: String
    let file: URL
    /// The id of the window shown.
    let window: String
    /// The text domain the file names, under which its `.mo` files are compiled.
    let domain: String
    /// The `.po` files, `<gettext name>.po`.
    let poFolder: URL
    /// What is in the file, for the section's workload.
    let description: String
    /// The ids of the file's toplevel objects, destroyed after each opening.
    let toplevels: [String]

    init(
      name: String, file: URL, window: String, domain: String, poFolder: URL,
      description: String
    ) throws {
      (self.name, self.file, self.window, self.domain) = (name, file, window, domain)
      (self.poFolder, self.description) = (poFolder, description)
      toplevels = try InterfaceDocument.read(contentsOf: file).toplevels.map(\.id)
    }
  }

  /// The text domain PrefsDialog.ui names.
  static let domain = "transmission-gtk"

  /// geany's interface as Debian installs it (package `geany`, which `make bench`
  /// installs with the live programs), and its compiled catalogs.
  static let geanyInterface = URL(fileURLWithPath: "/usr/share/geany/geany.glade")
  static let installedLocale = URL(fileURLWithPath: "/usr/share/locale", isDirectory: true)

  /// The `.po` file (and gettext language) of each language the runs open.
  static func gettextName(_ tag: LanguageTag) -> String {
    tag.identifier == "zh-Hans" ? "zh_CN" : tag.identifier
  }

  /// PrefsDialog, then geany's main window.
  func openings() throws -> [Section] {
    let prefs = try Opened(
      name: "PrefsDialog.ui", file: dialogFile, window: "PrefsDialog", domain: Self.domain,
      poFolder: poFolder,
      description: "Transmission's PrefsDialog.ui (82 texts) with its .po files")
    let geany = try geanyCatalogs()
    defer { try? FileManager.default.removeItem(at: geany) }
    let glade = try Opened(
      name: "geany.glade", file: Self.geanyInterface, window: "window1", domain: "geany",
      poFolder: geany,
      description: "geany's geany.glade (627 KB, 564 texts: the main window, its menus and "
        + "the preferences and project dialogs, all built, as geany builds them) with .po "
        + "files msgunfmt made of Debian's geany.mo, showing the main window")
    return [try opening(prefs), try opening(glade)]
  }

  /// `.po` files of geany's installed catalogs in the languages of the runs, in a
  /// folder of their own (removed by the caller): msgunfmt of each `geany.mo`.
  private func geanyCatalogs() throws -> URL {
    guard FileManager.default.fileExists(atPath: Self.geanyInterface.path) else {
      throw FixtureError(
        "no \(Self.geanyInterface.path): install Debian's geany (scripts/install-deps live)")
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-bench-geany-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for tag in tags.dropLast() {
      let name = Self.gettextName(tag)
      try Fixtures.run(
        "msgunfmt",
        [
          "-o", folder.appendingPathComponent("\(name).po").path,
          Self.installedLocale.appendingPathComponent("\(name)/LC_MESSAGES/geany.mo").path,
        ])
    }
    return folder
  }

  /// The `.po` files of `subject` compiled by msgfmt into a locale folder of their own
  /// (`<language>/LC_MESSAGES/<domain>.mo`), as a C program installs them.
  private func compiledCatalogs(of subject: Opened) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-bench-mo-\(UUID().uuidString)", isDirectory: true)
    for tag in tags.dropLast() {
      let name = Self.gettextName(tag)
      let messages = folder.appendingPathComponent("\(name)/LC_MESSAGES", isDirectory: true)
      try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
      try Fixtures.run(
        "msgfmt",
        [
          "-o", messages.appendingPathComponent("\(subject.domain).mo").path,
          subject.poFolder.appendingPathComponent("\(name).po").path,
        ])
    }
    return folder
  }

  /// Opens `subject` in `tag` until its window's first frame, and closes it: as Parlance
  /// does (`LocalizedInterface` over the `.po` files) or as a C program does (GtkBuilder
  /// translating through glibc's gettext from `locale`). Returns the phases' instants.
  private func open(
    _ subject: Opened, in tag: LanguageTag, ours: Bool, locale: URL
  ) throws -> [ContinuousClock.Instant] {
    let clock = ContinuousClock()
    var instants = [clock.now]
    let shown: Widget?
    let made: [Widget]
    var kept: AnyObject
    if ours {
      let localizer = try TranslationSources(gettextFolders: [subject.poFolder]).makeLocalizer(
        language: tag, environment: [:])
      instants.append(clock.now)
      let interface = try LocalizedInterface(file: subject.file, localizer: localizer)
      instants.append(clock.now)
      (shown, kept) = (try interface.object(subject.window).widget, interface)
      made = subject.toplevels.compactMap { try? interface.object($0).widget }
    } else {
      guard parlance_gettext_setup(subject.domain, locale.path, Self.gettextName(tag)) == 0
      else {
        throw FixtureError("cannot bind \(subject.domain) to \(locale.path)")
      }
      instants.append(clock.now)
      let builder = try Builder(file: subject.file.path, translationDomain: subject.domain)
      instants.append(clock.now)
      (shown, kept) = (builder.object(subject.window)?.widget, builder)
      made = subject.toplevels.compactMap { builder.object($0)?.widget }
    }
    guard let window = shown as? Window else {
      throw FixtureError("\(subject.window) of \(subject.name) is not a window")
    }
    window.showAll()
    guard window.waitForFirstDraw(timeout: .seconds(10)) else {
      throw FixtureError("\(subject.window) of \(subject.name) was not drawn within 10 s")
    }
    instants.append(clock.now)
    // Every widget the file made, as a program quitting destroys them.
    for widget in made { widget.destroy() }
    Gtk.iteratePending()
    withExtendedLifetime(kept) {}
    return instants
  }

  private func opening(_ subject: Opened) throws -> Section {
    let runs = max(5, options.runs)
    let locale = try compiledCatalogs(of: subject)
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
        let instants = try open(subject, in: tag, ours: oursFirst, locale: locale)
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
    // The absolute goal was set for PrefsDialog; the ratio is every file's.
    let absolute =
      subject.window == "PrefsDialog"
      ? [
        TargetCheck(goal: "≤ 100 ms", measured: Format.fixed(median, 2) + " ms", met: median <= 100)
      ]
      : []
    return Section(
      title: "Opening \(subject.name) with its .po files until the first frame",
      workload: "\(subject.description). In one process, after one untimed opening of each, "
        + "\(runs) runs in different languages, each side first in every other run. Ours: "
        + "scan the po/ folder, load the language's catalog, read the .ui, build it with "
        + "GtkBuilder (from its own bytes, its gettext answered by Parlance, or else rewritten "
        + "first), set the texts, show \(subject.window), wait for its first "
        + "frame. Beside it, what a C program does: glibc's gettext bound to the .mo files "
        + "msgfmt made of the same .po files, LANGUAGE set, GtkBuilder reading the file and "
        + "translating it, the same show and frame.",
      header: ["Contender", "Median ms", "Min ms", "Max ms"],
      rows: [
        row("ours: open → first frame (LocalizedInterface)", total(ours)),
        row("GtkBuilder + glibc gettext (msgfmt's .mo): open → first frame", total(theirs)),
      ],
      targets: absolute + [
        TargetCheck(
          goal: "≤ 1.25× GtkBuilder translating through glibc gettext (issue 25)",
          measured: Format.ratio(median / floor), met: median <= 1.25 * floor)
      ],
      notes: [
        "Phases of ours (medians): localizer with the language's catalog \(phase(ours, 0)) ms, "
          + "read + GtkBuilder + texts \(phase(ours, 1)) ms, show + first frame "
          + "\(phase(ours, 2)) ms. Of the C way: gettext bound \(phase(theirs, 0)) ms, GtkBuilder "
          + "with its translations \(phase(theirs, 1)) ms, show + first frame "
          + "\(phase(theirs, 2)) ms."
      ])
  }
}
