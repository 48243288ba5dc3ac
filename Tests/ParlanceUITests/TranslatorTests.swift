import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI
import XCTest

/// What a translator gets: live reload of their folder, keys and sources on demand.
final class TranslatorTests: WindowTestCase, @unchecked Sendable {
  /// A translator's working folder with a German file, removed after the test.
  private func workingFolder(_ german: String, language: String = "de") throws
    -> (folder: URL, file: URL)
  {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-work-\(UUID().uuidString)", isDirectory: true)
    let file = folder.appendingPathComponent("\(language).lproj/Localizable.strings")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(german.utf8).write(to: file)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return (folder, file)
  }

  /// Waits until a reload after the `count`th has finished and the window shows what the
  /// user expects from it (`showing`); false after 10 s (a watchdog, not a timing claim).
  @MainActor
  private func waitForReload(after count: Int, showing: @escaping @MainActor () -> Bool)
    -> Bool
  {
    Gtk.iterate(
      until: {
        (self.controller.watcher?.reloadCount ?? 0) > count && !self.controller.isSwitching
          && showing()
      },
      timeout: .seconds(10))
  }

  func testSavingAFileShowsTheEditLive() throws {
    try onMainActor {
      let (folder, file) = try workingFolder(#""greeting" = "Hallo aus der Werkstatt!";"#)
      try openWindow(language: "de", resources: [Self.resources, folder])
      try controller.watchTranslations(folder)
      XCTAssertEqual(text("greeting"), "Hallo aus der Werkstatt!")

      // A plain write.
      var before = controller.watcher?.reloadCount ?? 0
      try Data(#""greeting" = "Servus!";"#.utf8).write(to: file)
      XCTAssertTrue(waitForReload(after: before) { self.text("greeting") == "Servus!" })
      XCTAssertEqual(text("greeting"), "Servus!")

      // Write a temporary file, then rename it over the original, as many editors do.
      before = controller.watcher?.reloadCount ?? 0
      let scratch = file.deletingLastPathComponent().appendingPathComponent(".Localizable.strings~")
      try Data(#""greeting" = "Grüß Gott!";"#.utf8).write(to: scratch)
      XCTAssertEqual(rename(scratch.path, file.path), 0)
      XCTAssertTrue(waitForReload(after: before) { self.text("greeting") == "Grüß Gott!" })
      XCTAssertEqual(text("greeting"), "Grüß Gott!")
    }
  }

  /// Seed S0's naming, `<tag>_<Table>.plist` at the top of the working folder: the
  /// watcher sees a save of it, as of any format `CatalogFormatRegistry` knows.
  func testSavingAPrefixedPlistShowsTheEditLive() throws {
    try onMainActor {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("parlance-work-\(UUID().uuidString)", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
      let file = folder.appendingPathComponent("de_Localizable.plist")
      func plist(_ greeting: String) -> Data {
        Data(
          (#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"#
            + "<key>greeting</key><string>\(greeting)</string></dict></plist>").utf8)
      }
      try plist("Hallo aus der Liste!").write(to: file)
      try openWindow(language: "de", resources: [Self.resources, folder])
      try controller.watchTranslations(folder)
      XCTAssertEqual(text("greeting"), "Hallo aus der Liste!")

      let before = controller.watcher?.reloadCount ?? 0
      try plist("Servus aus der Liste!").write(to: file)
      XCTAssertTrue(
        waitForReload(after: before) { self.text("greeting") == "Servus aus der Liste!" })
      XCTAssertEqual(text("greeting"), "Servus aus der Liste!")
    }
  }

  func testBrokenSaveKeepsTheOldTextAndShowsWhereItBroke() throws {
    try onMainActor {
      let (folder, file) = try workingFolder(#""greeting" = "Guten Tag!";"#)
      try openWindow(language: "de", resources: [Self.resources, folder])
      try controller.watchTranslations(folder)
      let before = controller.watcher?.reloadCount ?? 0
      try Data("\"greeting\" = \"Kaputt\";\n\"oops\" = ;\n".utf8).write(to: file)
      XCTAssertTrue(waitForReload(after: before) { self.controller.widgetIsShown("problem") })
      XCTAssertEqual(text("greeting"), "Guten Tag!")
      let bar = try XCTUnwrap(controller.renderer.widget(for: "problem") as? InfoBar)
      XCTAssertTrue(bar.isVisible)
      XCTAssertTrue(bar.text.contains("Localizable.strings:2:10: error:"), bar.text)

      // Fixed: the bar goes, the new text comes.
      let again = controller.watcher?.reloadCount ?? 0
      try Data(#""greeting" = "Repariert!";"#.utf8).write(to: file)
      XCTAssertTrue(
        waitForReload(after: again) {
          self.text("greeting") == "Repariert!" && !self.controller.widgetIsShown("problem")
        })
      XCTAssertEqual(text("greeting"), "Repariert!")
      XCTAssertFalse(controller.widgetIsShown("problem"))
    }
  }

  func testKeysTooltipsAndFallbackMarks() throws {
    try onMainActor {
      let (folder, _) = try workingFolder(#""greeting" = "Grüezi!";"#, language: "de-CH")
      try openWindow(language: "de-CH", resources: [Self.resources, folder])
      controller.toggle("translator", true)
      let marked = { @MainActor in
        self.controller.renderer.label(for: "welcome")?.hasStyleClass("parlance-fallback") == true
      }
      _ = Gtk.iterate(until: marked, timeout: .seconds(5))
      // Supplied by de-CH itself: not marked; its tooltip says where it came from.
      let greeting = try XCTUnwrap(controller.renderer.label(for: "greeting"))
      XCTAssertFalse(greeting.hasStyleClass("parlance-fallback"))
      let tooltip = try XCTUnwrap(greeting.tooltipText)
      XCTAssertTrue(tooltip.hasPrefix("greeting · Localizable · de-CH · "), tooltip)
      XCTAssertTrue(tooltip.hasSuffix("de-CH.lproj/Localizable.strings:1:1"), tooltip)
      // Taken from de for de-CH: marked, and the tooltip says so.
      let welcome = try XCTUnwrap(controller.renderer.label(for: "welcome"))
      XCTAssertTrue(welcome.hasStyleClass("parlance-fallback"))
      XCTAssertTrue(welcome.tooltipText?.contains("de (fallback for de-CH)") == true)

      let renders = controller.renderCount
      controller.toggle("keys", true)
      _ = Gtk.iterate(until: { self.text("greeting") == "greeting" }, timeout: .seconds(5))
      XCTAssertGreaterThan(controller.renderCount, renders)
      XCTAssertEqual(text("greeting"), "greeting")
      XCTAssertEqual(text("welcome"), "welcome.text")
      XCTAssertEqual(text("files.count"), "files.count")
    }
  }
}

extension TranslatorTests {
  func testClosedBarStaysClosedUntilANewBrokenSave() throws {
    try onMainActor {
      let (folder, file) = try workingFolder(#""greeting" = "Guten Tag!";"#)
      try openWindow(language: "de", resources: [Self.resources, folder])
      try controller.watchTranslations(folder)
      var before = controller.watcher?.reloadCount ?? 0
      try Data("\"greeting\" = \"Kaputt\";\n\"oops\" = ;\n".utf8).write(to: file)
      XCTAssertTrue(waitForReload(after: before) { self.controller.widgetIsShown("problem") })
      let bar = try XCTUnwrap(controller.renderer.widget(for: "problem") as? InfoBar)
      XCTAssertTrue(bar.isVisible)
      try XCTUnwrap(bar.closeButton).click()
      _ = Gtk.iterate(until: { !self.controller.widgetIsShown("problem") }, timeout: .seconds(5))
      XCTAssertFalse(controller.widgetIsShown("problem"))

      controller.toggle("keys", true)
      XCTAssertTrue(Gtk.iterate(until: { self.text("greeting") == "greeting" }))
      XCTAssertFalse(controller.widgetIsShown("problem"), "a render brought the closed bar back")

      // A save of another file while this one is still broken: the same problem, still
      // closed.
      before = controller.watcher?.reloadCount ?? 0
      let errors = file.deletingLastPathComponent().appendingPathComponent("Errors.strings")
      try Data(#""error.language.unknown" = "Unbekannt: #{tag}";"#.utf8).write(to: errors)
      // Nothing to see: wait for the reload, then for what it scheduled.
      XCTAssertTrue(waitForReload(after: before) { true })
      Gtk.iteratePending()
      XCTAssertFalse(controller.widgetIsShown("problem"), "the same problem reopened the bar")

      // Another save, broken elsewhere: a new problem, shown.
      before = controller.watcher?.reloadCount ?? 0
      try Data("\"greeting\" = \"Kaputt\";\n\n\n\"oops\" \"again\";\n".utf8).write(to: file)
      XCTAssertTrue(
        waitForReload(after: before) {
          self.controller.widgetIsShown("problem") && bar.text.contains("Localizable.strings:4:")
        }, "a new broken save left the bar closed: \(bar.text)")
      XCTAssertTrue(controller.widgetIsShown("problem"))
      XCTAssertTrue(bar.text.contains("Localizable.strings:4:"), bar.text)
    }
  }
}
