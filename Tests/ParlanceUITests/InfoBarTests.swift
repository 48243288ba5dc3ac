import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI
import ParlanceWindow
import XCTest

/// The info bar a user closes, and what a screen reader says about it and the captions.
final class InfoBarTests: WindowTestCase, @unchecked Sendable {
  func testClosedBarStaysClosedUntilANewFailure() throws {
    try onMainActor {
      try openWindow(language: "de", resources: [Self.resources, try brokenFrenchFolder()])
      XCTAssertFalse(controller.widgetIsShown("problem"))
      failToSwitch(to: "fr")
      let bar = try XCTUnwrap(controller.renderer.widget(for: "problem") as? InfoBar)
      try XCTUnwrap(bar.closeButton).click()
      _ = Gtk.iterate(until: { !self.controller.widgetIsShown("problem") }, timeout: .seconds(5))
      XCTAssertFalse(controller.widgetIsShown("problem"), "the close button left the bar open")

      // The user changes the number: the window renders again, the bar stays closed.
      let german = try reference("de")
      controller.renderer.numberField?.value = 7
      let seven = german.string("files.count", count: 7)
      XCTAssertTrue(
        Gtk.iterate(until: { self.text("files.count") == seven }, timeout: .seconds(5)))
      XCTAssertFalse(controller.widgetIsShown("problem"), "a render brought the closed bar back")
      // A switch that works renders too.
      choose("ja")
      XCTAssertFalse(controller.widgetIsShown("problem"))

      // A new failure shows the bar again, with the new problem.
      failToSwitch(to: "fr")
      XCTAssertTrue(controller.widgetIsShown("problem"))
      XCTAssertTrue(bar.text.contains("Localizable.strings:2:"), bar.text)
    }
  }

  func testFailuresKeepOnlyTheNewest() throws {
    try onMainActor {
      let folder = try brokenFrenchFolder()
      let italian = folder.appendingPathComponent("it.lproj/Localizable.strings")
      try FileManager.default.createDirectory(
        at: italian.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("\"greeting\" = ;\n".utf8).write(to: italian)
      try openWindow(language: "de", resources: [Self.resources, folder])
      for _ in 0..<30 { failToSwitch(to: "fr") }
      failToSwitch(to: "it")
      XCTAssertLessThanOrEqual(controller.failures.count, 10, "31 failures kept")
      XCTAssertEqual(controller.failures.count, WindowController.failureLimit)
      guard case .catalogFailed(let tag, _) = controller.failures.last else {
        return XCTFail(
          "the newest failure is not last: \(String(describing: controller.failures.last))")
      }
      XCTAssertEqual(tag, try LanguageTag("it"))
      XCTAssertEqual(controller.localizer.language, try LanguageTag("de"))
    }
  }

  func testBarAndItsCloseButtonAreNamedInTheWindowsLanguage() throws {
    var names: [String: String] = [:]
    for tag in ["de", "ja"] {
      try onMainActor {
        try openWindow(language: tag, resources: [Self.resources, try brokenFrenchFolder()])
        failToSwitch(to: "fr")
        let expected = try reference(tag)
        let barName = expected.string("accessible.problem")
        let closeName = expected.string("accessible.problem.close")
        XCTAssertNotEqual(barName, "accessible.problem", "no translation in \(tag)")
        XCTAssertNotEqual(closeName, "accessible.problem.close", "no translation in \(tag)")
        let bar = try XCTUnwrap(controller.renderer.widget(for: "problem") as? InfoBar)
        XCTAssertEqual(bar.accessibleName, barName, "the bar's name in \(tag)")
        XCTAssertEqual(bar.closeButton?.accessibleName, closeName, "the close button in \(tag)")
        names[tag] = closeName
        controller.window.destroy()
        controller = nil
      }
    }
    XCTAssertNotEqual(names["de"], names["ja"])
  }

  func testCaptionsNameTheirControls() throws {
    try onMainActor {
      try openWindow(language: "en")
      assertCaptionsNameTheirControls("en")
      choose("de")
      assertCaptionsNameTheirControls("de, widgets reused")
    }
  }

  func testCaptionsNameTheirControlsAfterARebuild() throws {
    try onMainActor {
      try openWindow(language: "en", strategy: .rebuild)
      choose("ar")
      assertCaptionsNameTheirControls("ar, widgets rebuilt")
    }
  }

  /// Each caption is its control's mnemonic label, and ATK relates them both ways.
  @MainActor
  private func assertCaptionsNameTheirControls(
    _ context: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let renderer = controller.renderer
    let pairs: [(caption: String, control: Widget?)] = [
      ("language.caption", renderer.languageMenu), ("files.caption", renderer.numberField),
      ("notes.caption", renderer.notesView), ("number.caption", renderer.label(for: "number")),
      ("date.caption", renderer.label(for: "date")),
    ]
    for (captionID, control) in pairs {
      guard let caption = renderer.label(for: captionID), let control else {
        XCTFail("no \(captionID) or its control (\(context))", file: file, line: line)
        continue
      }
      XCTAssertTrue(
        caption.mnemonicWidget === control, "\(captionID) is not the control's mnemonic label",
        file: file, line: line)
      XCTAssertTrue(
        caption.accessibleTargets(.labelFor).contains { $0 === control },
        "\(captionID) is not label-for its control (\(context))", file: file, line: line)
      XCTAssertTrue(
        control.accessibleTargets(.labelledBy).contains { $0 === caption },
        "the control of \(captionID) is not labelled-by it (\(context))", file: file, line: line)
    }
  }
}
