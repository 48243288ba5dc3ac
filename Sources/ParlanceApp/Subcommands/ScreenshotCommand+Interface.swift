import Foundation
import Parlance
import ParlanceGtk
import ParlanceInterface
import ParlanceUI

extension ScreenshotCommand {
  /// `parlance screenshot --ui UI_FILE`: every toplevel of the file in every language,
  /// from one process, switched live.
  static func runInterface(_ path: String, out: String, _ arguments: ParsedArguments) throws
    -> ExitStatus
  {
    for option in [size.declaration, CommonOptions.translations.declaration]
    where arguments.isGiven(option) {
      throw arguments.usageError("\(option.name) does not apply to --ui: windows take their own")
    }
    if arguments[noPseudoLocales] {
      throw arguments.usageError("--no-pseudo-locales does not apply to --ui")
    }
    let requested = arguments[languages]?.tags
    let directory = URL(fileURLWithPath: out, isDirectory: true)
    do throws(InterfaceInput.Failure) {
      let input = try InterfaceInput(path: path, arguments: arguments)
      let localizer = try input.makeLocalizer()
      let languages = requested ?? allLanguages(of: localizer)
      return try MainActor.assumeIsolated {
        Result { () throws(InterfaceInput.Failure) in
          try photograph(
            input, localizer: localizer, languages: languages, into: directory,
            annotate: arguments[annotate])
        }
      }.get()
    } catch {
      standardError(error.message)
      return .failure
    }
  }

  /// The development language, then every language a catalog has. The pseudo-locales
  /// only when named: they transform a development-language catalog, which gettext
  /// projects do not have, so they would show the msgids.
  static func allLanguages(of localizer: Localizer) -> [LanguageTag] {
    let development = localizer.developmentLanguage
    return [development]
      + localizer.availableLanguages.filter { $0 != development && PseudoLocale($0) == nil }
  }

  @MainActor
  private static func photograph(
    _ input: InterfaceInput, localizer: Localizer, languages: [LanguageTag], into directory: URL,
    annotate: Bool
  ) throws(InterfaceInput.Failure) -> ExitStatus {
    guard Gtk.initialize() else {
      throw .init(
        message: "parlance: error: cannot open the display: screenshots need one "
          + "(run it under X, or Xvfb: scripts/with-display)")
    }
    // Every language's catalogs and GTK's, read on another thread while this one builds
    // the windows (not while GTK opens the display: the X server needs the other core).
    let order = ScreenshotSession.photographingOrder(
      languages, from: localizer.developmentLanguage.direction
    ).map { languages[$0] }
    localizer.loadAhead(order)
    let toolkit = input.toolkitTexts()
    toolkit.loadAhead(route: [localizer.developmentLanguage] + order)
    Gtk.configureForScreenshots(fontName: "DejaVu Sans 10")
    let interface: LocalizedInterface
    do {
      interface = try LocalizedInterface(
        document: input.document, localizer: localizer, table: input.sources.textTable,
        objectIDs: input.objectIDs, toolkit: toolkit)
    } catch {
      throw .init(message: error.description)
    }
    for diagnostic in interface.diagnostics { standardError(diagnostic.description) }
    let subject = InterfaceScreenshots(interface: interface)
    var open = true
    func closeWindows() {
      if open { for (_, window) in subject.windows { window.destroy() } }
      open = false
    }
    defer { closeWindows() }
    for name in subject.notPhotographed {
      standardError(
        "parlance: warning: '\(name)' (GtkMenu) is not photographed: a GtkMenu opens only "
          + "with a pointer grab")
    }
    guard !subject.windows.isEmpty else {
      throw .init(
        message: "parlance: error: '\(input.document.file)' has no window or widget to photograph")
    }
    let total = languages.count * subject.windows.count
    var done = 0
    do throws(ScreenshotSession.Failure) {
      let shots = try ScreenshotSession.capture(
        subject, languages: languages, into: directory
      ) { shot in
        let report = shot.report
        done += 1
        print(
          "[\(done)/\(total)] \(shot.language) "
            + "\(shot.object ?? ""): \(shot.file.path) (\(report.missing.count) untranslated, "
            + "\(report.fallbacks.count) fallback, \(report.truncated.count) do not fit"
            + (report.grown.map { ", grown to \($0.width)×\($0.height)" } ?? "") + ")")
      }
      let summary = try ScreenshotSession.startSummary(
        of: shots, report: subject.makeReport(), into: directory)
      if annotate {
        try ScreenshotSession.writeAnnotated(
          shots, into: directory.appendingPathComponent("annotated"))
      }
      try summary.wait()
      // The windows and catalogs go with the process, which exits next.
      open = false
      LeftToExit.keep(interface, subject)
    } catch {
      throw .init(message: "parlance: error: \(error.description)")
    }
    print("report: \(directory.appendingPathComponent("report.md").path)")
    print("contact sheet: \(directory.appendingPathComponent("contact-sheet.png").path)")
    return .success
  }
}
