import Foundation
import Parlance
import ParlanceGtk
import ParlanceInterface
import ParlanceUI
import XCTest

/// The screenshot matrix of a `.ui` file: every toplevel in every language from one
/// process, with what does not fit.
final class InterfaceScreenshotsTests: KindsTestCase, @unchecked Sendable {
  private func outputFolder() -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-ui-shots-\(UUID().uuidString)", isDirectory: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder
  }

  func testMenusAndPopoversArePhotographedOpen() throws {
    try onMainActor {
      Gtk.configureForScreenshots(fontName: "DejaVu Sans 10")
      let interface = try openKind("popovers.ui")
      // Before: neither had a window, and the command said there was nothing to photograph.
      let subject = InterfaceScreenshots(interface: interface)
      XCTAssertEqual(subject.windows.map(\.name), ["sound-menu", "sound-popover"])
      let out = outputFolder()
      let shots = try ScreenshotSession.capture(
        subject, languages: [try LanguageTag("en"), try LanguageTag("de")], into: out)
      XCTAssertEqual(
        shots.map(\.file.lastPathComponent),
        [
          "01-en-sound-menu.png", "02-en-sound-popover.png", "03-de-sound-menu.png",
          "04-de-sound-popover.png",
        ])
      XCTAssertEqual(shots.map(\.report.missing), [[], [], [], []])
      let images = try shots.map { try Screenshot(contentsOfPNG: $0.file.path) }
      for (shot, image) in zip(shots, images) {
        XCTAssertFalse(image.isUniform, shot.file.lastPathComponent)
      }
      // What is photographed is the open popover, not the window around it.
      let (_, popoverWindow) = subject.windows[1]
      let popover = subject.photographed(in: popoverWindow)
      XCTAssertFalse(popover === popoverWindow)
      XCTAssertEqual(images[3].width, popover.allocation.width)
      XCTAssertLessThan(images[3].width, popoverWindow.allocation.width)
      // The menu's items show as the program shows them, not greyed out for want of its
      // actions (app.play, app.quiet).
      @MainActor func descendants(_ widget: Widget) -> [Widget] {
        [widget] + ((widget as? Container)?.children.flatMap(descendants) ?? [])
      }
      let menu = subject.photographed(in: subject.windows[0].window)
      XCTAssertGreaterThan(descendants(menu).count, 4)
      XCTAssertEqual(descendants(menu).filter { !$0.sensitive }.count, 0)
      // Each shows its language.
      XCTAssertNotEqual(images[0].differingPixelCount(from: images[2]), 0)
      XCTAssertNotEqual(images[1].differingPixelCount(from: images[3]), 0)
      for (_, window) in subject.windows { window.destroy() }
    }
  }

  func testALooseMenuBarIsPhotographedAndAMenuIsNamedAsNot() throws {
    try onMainActor {
      Gtk.configureForScreenshots(fontName: "DejaVu Sans 10")
      let interface = try openKind("menushells.ui")
      // Before: neither, and nothing said why.
      let subject = InterfaceScreenshots(interface: interface)
      XCTAssertEqual(subject.windows.map(\.name), ["menubar"])
      XCTAssertEqual(subject.notPhotographed, ["tray-menu"])
      let shots = try ScreenshotSession.capture(
        subject, languages: [try LanguageTag("en"), try LanguageTag("de")], into: outputFolder())
      let images = try shots.map { try Screenshot(contentsOfPNG: $0.file.path) }
      XCTAssertEqual(images.map(\.isUniform), [false, false])
      XCTAssertNotEqual(images[0].differingPixelCount(from: images[1]), 0)
      for (_, window) in subject.windows { window.destroy() }
    }
  }

  func testEveryToplevelInEveryLanguageWithWhatDoesNotFit() throws {
    try onMainActor {
      Gtk.configureForScreenshots(fontName: "DejaVu Sans 10")
      let interface = try openKind("fit.ui")
      let subject = InterfaceScreenshots(interface: interface)
      XCTAssertEqual(subject.windows.map(\.name), ["fit-dialog", "fit-window"])
      let out = outputFolder()
      let shots = try ScreenshotSession.capture(
        subject, languages: [try LanguageTag("en"), try LanguageTag("de")], into: out)
      try ScreenshotSession.writeSummary(of: shots, report: subject.makeReport(), into: out)

      XCTAssertEqual(
        shots.map(\.file.lastPathComponent),
        [
          "01-en-fit-dialog.png", "02-en-fit-window.png", "03-de-fit-dialog.png",
          "04-de-fit-window.png",
        ])
      let (english, german) = (shots[0].report, shots[2].report)
      XCTAssertEqual(english.truncated, [])
      XCTAssertNil(english.grown)
      // The ellipsized label on screen, and the one on the notebook's other page; not the
      // one in the closed expander of the third page, which no user sees.
      XCTAssertEqual(german.truncated.map(\.element), ["short-label", "hidden-page-label"])
      XCTAssertEqual(
        german.truncated.first?.text, "Eine viel zu lange Beschriftung für diesen Platz")
      // The check button's long German label widens the dialog; the page it showed stays.
      let grown = try XCTUnwrap(german.grown)
      XCTAssertGreaterThan(grown.width, grown.developmentWidth)
      XCTAssertEqual(try interface.object("fit-pages").integer(forProperty: "page"), 0)
      XCTAssertEqual(shots[3].report.missing, ["Plain"])
      XCTAssertNil(shots[3].report.grown)
      let englishShot = try Screenshot(contentsOfPNG: shots[0].file.path)
      let germanShot = try Screenshot(contentsOfPNG: shots[2].file.path)
      XCTAssertEqual(germanShot.width, grown.width)
      XCTAssertLessThan(englishShot.width, germanShot.width)

      let report = try JSONDecoder().decode(
        ScreenshotReport.self, from: Data(contentsOf: out.appendingPathComponent("report.json")))
      XCTAssertEqual(report.interface, interface.document.file)
      XCTAssertEqual(
        report.languages.map(\.object),
        ["fit-dialog", "fit-window"] + ["fit-dialog", "fit-window"])
      let markdown = try String(
        contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
      XCTAssertTrue(markdown.contains("- truncated: hidden-page-label needs"), markdown)
      XCTAssertTrue(markdown.contains("- untranslated: “Plain”"), markdown)
      let sheet = try Screenshot(
        contentsOfPNG: out.appendingPathComponent("contact-sheet.png").path)
      XCTAssertFalse(sheet.isUniform)

      // English came first and was photographed as `prepare` drew it, with no frame of
      // its own: the same pictures as English photographed after a switch from German.
      let after = try ScreenshotSession.capture(
        subject, languages: [try LanguageTag("de"), try LanguageTag("en")], into: outputFolder())
      for (first, switched) in zip(shots[0...1], after[2...3]) {
        let (one, two) = (
          try Screenshot(contentsOfPNG: first.file.path),
          try Screenshot(contentsOfPNG: switched.file.path)
        )
        XCTAssertEqual(one.differingPixelCount(from: two), 0, first.file.lastPathComponent)
        let (report, again) = (first.report, switched.report)
        XCTAssertEqual(report.texts, again.texts)
        XCTAssertEqual(report.truncated, again.truncated)
        XCTAssertEqual(report.grown, again.grown)
        XCTAssertEqual(report.missing, again.missing)
        XCTAssertEqual([report.width, report.height], [again.width, again.height])
      }
    }
  }
}

/// The matrix on a real dialog: only what a reviewer should act on is reported.
final class CorpusScreenshotsTests: InterfaceTestCase, @unchecked Sendable {
  func testTallerFontsAreNotAGrownDialog() throws {
    try onMainActor {
      Gtk.configureForScreenshots(fontName: "DejaVu Sans 10")
      let interface = try open(
        file: CorpusDialogTests.dialogFile("DetailsDialog"), po: CorpusDialogTests.poFolder(),
        language: "en")
      let subject = InterfaceScreenshots(interface: interface)
      let out = FileManager.default.temporaryDirectory
        .appendingPathComponent("parlance-ui-shots-\(UUID().uuidString)", isDirectory: true)
      defer { try? FileManager.default.removeItem(at: out) }
      let shots = try ScreenshotSession.capture(
        subject, languages: try ["ja", "de"].map { try LanguageTag($0) }, into: out)
      // Japanese rows are a pixel taller each (their fonts), no text is longer: not
      // reported. German labels are longer and widen the dialog: reported.
      let japanese = try Screenshot(contentsOfPNG: shots[0].file.path)
      XCTAssertNil(shots[0].report.grown, "ja is \(japanese.width)×\(japanese.height)")
      let grown = try XCTUnwrap(shots[1].report.grown)
      XCTAssertGreaterThan(grown.width, grown.developmentWidth)
      XCTAssertEqual(shots.flatMap(\.report.truncated), [])
    }
  }
}
