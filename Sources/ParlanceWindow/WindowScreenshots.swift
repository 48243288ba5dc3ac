import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI

/// The Parlance window as a screenshot subject: one window at a fixed size, photographed
/// in each language as `NN-<tag>.png` (`ScreenshotSession.capture`).
@MainActor
package final class WindowScreenshots: ScreenshotSubject {
  /// The window's languages, switched from one to the next.
  package let localizer: Localizer
  /// The Parlance window's controller.
  package let controller: WindowController
  /// The window photographed.
  package let window: Window

  /// The Parlance window over `localizer`, `size` pixels large (fixed, so that
  /// screenshots compare), ready to be photographed.
  ///
  /// - Throws: `Failure.noDisplay` without a display.
  package init(localizer: Localizer, size: Size) throws(ScreenshotSession.Failure) {
    guard Gtk.initialize() else { throw .noDisplay }
    Gtk.configureForScreenshots(fontName: "DejaVu Sans 10")
    self.localizer = localizer
    window = Window(title: "Parlance")
    controller = WindowController(
      localizer: localizer, window: window, now: ScreenshotSession.fixedDate)
    controller.setInitialSize(size)
    self.size = size
  }

  /// The window's fixed size in pixels.
  package let size: Size

  /// Switches to each language in turn and writes its PNG into `directory`, calling
  /// `progress` after each file is written.
  package func capture(
    _ languages: [LanguageTag], into directory: URL,
    progress: (ScreenshotSession.Shot) -> Void = { _ in }
  ) throws(ScreenshotSession.Failure) -> [ScreenshotSession.Shot] {
    try ScreenshotSession.capture(self, languages: languages, into: directory, progress: progress)
  }

  /// The one window photographed.
  package var windows: [(name: String?, window: Window)] { [(nil, window)] }

  /// Shows the window.
  /// - Throws: never for this subject (the protocol allows a `Failure`).
  package func prepare() throws(ScreenshotSession.Failure) {
    controller.show()
  }

  /// Renders the localizer's current language.
  package func render() {
    controller.render()
  }

  /// The size the window had for the language before: it keeps its fixed size from one
  /// language to the next, so that it is photographed as soon as it is laid out at it,
  /// without GTK's paced frame. A language that needs more room grows it, and is
  /// photographed in the frame that shows it grown. None before the window was shown.
  package func askedSize(of window: Window) -> Size? {
    guard window.isMapped else { return nil }
    let laidOut = window.allocation
    return Size(width: laidOut.width, height: laidOut.height)
  }

  /// What a reviewer should look at in the window in `language`.
  /// - Parameters:
  ///   - window: the window photographed (the session's own).
  ///   - name: nil: the session has one window.
  ///   - language: the language it shows.
  ///   - file: the screenshot written.
  /// - Returns: the language's part of the report.
  package func examine(
    _ window: Window, named name: String?, in language: LanguageTag, file: URL
  ) -> ScreenshotReport.Language {
    examine(language, file: file)
  }

  /// A report on the window at its fixed size, without languages yet.
  /// - Returns: the report's heading.
  package func makeReport() -> ScreenshotReport {
    ScreenshotReport(width: size.width, height: size.height)
  }

  /// Every text of the window drawn now, with its key, table, status, the entry that
  /// supplied it and its rectangle (the live module's places, read from the widgets
  /// after the frame), matched to the view node that rendered it by widget and text.
  private func placedTexts() -> [ScreenshotReport.PlacedText] {
    let drawn = ShownTexts(of: window).drawn(in: window)
    var placed: [ScreenshotReport.PlacedText] = []
    var seen = Set<ShownTexts.Place>()
    for (id, resolved) in controller.renderer.resolvedTexts {
      guard let resolution = resolved.resolution, let widget = controller.renderer.widget(for: id)
      else { continue }
      for property in ["label", "title", "placeholder-text"] {
        let place = ShownTexts.Place(widget, property: property)
        guard let found = drawn[place], found.text.text == resolved.text,
          seen.insert(place).inserted
        else { continue }
        let status =
          resolution.isMissing ? "untranslated" : resolution.isFallback ? "fallback" : "translated"
        for at in found.places {
          placed.append(
            ScreenshotReport.PlacedText(
              object: id, className: found.text.typeName, property: property, context: nil,
              msgid: resolution.key, domain: resolution.table, value: found.text.text,
              status: status,
              source: resolution.origin?.fileAndLine,
              rectangle: at.rectangle))
        }
      }
    }
    return placed
  }

  /// What the window shows in `language` that a reviewer should look at.
  private func examine(_ language: LanguageTag, file: URL) -> ScreenshotReport.Language {
    var report = ScreenshotReport.Language(
      tag: language.identifier, name: language.nativeName, screenshot: file.lastPathComponent,
      missing: [], fallbacks: [], truncated: [])
    var seen = Set<String>()
    for (_, text) in controller.renderer.resolvedTexts {
      guard let resolution = text.resolution, seen.insert(resolution.key).inserted else {
        continue
      }
      if resolution.isMissing {
        report.missing.append(resolution.key)
      } else if let supplier = resolution.language, resolution.isFallback,
        !(language.isPseudoLocale && supplier == localizer.developmentLanguage)
      {
        report.fallbacks.append(
          .init(key: resolution.key, table: resolution.table, suppliedBy: supplier.identifier))
      }
    }
    report.texts = placedTexts()
    report.width = window.allocation.width
    report.height = window.allocation.height
    for (id, label) in controller.renderer.labels where label.isVisible && label.isTruncated {
      report.truncated.append(
        .init(
          element: id, text: label.text, neededWidth: label.naturalTextWidth,
          allocatedWidth: label.allocation.width))
    }
    return report
  }

  /// Writes `report.json`, `report.md` and `contact-sheet.png` (every screenshot tiled,
  /// each labelled with its number, tag and name) into `directory`.
  package func writeSummary(of shots: [ScreenshotSession.Shot], into directory: URL)
    throws(ScreenshotSession.Failure)
  {
    try ScreenshotSession.writeSummary(of: shots, report: makeReport(), into: directory)
  }
}
