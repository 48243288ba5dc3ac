import CGtk
import Foundation
import Parlance
import ParlanceUI
import ParlanceWindow
import XCTest

@testable import ParlanceGtk

/// The screenshot matrix, and goldens that catch a changed window.
final class ScreenshotTests: WindowTestCase, @unchecked Sendable {
  static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__", isDirectory: true)
  /// Pinned with the fonts of scripts/install-deps (DejaVu, WenQuanYi) and Adwaita.
  static let size = Size(width: 760, height: 640)

  private func outputFolder() -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-shots-\(UUID().uuidString)", isDirectory: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder
  }

  func testReportFlagsAStringMadeTooLong() throws {
    try onMainActor {
      let work = outputFolder().appendingPathComponent("work")
      let file = work.appendingPathComponent("pl.lproj/Localizable.strings")
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      let long = "Zalogowano jako #{name}" + String(repeating: " — bardzo długi tekst", count: 12)
      try Data("\"user.name.format\" = \"\(long)\";\n".utf8).write(to: file)
      let localizer = try Localizer(
        resources: [Self.resources, work], environment: [:], pseudoLocales: true)
      let session = try WindowScreenshots(localizer: localizer, size: Self.size)
      defer { session.window.destroy() }
      let out = outputFolder()
      let shots = try session.capture([try LanguageTag("pl"), try LanguageTag("de")], into: out)
      try session.writeSummary(of: shots, into: out)

      XCTAssertEqual(shots.map(\.file.lastPathComponent), ["01-pl.png", "02-de.png"])
      XCTAssertEqual(shots[0].report.truncated.map(\.element), ["signed-in"])
      XCTAssertEqual(shots[1].report.truncated.map(\.element), [])
      let report = try JSONDecoder().decode(
        ScreenshotReport.self, from: Data(contentsOf: out.appendingPathComponent("report.json")))
      XCTAssertEqual(report.languages.map(\.tag), ["pl", "de"])
      // Every text drawn, with its key and rectangle; the one made too long is the
      // translator's file's entry, where it was written.
      for language in report.languages {
        let texts = try XCTUnwrap(language.texts, language.tag)
        XCTAssertGreaterThan(texts.count, 5, language.tag)
        let (width, height) = (try XCTUnwrap(language.width), try XCTUnwrap(language.height))
        for text in texts {
          let box = text.rectangle
          XCTAssertTrue(
            box.x >= 0 && box.y >= 0 && box.width > 0 && box.x + box.width <= width
              && box.y + box.height <= height, "\(text)")
        }
      }
      let signedIn = report.languages[0].texts?.first { $0.msgid == "user.name.format" }
      XCTAssertEqual(signedIn?.source, file.path + ":1")
      XCTAssertEqual(signedIn?.status, "translated")
      let markdown = try String(
        contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
      XCTAssertTrue(markdown.contains("truncated: signed-in needs"))
      let sheet = try Screenshot(
        contentsOfPNG: out.appendingPathComponent("contact-sheet.png").path)
      XCTAssertGreaterThan(sheet.width, 2 * 250)
      XCTAssertFalse(sheet.isUniform)
    }
  }

  /// Languages of one direction are photographed together, so that the layout turns as
  /// few times as it can, yet the files, the shots and the report keep the order asked
  /// for, and a language's screenshot does not depend on the one before it.
  /// Once the window is shown, each language is photographed as soon as it is laid out
  /// at the window's size, without a frame of its own (GTK paces them 16.7 ms apart),
  /// and the picture is what the next frame shows.
  func testLanguagesArePhotographedWithoutAFrameOfTheirOwn() throws {
    try onMainActor {
      let localizer = try Localizer(resources: [Self.resources], environment: [:])
      let session = try WindowScreenshots(localizer: localizer, size: Self.size)
      defer { session.window.destroy() }
      _ = try session.capture([try LanguageTag("en")], into: outputFolder())
      let clock = try XCTUnwrap(gtk_widget_get_frame_clock(session.window.widgetPointer))
      let frames = gdk_frame_clock_get_frame_counter(clock)
      let languages = try ["de", "ru", "ja"].map { try LanguageTag($0) }
      let shots = try session.capture(languages, into: outputFolder())
      XCTAssertEqual(gdk_frame_clock_get_frame_counter(clock), frames, "waited for frames")
      let shown = try XCTUnwrap(session.window.nextFramePicture())
      let last = try Screenshot(contentsOfPNG: try XCTUnwrap(shots.last).file.path)
      XCTAssertEqual(shown.differingPixelCount(from: last), 0)
    }
  }

  func testAlternatingDirectionsArePhotographedTogetherAndKeepTheirOrder() throws {
    try onMainActor {
      let localizer = try Localizer(resources: [Self.resources], environment: [:])
      let session = try WindowScreenshots(localizer: localizer, size: Self.size)
      defer { session.window.destroy() }
      let out = outputFolder()
      let languages = try ["en", "ar", "de", "he"].map { try LanguageTag($0) }
      var photographed: [String] = []
      let shots = try session.capture(languages, into: out) { shot in
        photographed.append(shot.language.identifier)
      }
      XCTAssertEqual(photographed, ["en", "de", "ar", "he"])
      XCTAssertEqual(
        shots.map(\.file.lastPathComponent), ["01-en.png", "02-ar.png", "03-de.png", "04-he.png"])
      try session.writeSummary(of: shots, into: out)
      let report = try JSONDecoder().decode(
        ScreenshotReport.self, from: Data(contentsOf: out.appendingPathComponent("report.json")))
      XCTAssertEqual(report.languages.map(\.tag), ["en", "ar", "de", "he"])
      // The sheet reads left to right, English first, though Hebrew was photographed
      // last; and the window is left in Hebrew's direction, not restyled for the sheet.
      XCTAssertEqual(Widget.defaultDirection, .rightToLeft)
      let sheet = try Screenshot(
        contentsOfPNG: out.appendingPathComponent("contact-sheet.png").path)
      let english = try Screenshot(contentsOfPNG: shots[0].file.path).scaled(toFit: 300, 600)
      let margin = 12
      let topLeft = Screenshot(
        width: english.width, height: english.height,
        pixels: (0..<english.height).flatMap { row in
          sheet.pixels[((margin + row) * sheet.width + margin)...].prefix(english.width)
        })
      XCTAssertEqual(topLeft.differingPixelCount(from: english), 0)

      // German photographed after Arabic (the order asked for), pixel for pixel the same.
      let alone = try session.capture(
        [try LanguageTag("ar"), try LanguageTag("de")], into: outputFolder())
      let afterArabic = try Screenshot(contentsOfPNG: alone[1].file.path)
      let inTheMatrix = try Screenshot(contentsOfPNG: shots[2].file.path)
      XCTAssertEqual(afterArabic.differingPixelCount(from: inTheMatrix), 0)
    }
  }

  /// The report and the sheet are written on other threads: a file that cannot be
  /// written is still an error naming it, when the summary is waited for.
  func testASummaryFileThatCannotBeWrittenIsNamed() throws {
    try onMainActor {
      let localizer = try Localizer(resources: [Self.resources], environment: [:])
      let session = try WindowScreenshots(localizer: localizer, size: Self.size)
      defer { session.window.destroy() }
      for blocked in ["contact-sheet.png", "report.json"] {
        let out = outputFolder()
        let shots = try session.capture([try LanguageTag("de")], into: out)
        // A folder where the file would go.
        try FileManager.default.createDirectory(
          at: out.appendingPathComponent(blocked), withIntermediateDirectories: false)
        let summary = try ScreenshotSession.startSummary(
          of: shots, report: ScreenshotReport(width: 1, height: 1), into: out)
        XCTAssertThrowsError(try summary.wait(), blocked) { error in
          let message = "\(error)"
          XCTAssertTrue(
            message.hasPrefix("cannot write '\(out.appendingPathComponent(blocked).path)'"),
            message)
        }
      }
    }
  }

  func testFallbackAndMissingStringsAreReported() throws {
    try onMainActor {
      let resources = outputFolder().appendingPathComponent("resources")
      try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
      for language in ["en", "de"] {
        try FileManager.default.copyItem(
          at: Self.resources.appendingPathComponent("\(language).lproj"),
          to: resources.appendingPathComponent("\(language).lproj"))
      }
      // German loses its greeting and welcome text; English the welcome text too.
      let german = resources.appendingPathComponent("de.lproj/Localizable.strings")
      let text = try String(contentsOf: german, encoding: .utf8)
        .replacingOccurrences(of: "\"greeting\"", with: "\"unused\"")
        .replacingOccurrences(of: "\"welcome.text\"", with: "\"unused.too\"")
      try Data(text.utf8).write(to: german)
      let english = resources.appendingPathComponent("en.lproj/Localizable.strings")
      let source = try String(contentsOf: english, encoding: .utf8)
      try Data(source.replacingOccurrences(of: "\"welcome.text\"", with: "\"unused\"").utf8)
        .write(to: english)
      let localizer = try Localizer(resources: [resources], environment: [:])
      let session = try WindowScreenshots(localizer: localizer, size: Self.size)
      defer { session.window.destroy() }
      let shots = try session.capture([try LanguageTag("de")], into: outputFolder())
      XCTAssertEqual(shots[0].report.fallbacks.map(\.key), ["greeting"])
      XCTAssertEqual(shots[0].report.fallbacks.map(\.suppliedBy), ["en"])
      XCTAssertTrue(shots[0].report.missing.contains("welcome.text"))
    }
  }

  /// Goldens of en, ja, ar, ru and en-XA; `RECORD_SNAPSHOTS=1` writes them anew (and
  /// fails, so that a recording never passes unnoticed).
  func testGoldenScreenshots() throws {
    try onMainActor {
      let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
      let localizer = try Localizer(
        resources: [Self.resources], environment: [:], pseudoLocales: true)
      let session = try WindowScreenshots(localizer: localizer, size: Self.size)
      defer { session.window.destroy() }
      let out = outputFolder()
      let languages = try ["en", "ja", "ar", "ru", "en-XA"].map { try LanguageTag($0) }
      let shots = try session.capture(languages, into: out)
      for shot in shots {
        let golden = Self.snapshots.appendingPathComponent("window-\(shot.language).png")
        if record {
          try FileManager.default.createDirectory(
            at: Self.snapshots, withIntermediateDirectories: true)
          _ = try? FileManager.default.removeItem(at: golden)
          try FileManager.default.copyItem(at: shot.file, to: golden)
          continue
        }
        guard FileManager.default.fileExists(atPath: golden.path) else {
          XCTFail("no golden \(golden.lastPathComponent): run RECORD_SNAPSHOTS=1 make test")
          continue
        }
        let actual = try Screenshot(contentsOfPNG: shot.file.path)
        let expected = try Screenshot(contentsOfPNG: golden.path)
        let differing = actual.differingPixelCount(from: expected, tolerance: 24)
        let allowed = expected.width * expected.height / 200  // 0.5%
        XCTAssertNotNil(
          differing,
          "\(shot.language): size \(actual.width)×\(actual.height), "
            + "golden \(expected.width)×\(expected.height)")
        if let differing {
          XCTAssertLessThanOrEqual(
            differing, allowed,
            "\(shot.language) differs from its golden in \(differing) pixels; see \(shot.file.path)"
          )
          if differing > allowed {
            // Keep the evidence where a developer will find it.
            let kept = FileManager.default.temporaryDirectory.appendingPathComponent(
              "parlance-golden-\(shot.language).png")
            _ = try? FileManager.default.removeItem(at: kept)
            try? FileManager.default.copyItem(at: shot.file, to: kept)
          }
        }
      }
      if record {
        XCTFail("goldens recorded in \(Self.snapshots.path); run again without RECORD_SNAPSHOTS")
      }
    }
  }
}
