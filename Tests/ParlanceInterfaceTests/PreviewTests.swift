import Foundation
import Parlance
import ParlanceGtk
import ParlanceInterface
import XCTest

/// `parlance preview` as a user meets it: the dialog and the control bar, a language
/// picked in the bar's combo box, what the user typed, ticked and turned to, the
/// translator's tooltips and marks, keys, and `--object`.
final class PreviewTests: PreviewTestCase, @unchecked Sendable {
  func testPickingALanguageInTheBarRetranslatesTheDialogAndKeepsWhatTheUserDid() throws {
    try onMainActor {
      let preview = try openPreview(language: "en")
      XCTAssertEqual(shown(preview, "limit-label"), "Limit")
      XCTAssertEqual(preview.window(for: "settings-dialog")?.title, "Settings")
      // The user types, ticks and turns to the second page.
      let entry = try object(preview, "name-entry")
      let check = try object(preview, "notify-check")
      let pages = try object(preview, "pages")
      entry.setString("Zofia", forProperty: "text")
      check.setBoolean(true, forProperty: "active")
      pages.setInteger(1, forProperty: "page")

      let menu = try XCTUnwrap(preview.controlBar.languageMenu)
      XCTAssertEqual(menu.activeID, "en")
      XCTAssertTrue(menu.select(id: "de"), "the bar lists Deutsch")
      waitFor("the dialog in German") { self.shown(preview, "limit-label") == "Grenze" }
      XCTAssertEqual(preview.window(for: "settings-dialog")?.title, "Einstellungen")
      XCTAssertEqual(shown(preview, "notify-check"), "_Benachrichtigen")
      XCTAssertEqual(shown(preview, "name-entry", "placeholder-text"), "Ihr Name")
      XCTAssertEqual(shown(preview, "second-tab"), "Erweitert")
      XCTAssertEqual(entry.string(forProperty: "text"), "Zofia")
      XCTAssertEqual(check.boolean(forProperty: "active"), true)
      XCTAssertEqual(pages.integer(forProperty: "page"), 1)
      // The bar speaks the language picked too, and shows it as chosen.
      waitFor("the bar in German") {
        preview.controlBar.renderer.label(for: "language.caption")?.text == "Sprache"
      }
      XCTAssertEqual(menu.activeID, "de")
      XCTAssertEqual(Widget.defaultDirection, .leftToRight)

      XCTAssertTrue(menu.select(id: "ar"))
      waitFor("the dialog in Arabic") { self.shown(preview, "limit-label") == "الحد" }
      XCTAssertEqual(Widget.defaultDirection, .rightToLeft)
      XCTAssertEqual(preview.window(for: "settings-dialog")?.title, "الإعدادات")
      XCTAssertEqual(entry.string(forProperty: "text"), "Zofia")
      XCTAssertEqual(pages.integer(forProperty: "page"), 1)
      XCTAssertTrue(menu.select(id: "system"))
      waitFor("back in English (LANGUAGE=en)") { self.shown(preview, "limit-label") == "Limit" }
      XCTAssertEqual(Widget.defaultDirection, .leftToRight)
      XCTAssertEqual(check.boolean(forProperty: "active"), true)
    }
  }

  /// Parlance has no Persian: the bar keeps its English texts, but GTK has one direction
  /// per process, and the bar's render must not turn the Persian dialog back to LTR.
  func testALanguageParlanceLacksKeepsTheDialogRightToLeft() throws {
    try onMainActor {
      let preview = try openPreview(language: "en")
      let menu = try XCTUnwrap(preview.controlBar.languageMenu)
      XCTAssertTrue(menu.select(id: "fa"), "the bar lists فارسی")
      waitFor("the dialog in Persian") { self.shown(preview, "limit-label") == "محدودیت" }
      waitFor("the bar rendered after the switch") { menu.activeID == "fa" }
      XCTAssertEqual(preview.controlBar.renderer.label(for: "language.caption")?.text, "Language")
      XCTAssertEqual(Widget.defaultDirection, .rightToLeft)
      let label = try XCTUnwrap(try object(preview, "limit-label").widget)
      XCTAssertEqual(label.direction, .rightToLeft)
    }
  }

  func testTranslatorModeTooltipSaysWhereTheTextComesFromAndMarksUntranslatedTexts() throws {
    try onMainActor {
      let preview = try openPreview(language: "de")
      let limit = try XCTUnwrap(try object(preview, "limit-label").widget)
      let fresh = try XCTUnwrap(try object(preview, "new-label").widget)
      XCTAssertNil(limit.tooltipText)
      XCTAssertEqual(fresh.tooltipText, "Fixed tooltip")
      // Ticked in the bar, as the user does.
      let check = try XCTUnwrap(
        preview.controlBar.renderer.widget(for: "translator") as? CheckButton)
      check.isActive = true
      XCTAssertTrue(preview.translatorMode)
      let tooltip = try XCTUnwrap(limit.tooltipText)
      let lines = tooltip.components(separatedBy: "\n")
      XCTAssertEqual(lines.first, "label: Grenze")
      XCTAssertTrue(lines.contains("msgid: Limit"), tooltip)
      XCTAssertTrue(lines.contains("msgctxt: speed"), tooltip)
      XCTAssertTrue(
        lines.contains("comment: Caption of the upload limit; a verb would be wrong here"),
        tooltip)
      XCTAssertTrue(
        lines.contains { $0.hasPrefix("ui: ") && $0.hasSuffix("preview.ui:35") }, tooltip)
      XCTAssertTrue(lines.contains { $0.hasPrefix("po: ") && $0.hasSuffix("po/de.po:17") }, tooltip)
      XCTAssertEqual(lines.last, "language: de")
      XCTAssertFalse(limit.hasStyleClass("parlance-untranslated"))
      // "Brand-new text" has no German translation: marked, and the tooltip says so.
      XCTAssertTrue(fresh.hasStyleClass("parlance-untranslated"))
      XCTAssertTrue(
        fresh.tooltipText?.contains("language: none: untranslated in de, the msgid is shown")
          == true, fresh.tooltipText ?? "no tooltip")
      XCTAssertEqual(shown(preview, "new-label"), "Brand-new text")
      // Cleared: the tooltips the file gave come back, the marks go.
      check.isActive = false
      XCTAssertNil(limit.tooltipText)
      XCTAssertEqual(fresh.tooltipText, "Fixed tooltip")
      XCTAssertFalse(fresh.hasStyleClass("parlance-untranslated"))
    }
  }

  func testStartsInTranslatorModeShowingKeysWhenAsked() throws {
    try onMainActor {
      let preview = try openPreview(language: "de") { options in
        options.translatorMode = true
        options.showsKeys = true
      }
      XCTAssertEqual(shown(preview, "limit-label"), "Limit")
      let limit = try XCTUnwrap(try object(preview, "limit-label").widget)
      XCTAssertEqual(limit.tooltipText?.components(separatedBy: "\n").first, "label: Grenze")
      let bar = preview.controlBar.renderer
      XCTAssertEqual((bar.widget(for: "translator") as? CheckButton)?.isActive, true)
      XCTAssertEqual((bar.widget(for: "keys") as? CheckButton)?.isActive, true)
    }
  }

  func testShowKeysShowsTheMsgidsAndTheTextsComeBack() throws {
    try onMainActor {
      let preview = try openPreview(language: "de")
      XCTAssertEqual(shown(preview, "notify-check"), "_Benachrichtigen")
      let keys = try XCTUnwrap(preview.controlBar.renderer.widget(for: "keys") as? CheckButton)
      keys.isActive = true
      XCTAssertEqual(shown(preview, "notify-check"), "_Notify me")
      XCTAssertEqual(shown(preview, "limit-label"), "Limit")
      XCTAssertEqual(preview.window(for: "settings-dialog")?.title, "Settings")
      keys.isActive = false
      XCTAssertEqual(shown(preview, "limit-label"), "Grenze")
    }
  }

  func testABrokenSaveKeepsTheTextAndShowsWhereThenTheFixedSaveShowsTheNewText() throws {
    let folder = try copyFixture()
    let po = folder.appendingPathComponent("po/de.po")
    let good = try String(contentsOf: po, encoding: .utf8)
    try onMainActor {
      let preview = try openPreview(language: "de", folder: folder)
      XCTAssertEqual(shown(preview, "limit-label"), "Grenze")
      XCTAssertNil(preview.controlBar.shownProblem)
      let reloads = preview.reloadCount
      // Line 19 loses its closing quote.
      try saveByRenaming(good.replacingOccurrences(of: "\"Grenze\"", with: "\"Grenzwert"), to: po)
      waitFor("the reload of the broken save") { preview.reloadCount > reloads }
      XCTAssertEqual(shown(preview, "limit-label"), "Grenze", "the last good text stays")
      let problem = try XCTUnwrap(preview.controlBar.shownProblem, "no info bar")
      XCTAssertTrue(problem.contains(po.path + ":18:8: error: "), problem)
      let fixed = preview.reloadCount
      try saveByRenaming(good.replacingOccurrences(of: "\"Grenze\"", with: "\"Grenzwert\""), to: po)
      waitFor("the fixed text") { self.shown(preview, "limit-label") == "Grenzwert" }
      XCTAssertGreaterThan(preview.reloadCount, fixed)
      XCTAssertNil(preview.controlBar.shownProblem, "the info bar goes with the fix")
    }
  }

  func testObjectShowsOnlyThatObjectALooseWidgetInAWindowOfItsOwn() throws {
    try onMainActor {
      let preview = try openPreview(language: "de", objectID: "loose-box")
      XCTAssertEqual(preview.windows.map(\.id), ["loose-box"])
      XCTAssertEqual(preview.windows.first?.isWrapped, true)
      XCTAssertNil(preview.window(for: "settings-dialog"))
      XCTAssertEqual(shown(preview, "loose-label"), "Loses Widget")
      XCTAssertEqual(preview.windows.first?.window.isVisible, true)
    }
  }

  func testObjectInsideADialogIsShownAloneAndTranslated() throws {
    try onMainActor {
      let preview = try openPreview(language: "de", objectID: "limit-label")
      XCTAssertEqual(preview.windows.map(\.id), ["limit-label"])
      XCTAssertEqual(shown(preview, "limit-label"), "Grenze")
      XCTAssertEqual(preview.interfaces.first?.texts.map(\.msgid), ["Limit"])
    }
  }

  func testUnknownObjectAndMalformedFileAreErrorsWithPositionsAndNothingIsShown() throws {
    try onMainActor {
      XCTAssertThrowsError(try openPreview(language: "de", objectID: "no-such-dialog")) { error in
        XCTAssertTrue(
          "\(error)".hasSuffix(
            "preview.ui:2:1: error: no object with id 'no-such-dialog' in the interface"),
          "\(error)")
      }
      let malformed = try Self.fixture("malformed.ui")
      var options = PreviewOptions(files: [malformed], sources: TranslationSources())
      options.environment = [:]
      XCTAssertThrowsError(try InterfacePreview(options: options)) { error in
        XCTAssertTrue("\(error)".hasPrefix(malformed.path + ":5:3: error: "), "\(error)")
      }
      XCTAssertEqual(previews.count, 0)
    }
  }

  func testWindowsMenusAndListStores() throws {
    try onMainActor {
      let preview = try openPreview(language: "de")
      XCTAssertEqual(preview.windows.map(\.id), ["settings-dialog", "loose-box"])
      XCTAssertEqual(preview.menus.map(\.id), ["app-menu"])
      XCTAssertEqual(preview.controlBar.button("window:0")?.label, "settings-dialog")
      XCTAssertEqual(preview.controlBar.button("menu:0")?.label, "app-menu ▾")
      // Closing a previewed window hides it; its button brings it back.
      let dialog = try XCTUnwrap(preview.window(for: "settings-dialog"))
      dialog.close()
      Gtk.iteratePending()
      XCTAssertFalse(dialog.isVisible)
      preview.controlBar.button("window:0")?.click()
      XCTAssertTrue(dialog.isVisible)
      // The menu opens from its button, in the language shown.
      preview.controlBar.button("menu:0")?.click()
      XCTAssertEqual(preview.popupMenu("app-menu")?.itemLabels, ["Beenden"])
      XCTAssertEqual(preview.popupMenu("app-menu")?.isOpen, true)
      preview.popupMenu("app-menu")?.popdown()
    }
  }

  func testAnotherTranslationsFolderTakesOverAndTheDialogStays() throws {
    try onMainActor {
      let preview = try openPreview(language: "de")
      let entry = try object(preview, "name-entry")
      entry.setString("Zofia", forProperty: "text")
      XCTAssertThrowsError(try preview.useGettextFolder(Self.fixture("preview")))
      XCTAssertEqual(shown(preview, "limit-label"), "Grenze")
      let other = try Self.fixture("preview-other/po")
      try preview.useGettextFolder(other)
      XCTAssertEqual(shown(preview, "limit-label"), "Obergrenze")
      XCTAssertEqual(shown(preview, "second-tab"), "Advanced", "not in the other folder")
      XCTAssertEqual(entry.string(forProperty: "text"), "Zofia")
      XCTAssertEqual(preview.controlBar.renderer.label(for: "folder")?.text, other.path)
    }
  }
}
