import Foundation
import Parlance
import ParlanceGtk

/// Photographs the window in several languages from one process: switch, wait for the
/// frame to be drawn, write `NN-<tag>.png`.
///
/// `capture(_:languages:into:progress:)` does the same for any `ScreenshotSubject`: the
/// toplevels of a `.ui` file, photographed as `NN-<tag>-<object>.png`.
@MainActor
public final class ScreenshotSession: ScreenshotSubject {
  /// One screenshot written.
  public struct Shot: Sendable {
    /// The language it shows.
    public let language: LanguageTag
    /// The PNG file written.
    public let file: URL
    /// The subject's name for the window (a `.ui` object's id); nil for the one window.
    public let object: String?
    /// What a reviewer should look at in it.
    public let report: ScreenshotReport.Language
    /// The screenshot made small for the contact sheet, while its pixels were at hand.
    let thumbnail: Screenshot
  }

  /// Why screenshots could not be taken.
  public enum Failure: Error, CustomStringConvertible {
    case noDisplay
    case notDrawn(LanguageTag)
    case switchFailed(LocalizerError)
    case cannotWrite(String, String)

    /// The message, as the command line prints it.
    public var description: String {
      switch self {
      case .noDisplay: "no display: run under xvfb-run (make run does)"
      case .notDrawn(let tag): "the window in \(tag) was not drawn within 10 seconds"
      case .switchFailed(let error): error.description
      case .cannotWrite(let path, let reason): "cannot write '\(path)': \(reason)"
      }
    }
  }

  /// The instant every screenshot's date line shows, so that runs compare.
  public static let fixedDate = Date(timeIntervalSince1970: 1_772_539_200)  // 2026-03-03 12:00 UTC

  /// The window's languages, switched from one to the next.
  public let localizer: Localizer
  /// The Parlance window's controller.
  public let controller: WindowController
  /// The window photographed.
  public let window: Window

  /// The Parlance window over `localizer`, `size` pixels large (fixed, so that
  /// screenshots compare), ready to be photographed.
  ///
  /// - Throws: `Failure.noDisplay` without a display.
  public init(localizer: Localizer, size: Size) throws(Failure) {
    guard Gtk.initialize() else { throw .noDisplay }
    Gtk.configureForScreenshots(fontName: "DejaVu Sans 10")
    self.localizer = localizer
    window = Window(title: "Parlance")
    controller = WindowController(localizer: localizer, window: window, now: Self.fixedDate)
    controller.setInitialSize(size)
    self.size = size
  }

  /// The window's fixed size in pixels.
  public let size: Size

  /// Switches to each language in turn and writes its PNG into `directory`, calling
  /// `progress` after each file is written.
  public func capture(
    _ languages: [LanguageTag], into directory: URL, progress: (Shot) -> Void = { _ in }
  ) throws(Failure) -> [Shot] {
    try Self.capture(self, languages: languages, into: directory, progress: progress)
  }

  /// Switches `subject`'s localizer to each language in turn (never saving the choice)
  /// and writes a PNG of each of its windows into `directory`, numbered in the order of
  /// `languages`, calling `progress` after each file is written (in the order they are
  /// photographed, below). Returns the shots in the order of `languages`. Each file is
  /// encoded on another thread while the next language is drawn
  /// (`Screenshot.writePNGInBackground(to:)`).
  ///
  /// The languages written in the direction the subject shows first are photographed
  /// first (`photographingOrder`): turning the layout from left-to-right to right-to-left
  /// or back makes GTK restyle and measure every widget again, 15–17 ms for Transmission's
  /// PrefsDialog, so en, ar, de, he turn it once instead of three times.
  public static func capture(
    _ subject: any ScreenshotSubject, languages: [LanguageTag], into directory: URL,
    progress: (Shot) -> Void = { _ in }
  ) throws(Failure) -> [Shot] {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw .cannotWrite(directory.path, error.localizedDescription)
    }
    var shots: [(number: Int, shot: Shot)] = []
    // The last screenshot's file, encoded on another thread while the next language is
    // switched to and drawn; a write that failed stops the matrix when it is waited for.
    var writing: (number: Int, shot: Shot, file: PendingPNG)?
    func finish(_ written: (number: Int, shot: Shot, file: PendingPNG)) throws(Failure) {
      do {
        try written.file.wait()
      } catch {
        throw .cannotWrite(written.file.path, error.description)
      }
      shots.append((written.number, written.shot))
      progress(written.shot)
    }
    try subject.prepare()
    let windowCount = subject.windows.count
    let order = photographingOrder(languages, from: subject.localizer.language.direction)
    for position in order {
      let language = languages[position]
      do {
        try subject.localizer.switchLanguage(to: .pinned(language), persisting: false)
      } catch {
        throw .switchFailed(error)
      }
      subject.render()
      for (windowIndex, (name, window)) in subject.windows.enumerated() {
        guard window.waitForFirstDraw(timeout: .seconds(10)) else { throw .notDrawn(language) }
        let number = position * windowCount + windowIndex + 1
        let file = directory.appendingPathComponent(
          String(format: "%02d-", number) + language.identifier
            + (name.map { "-" + $0 } ?? "") + ".png")
        let image: Screenshot
        do {
          image = try subject.photographed(in: window).snapshot()
        } catch {
          throw .cannotWrite(file.path, error.description)
        }
        let pending = image.writePNGInBackground(to: file.path)
        let shot = Shot(
          language: language, file: file, object: name,
          report: subject.examine(window, named: name, in: language, file: file),
          thumbnail: image.scaled(toFit: ContactSheet.tileWidth, ContactSheet.tileWidth * 2))
        if let previous = writing { try finish(previous) }
        writing = (number, shot, pending)
      }
    }
    if let last = writing { try finish(last) }
    return shots.sorted { $0.number < $1.number }.map(\.shot)
  }

  /// The positions of `languages` in the order they are photographed: those written in
  /// `direction` (the subject's before the first switch) first, then the others, each in
  /// the order given.
  static func photographingOrder(
    _ languages: [LanguageTag], from direction: TextDirection
  ) -> [Int] {
    let same = languages.map { $0.direction == direction }
    return languages.indices.filter { same[$0] } + languages.indices.filter { !same[$0] }
  }

  // MARK: The Parlance window as a subject

  /// The one window photographed.
  public var windows: [(name: String?, window: Window)] { [(nil, window)] }

  /// Shows the window.
  /// - Throws: never for this subject (the protocol allows a `Failure`).
  public func prepare() throws(Failure) {
    controller.show()
  }

  /// Renders the localizer's current language.
  public func render() {
    controller.render()
  }

  /// What a reviewer should look at in the window in `language`.
  /// - Parameters:
  ///   - window: the window photographed (the session's own).
  ///   - name: nil: the session has one window.
  ///   - language: the language it shows.
  ///   - file: the screenshot written.
  /// - Returns: the language's part of the report.
  public func examine(
    _ window: Window, named name: String?, in language: LanguageTag, file: URL
  ) -> ScreenshotReport.Language {
    examine(language, file: file)
  }

  /// A report on the window at its fixed size, without languages yet.
  /// - Returns: the report's heading.
  public func makeReport() -> ScreenshotReport {
    ScreenshotReport(width: size.width, height: size.height)
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
  public func writeSummary(of shots: [Shot], into directory: URL) throws(Failure) {
    try Self.writeSummary(of: shots, report: makeReport(), into: directory)
  }

  /// Writes `report` with the shots' findings as `report.json` and `report.md`, and
  /// `contact-sheet.png`, into `directory`.
  public static func writeSummary(
    of shots: [Shot], report: ScreenshotReport, into directory: URL
  ) throws(Failure) {
    var report = report
    report.languages = shots.map(\.report)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let json = directory.appendingPathComponent("report.json")
    let markdown = directory.appendingPathComponent("report.md")
    do {
      try encoder.encode(report).write(to: json)
      try Data(report.markdown.utf8).write(to: markdown)
    } catch {
      throw .cannotWrite(json.path, error.localizedDescription)
    }
    try ContactSheet.write(shots, to: directory.appendingPathComponent("contact-sheet.png"))
  }
}
