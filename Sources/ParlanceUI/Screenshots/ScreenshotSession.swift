import Foundation
import Parlance
import ParlanceGtk

/// Photographs a `ScreenshotSubject` in several languages from one process: switch,
/// wait for the frame to be drawn, write `NN-<tag>.png` (`NN-<tag>-<object>.png` for a
/// subject of several windows, such as the toplevels of a `.ui` file).
@MainActor
public enum ScreenshotSession {
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

    /// The box a thumbnail fits in: a tile of the contact sheet.
    package static let thumbnailBox = (ContactSheet.tileWidth, ContactSheet.tileWidth * 2)

    /// `image` made small for the contact sheet: any thread may make it, while the
    /// picture is at hand.
    package static func thumbnail(of image: Screenshot) -> Screenshot {
      image.scaled(toFit: thumbnailBox.0, thumbnailBox.1)
    }

    /// A shot written as `file`, with `thumbnail` made from its picture (`thumbnail(of:)`).
    package init(
      language: LanguageTag, file: URL, object: String?, report: ScreenshotReport.Language,
      thumbnail: Screenshot
    ) {
      self.language = language
      self.file = file
      self.object = object
      self.report = report
      self.thumbnail = thumbnail
    }
  }

  /// Why screenshots could not be taken.
  public enum Failure: Error, CustomStringConvertible {
    case noDisplay
    case notDrawn(LanguageTag)
    case switchFailed(LocalizerError)
    case cannotWrite(String, String)
    /// A file's writer failed; its message names the file and says why.
    case writeFailed(String)

    /// Writing `path` failed with `error`. The PNG writer's own message names the file,
    /// which is not named twice.
    package static func writing(_ path: String, _ error: GtkError) -> Failure {
      if case .png(let message) = error { return .writeFailed(message) }
      return .cannotWrite(path, error.description)
    }

    /// The message, as the command line prints it.
    public var description: String {
      switch self {
      case .noDisplay: "no display: run under xvfb-run (make run does)"
      case .notDrawn(let tag): "the window in \(tag) was not drawn within 10 seconds"
      case .switchFailed(let error): error.description
      case .cannotWrite(let path, let reason): "cannot write '\(path)': \(reason)"
      case .writeFailed(let message): message
      }
    }
  }

  /// The instant every screenshot's date line shows, so that runs compare.
  public static let fixedDate = Date(timeIntervalSince1970: 1_772_539_200)  // 2026-03-03 12:00 UTC

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
    // The last screenshot's file, encoded and made small on another thread while the
    // next language is switched to and drawn; a write that failed stops the matrix when
    // it is waited for.
    typealias Writing = (
      number: Int, language: LanguageTag, object: String?, report: ScreenshotReport.Language,
      file: URL, pending: PendingPNG
    )
    var writing: Writing?
    func finish(_ written: Writing) throws(Failure) {
      do {
        try written.pending.wait()
      } catch {
        throw .writing(written.pending.path, error)
      }
      guard let thumbnail = written.pending.thumbnail else {
        preconditionFailure("every file of the matrix is written with its thumbnail")
      }
      let shot = Shot(
        language: written.language, file: written.file, object: written.object,
        report: written.report, thumbnail: thumbnail)
      shots.append((written.number, shot))
      progress(shot)
    }
    try subject.prepare()
    let windowCount = subject.windows.count
    let order = photographingOrder(languages, from: subject.localizer.language.direction)
    for (step, position) in order.enumerated() {
      let language = languages[position]
      // The language `prepare` drew, first: its windows are as a switch would leave them.
      let drawn = step == 0 && language == subject.preparedLanguage
      if !drawn {
        do {
          try subject.localizer.switchLanguage(to: .pinned(language), persisting: false)
        } catch {
          throw .switchFailed(error)
        }
        subject.render()
      }
      for (windowIndex, (name, window)) in subject.windows.enumerated() {
        let number = position * windowCount + windowIndex + 1
        let file = directory.appendingPathComponent(
          String(format: "%02d-", number) + language.identifier
            + (name.map { "-" + $0 } ?? "") + ".png")
        let photographed = subject.photographed(in: window)
        var image: Screenshot?
        do {
          if drawn {
            image = try photographed.snapshot()
          } else if photographed === window, let size = subject.askedSize(of: window) {
            // Drawn as soon as it is laid out at the size asked, without GTK's paced frame.
            image = try window.picture(laidOutAt: size, timeout: .seconds(10))
          } else if photographed === window {
            // Drawn once, in the frame, and shown from that picture.
            image = try window.nextFramePicture(timeout: .seconds(10))
          } else if window.waitForFirstDraw(timeout: .seconds(10)) {
            image = try photographed.snapshot()
          }
        } catch {
          throw .cannotWrite(file.path, error.description)
        }
        guard let image else { throw .notDrawn(language) }
        let pending = image.writePNGInBackground(
          to: file.path, thumbnailFitting: Shot.thumbnailBox)
        let report = subject.examine(window, named: name, in: language, file: file)
        if let previous = writing { try finish(previous) }
        writing = (number, language, name, report, file, pending)
      }
    }
    if let last = writing { try finish(last) }
    return shots.sorted { $0.number < $1.number }.map(\.shot)
  }

  /// The positions of `languages` in the order they are photographed: those written in
  /// `direction` (the subject's before the first switch) first, then the others, each in
  /// the order given.
  package static func photographingOrder(
    _ languages: [LanguageTag], from direction: TextDirection
  ) -> [Int] {
    let same = languages.map { $0.direction == direction }
    return languages.indices.filter { same[$0] } + languages.indices.filter { !same[$0] }
  }

  /// Writes into `folder` (made when missing) a copy of each shot's picture with the
  /// rectangle of every text drawn in it outlined and labelled with its msgid, coloured
  /// by where it came from (`ScreenshotReport.PlacedText.annotation`), under the
  /// picture's own file name. A shot whose report lists no texts is copied as it is.
  public static func writeAnnotated(_ shots: [Shot], into folder: URL) throws(Failure) {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .cannotWrite(folder.path, error.localizedDescription)
    }
    for shot in shots {
      let copy = folder.appendingPathComponent(shot.file.lastPathComponent)
      do {
        let image = try Screenshot(contentsOfPNG: shot.file.path)
        try image.annotated((shot.report.texts ?? []).map(\.annotation)).writePNG(to: copy.path)
      } catch {
        throw .writing(copy.path, error)
      }
    }
  }

  /// Writes `report` with the shots' findings as `report.json` and `report.md`, and
  /// `contact-sheet.png`, into `directory`.
  public static func writeSummary(
    of shots: [Shot], report: ScreenshotReport, into directory: URL
  ) throws(Failure) {
    try startSummary(of: shots, report: report, into: directory).wait()
  }

  /// Starts writing what `writeSummary` writes and returns once the contact sheet is
  /// drawn: the reports and the sheet's file are written on threads of their own, while
  /// this one goes on (closing the windows photographed); `wait()` on the result.
  public static func startSummary(
    of shots: [Shot], report: ScreenshotReport, into directory: URL
  ) throws(Failure) -> PendingSummary {
    var report = report
    report.languages = shots.map(\.report)
    let json = directory.appendingPathComponent("report.json")
    let markdown = directory.appendingPathComponent("report.md")
    // The reports are written on another thread while GTK lays out and draws the sheet.
    let reports = DispatchGroup()
    let failure = Lock<String?>(nil)
    DispatchQueue.global(qos: .userInitiated).async(group: reports) { [report] in
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      do {
        try encoder.encode(report).write(to: json)
        try Data(report.markdown.utf8).write(to: markdown)
      } catch {
        failure.withLock { $0 = error.localizedDescription }
      }
    }
    let sheetFile = directory.appendingPathComponent("contact-sheet.png")
    let sheet: Screenshot
    do {
      sheet = try ContactSheet.draw(shots)
    } catch {
      reports.wait()
      throw .cannotWrite(sheetFile.path, error.description)
    }
    return PendingSummary(
      reports: reports, reportFailure: failure, reportPath: json.path,
      sheet: sheet.writePNGInBackground(to: sheetFile.path))
  }
}

/// The reports and the contact sheet of a matrix being written
/// (`ScreenshotSession.startSummary`). Not `Sendable`: wait on the thread that started
/// it. Dropped without `wait()`, it still waits, so that no write outlives it unseen.
public final class PendingSummary {
  private let reports: DispatchGroup
  private let reportFailure: Lock<String?>
  private let reportPath: String
  private let sheet: PendingPNG

  fileprivate init(
    reports: DispatchGroup, reportFailure: Lock<String?>, reportPath: String, sheet: PendingPNG
  ) {
    self.reports = reports
    self.reportFailure = reportFailure
    self.reportPath = reportPath
    self.sheet = sheet
  }

  deinit { reports.wait() }

  /// Waits until the reports and the sheet are written.
  /// - Throws: `ScreenshotSession.Failure.cannotWrite` or `.writeFailed` with the first
  ///   file that could not be.
  public func wait() throws(ScreenshotSession.Failure) {
    reports.wait()
    do {
      try sheet.wait()
    } catch {
      throw .writing(sheet.path, error)
    }
    if let reason = reportFailure.withLock({ $0 }) { throw .cannotWrite(reportPath, reason) }
  }
}
