import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI
import ParlanceWindow
import XCTest

/// What a desktop user sees change when they pick a language, read back from the widgets.
final class WindowLanguageTests: WindowTestCase, @unchecked Sendable {
  /// Node id → catalog key of every label whose text is a plain message.
  let labelKeys = [
    "greeting": "greeting", "welcome": "welcome.text", "language.caption": "label.language",
    "files.caption": "label.files", "number.caption": "label.number", "date.caption": "label.date",
    "notes.caption": "label.notes",
  ]

  func testEveryTextChangesForEveryLanguage() throws {
    try onMainActor {
      try openWindow(language: "en")
      let english = Dictionary(uniqueKeysWithValues: labelKeys.keys.map { ($0, text($0)) })
      let englishTitle = controller.window.title
      for tag in ["de", "ru", "ja", "zh-Hans", "ar", "he", "pl", "en"] {
        choose(tag)
        let expected = try reference(tag)
        for (id, key) in labelKeys {
          XCTAssertEqual(text(id), expected.string(key), "\(id) in \(tag)")
          if tag != "en" {
            XCTAssertNotEqual(text(id), english[id] ?? nil, "\(id) unchanged in \(tag)")
          }
        }
        XCTAssertEqual(controller.window.title, expected.string("window.title"))
        if tag != "en" { XCTAssertNotEqual(controller.window.title, englishTitle) }
        XCTAssertEqual(
          text("signed-in"), expected.string("user.name.format", ["name": "Anna Kowalska"]))
        XCTAssertEqual(
          controller.renderer.languageMenu?.tooltipText, expected.string("tooltip.language"))
        XCTAssertEqual(
          controller.renderer.languageMenu?.accessibleName, expected.string("accessible.language"))
        XCTAssertEqual(
          controller.renderer.notesView?.accessibleName, expected.string("accessible.notes"))
        XCTAssertEqual(controller.renderer.languageMenu?.activeID, tag)
      }
    }
  }

  func testMenuListsLanguagesByTheirOwnNames() throws {
    try onMainActor {
      try openWindow(language: "ja")
      guard let menu = controller.renderer.languageMenu else { return XCTFail("no menu") }
      XCTAssertTrue(menu.select(id: "system"))
      XCTAssertEqual(menu.activeText, try reference("ja").string("language.system"))
      let names: [String: String] = [
        "de": "Deutsch", "ru": "Русский", "ja": "日本語", "ar": "العربية", "he": "עברית",
        "pl": "Polski", "zh-Hans": "中文（简体）", "en": "English",
      ]
      for (id, name) in names {
        XCTAssertTrue(menu.select(id: id))
        XCTAssertEqual(menu.activeText, name)
      }
    }
  }

  func testPluralLineFollowsTheNumberAndTheLanguage() throws {
    try onMainActor {
      try openWindow(language: "ru")
      let russian = try reference("ru")
      for count in [1, 2, 5, 21, 0] {
        controller.renderer.numberField?.value = Double(count)
        _ = Gtk.iterate(
          until: { self.text("files.count") == russian.string("files.count", count: count) },
          timeout: .seconds(5))
        XCTAssertEqual(text("files.count"), russian.string("files.count", count: count))
      }
      XCTAssertEqual(text("files.count"), "0 файлов")
      choose("ar")
      XCTAssertEqual(text("files.count"), try reference("ar").string("files.count", count: 0))
    }
  }

  func testNumbersAndDatesAreWrittenTheLanguagesWay() throws {
    try onMainActor {
      try openWindow(language: "de")
      XCTAssertEqual(text("number"), "1.234.567,89")
      XCTAssertEqual(text("date"), "3. März 2026")
      choose("en")
      XCTAssertEqual(text("number"), "1,234,567.89")
      XCTAssertEqual(text("date"), "March 3, 2026")
    }
  }

  /// The language menu whose choice caused a switch keeps its items: "System language"
  /// is set again in the new language in place, and the selection goes straight to the
  /// choice, never through "nothing selected" as an emptied and refilled menu does.
  func testTheLanguageMenuIsNotRebuiltByTheSwitchItCaused() throws {
    try onMainActor {
      try openWindow(language: "en")
      let menu = try XCTUnwrap(controller.renderer.languageMenu)
      let ids = (0..<menu.count).map { menu.id(at: $0) }
      var selections: [String?] = []
      let watching = menu.onChanged { [weak menu] in selections.append(menu?.activeID) }
      choose("de")
      choose("ja")
      XCTAssertEqual(selections, ["de", "ja"])
      XCTAssertEqual((0..<menu.count).map { menu.id(at: $0) }, ids)
      XCTAssertEqual(menu.text(at: 0), try reference("ja").string("language.system"))
      XCTAssertNotEqual(menu.text(at: 0), try reference("de").string("language.system"))
      watching.disconnect()
    }
  }

  func testDirectionFlipsForArabicAndHebrewAndBack() throws {
    try onMainActor {
      try openWindow(language: "en")
      XCTAssertEqual(Widget.defaultDirection, .leftToRight)
      let menu = try XCTUnwrap(controller.renderer.languageMenu)
      let caption = try XCTUnwrap(controller.renderer.label(for: "language.caption"))
      XCTAssertLessThan(caption.allocation.x, menu.allocation.x, "caption before the menu in LTR")
      for tag in ["ar", "he"] {
        choose(tag)
        _ = controller.window.waitForFirstDraw(timeout: .seconds(5))
        XCTAssertEqual(Widget.defaultDirection, .rightToLeft, tag)
        XCTAssertEqual(menu.direction, .rightToLeft)
        XCTAssertGreaterThan(
          caption.allocation.x, menu.allocation.x, "caption right of the menu in \(tag)")
        choose("de")
        _ = controller.window.waitForFirstDraw(timeout: .seconds(5))
        XCTAssertEqual(Widget.defaultDirection, .leftToRight)
        XCTAssertLessThan(caption.allocation.x, menu.allocation.x)
      }
    }
  }

  func testLocalizedBannerWithFallback() throws {
    try onMainActor {
      try openWindow(language: "ja")
      XCTAssertEqual(
        controller.localizer.resourceURL(named: "banner")?.path,
        Self.resources.appendingPathComponent("ja.lproj/banner.png").path)
      choose("de")
      XCTAssertEqual(
        controller.localizer.resourceURL(named: "banner")?.path,
        Self.resources.appendingPathComponent("banner.png").path)
    }
  }

  func testChoiceIsPersistedAndSystemLanguageFollowsLANGUAGE() throws {
    try onMainActor {
      try openWindow(environment: ["LANGUAGE": "pl", "LANG": "pl_PL.UTF-8"])
      XCTAssertEqual(text("greeting"), try reference("pl").string("greeting"))
      XCTAssertEqual(controller.renderer.languageMenu?.activeID, "system")
      choose("ja")
      XCTAssertEqual(store.load().preference, .pinned(try LanguageTag("ja")))
      choose("system")
      XCTAssertEqual(store.load().preference, .followSystem)
      XCTAssertEqual(text("greeting"), try reference("pl").string("greeting"))
    }
  }

  func testBrokenCatalogKeepsTheLanguageAndShowsWhy() throws {
    try onMainActor {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("parlance-broken-\(UUID().uuidString)", isDirectory: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let broken = folder.appendingPathComponent("fr.lproj/Localizable.strings")
      try FileManager.default.createDirectory(
        at: broken.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("\"greeting\" = \"Bonjour\"\n\"oops\" = ;\n".utf8).write(to: broken)
      try openWindow(language: "de", resources: [Self.resources, folder])
      let before = text("greeting")
      let menu = try XCTUnwrap(controller.renderer.languageMenu)
      XCTAssertTrue(menu.select(id: "fr"))
      XCTAssertTrue(
        Gtk.iterate(
          until: { !self.controller.failures.isEmpty && !self.controller.isSwitching },
          timeout: .seconds(10)))
      _ = Gtk.iterate(until: { self.controller.widgetIsShown("problem") }, timeout: .seconds(5))
      XCTAssertEqual(text("greeting"), before)
      XCTAssertEqual(controller.localizer.language, try LanguageTag("de"))
      let bar = try XCTUnwrap(controller.renderer.widget(for: "problem") as? InfoBar)
      XCTAssertTrue(bar.isVisible)
      XCTAssertTrue(bar.text.contains("Localizable.strings:2:"), bar.text)
      XCTAssertEqual(menu.activeID, "de", "the menu goes back to the language in use")
    }
  }
}

extension WindowController {
  func widgetIsShown(_ id: String) -> Bool {
    renderer.widget(for: id)?.isVisible == true
  }
}
