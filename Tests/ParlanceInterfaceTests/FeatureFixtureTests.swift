import Foundation
import Parlance
import ParlanceGtk
import ParlanceInterface
import XCTest

/// A `.ui` file with one of each kind of translatable text, over a German `.po`: every
/// text reads back from GTK in German after a live switch, and in English after the
/// switch back, while what the user changed stays.
final class FeatureFixtureTests: InterfaceTestCase, @unchecked Sendable {
  func testEveryKindOfTextFollowsTheLanguage() throws {
    try onMainActor {
      let interface = try open("features.ui", language: "en")
      @MainActor func shown(_ id: String, _ property: String) -> String? {
        interface.texts.first { $0.objectID == id && $0.property == property }.flatMap {
          interface.shownValue(of: $0)
        }
      }
      XCTAssertEqual(shown("greeting", "label"), "Hello")
      try switchTo("de")
      XCTAssertEqual(shown("main-window", "title"), "Rundgang")
      XCTAssertEqual(shown("greeting", "label"), "Hallo")
      XCTAssertEqual(shown("open-button", "label"), "_Öffnen")
      XCTAssertEqual(shown("open-button", "tooltip-text"), "Öffnet eine Datei")
      XCTAssertEqual(shown("open-button", "accessible-name"), "Eine Datei öffnen")
      XCTAssertEqual(shown("open-button", "accessible-description"), "Zeigt die Dateiauswahl")
      XCTAssertEqual(shown("size-combo", "item[0]"), "Klein")
      XCTAssertEqual(shown("size-combo", "item[1]"), "Groß")
      XCTAssertEqual(shown("fruit-store", "row[0].column[0]"), "Apfel")
      XCTAssertEqual(shown("app-menu", "item[0].label"), "Dateien")
      XCTAssertEqual(shown("app-menu", "item[0/0].label"), "Ö_ffnen")
      XCTAssertEqual(shown("app-menu", "item[1].label"), "Ansicht")
      XCTAssertEqual(shown("app-menu", "item[1/0].label"), "_Vergrößern")
      XCTAssertEqual(shown("name-entry", "placeholder-text"), "Ihr Name")
      XCTAssertEqual(shown("bogus-property", "label"), "Noch sichtbar")
      let markup = try XCTUnwrap(interface.texts.first { $0.isMarkup })
      XCTAssertEqual(interface.shownValue(of: markup), "<b>Fetter</b> Text")
      // The combo's active item stays active across the switch.
      let combo = try interface.object("size-combo")
      XCTAssertEqual(combo.string(forProperty: "active-id"), "large")
      try switchTo("en")
      XCTAssertEqual(shown("greeting", "label"), "Hello")
      XCTAssertEqual(shown("app-menu", "item[1/0].label"), "_Zoom In")
    }
  }

  func testPseudoLocalesAreMadeFromTheMsgids() throws {
    try onMainActor {
      let interface = try open("features.ui", language: "en")
      let greeting = try XCTUnwrap(interface.texts.first { $0.objectID == "greeting" })
      try switchTo("en-XA")
      XCTAssertEqual(interface.shownValue(of: greeting), "[Ĥéļļö one]")
      // Markup keeps its tags: the label still parses it.
      let markup = try XCTUnwrap(interface.texts.first { $0.isMarkup })
      XCTAssertEqual(interface.shownValue(of: markup), "[<b>Ɓöļð</b> ţéẋţ one]")
      try switchTo("ar-XB")
      XCTAssertEqual(interface.shownValue(of: greeting), "\u{202E}Hello\u{202C}")
      XCTAssertEqual(Widget.defaultDirection, .rightToLeft)
      try switchTo("de")
      XCTAssertEqual(interface.shownValue(of: greeting), "Hallo")
      XCTAssertEqual(Widget.defaultDirection, .leftToRight)
    }
  }

  func testUnknownClassesAndPropertiesOpenWithWarnings() throws {
    try onMainActor {
      let interface = try open("features.ui", language: "de")
      let messages = interface.diagnostics.map(\.description)
      XCTAssertTrue(
        messages.contains {
          $0.hasSuffix(
            "warning: unknown class 'MyFancyWidget': shown as a placeholder; "
              + "its texts are listed, not shown")
        },
        "\(messages)")
      XCTAssertTrue(
        messages.contains {
          $0.contains(":104:13: warning: GtkLabel has no property 'no-such-property'")
        },
        "\(messages)")
      let placeholder = try interface.object("fancy")
      XCTAssertEqual(placeholder.string(forProperty: "label"), "MyFancyWidget")
      let fancy = try XCTUnwrap(interface.texts.first { $0.objectID == "fancy" })
      XCTAssertFalse(interface.isApplied(fancy))
      XCTAssertEqual(fancy.msgid, "Fancy title")
      // An empty translatable value is not a text: gettext would return the header.
      XCTAssertFalse(interface.texts.contains { $0.objectID == "empty" })
    }
  }
}
