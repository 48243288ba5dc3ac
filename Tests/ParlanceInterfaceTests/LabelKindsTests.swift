import Foundation
import Parlance
import ParlanceGtk
import ParlanceInterface
import XCTest

/// Access keys, Pango markup, property names spelled with underscores, and Serbian in
/// both scripts, as the user meets them in `kinds/labels.ui`.
final class LabelKindsTests: KindsTestCase, @unchecked Sendable {
  func testAccessKeysMoveWithTheTranslation() throws {
    try onMainActor {
      let interface = try openKind("labels.ui")
      let caption = try XCTUnwrap(interface.object("name-label").widget as? Label)
      let button = try XCTUnwrap(interface.object("save-button").widget as? Button)
      let recent = try XCTUnwrap(interface.object("recent-label").widget as? Label)
      @MainActor func buttonKey() -> Character? { (button.children.first as? Label)?.accessKey }
      XCTAssertEqual(caption.accessKey, "s")
      XCTAssertEqual(buttonKey(), "o")
      XCTAssertEqual(recent.accessKey, "r")
      try switchTo("de")
      XCTAssertEqual(shown(interface, "name-label", "label"), "Speichern _unter:")
      XCTAssertEqual(caption.text, "Speichern unter:")
      XCTAssertEqual(caption.accessKey, "u")
      XCTAssertEqual(shown(interface, "save-button", "label"), "Ö_ffnen")
      XCTAssertEqual(buttonKey(), "f")
      // Markup and an access key in one label.
      XCTAssertEqual(shown(interface, "recent-label", "label"), "<i>_Zuletzt</i> benutzte Ordner")
      XCTAssertEqual(recent.text, "Zuletzt benutzte Ordner")
      XCTAssertEqual(recent.accessKey, "z")
      try switchTo("en")
      XCTAssertEqual(caption.accessKey, "s")
      XCTAssertEqual(buttonKey(), "o")
      let flagged = interface.texts.filter(\.usesUnderline).map(\.objectID)
      XCTAssertEqual(flagged, ["name-label", "recent-label", "save-button"])
    }
  }

  func testMarkupIsRenderedNotShown() throws {
    try onMainActor {
      let interface = try openKind("labels.ui", language: "de")
      let warning = try XCTUnwrap(interface.object("warning-label").widget as? Label)
      XCTAssertEqual(
        shown(interface, "warning-label", "label"),
        "<b>Warnung:</b> Platte &amp; Ordner sind voll")
      XCTAssertEqual(warning.text, "Warnung: Platte & Ordner sind voll")
      let button = try XCTUnwrap(interface.object("save-button").widget)
      XCTAssertEqual(shown(interface, "save-button", "tooltip-markup"), "<b>Eingabe</b> drücken")
      XCTAssertEqual(button.tooltipText, "Eingabe drücken")
      try switchTo("en")
      XCTAssertEqual(warning.text, "Warning: the disk & the folder are full")
      XCTAssertEqual(button.tooltipText, "Press Enter")
      XCTAssertEqual(
        interface.texts.filter(\.isMarkup).map { "\($0.objectID) \($0.property)" },
        ["warning-label label", "recent-label label", "save-button tooltip-markup"])
    }
  }

  func testUnderscoredPropertyNamesAreTheDashedOnes() throws {
    try onMainActor {
      let interface = try openKind("labels.ui")
      XCTAssertEqual(warnings(interface), [])
      XCTAssertEqual(
        interface.texts.map { "\($0.objectID) \($0.property)" },
        [
          "save-window title", "name-label label", "name-entry placeholder-text",
          "name-entry secondary-icon-tooltip-text", "name-entry accessible-name",
          "warning-label label", "recent-label label", "save-button label",
          "save-button tooltip-markup", "overwrite-dialog text", "overwrite-dialog secondary-text",
        ])
      try switchTo("de")
      let entry = try XCTUnwrap(interface.object("name-entry").widget)
      XCTAssertEqual(shown(interface, "name-entry", "placeholder-text"), "Dateiname")
      XCTAssertEqual(
        shown(interface, "name-entry", "secondary-icon-tooltip-text"), "Den Namen leeren")
      XCTAssertEqual(entry.accessibleName, "Dateiname")
      XCTAssertEqual(shown(interface, "overwrite-dialog", "text"), "Die Datei ersetzen?")
      XCTAssertEqual(
        shown(interface, "overwrite-dialog", "secondary-text"), "Sie existiert bereits.")
    }
  }

  func testSerbianInLatinAndCyrillicByTheirTags() throws {
    try onMainActor {
      let interface = try openKind("labels.ui", language: "sr-Latn")
      XCTAssertTrue(
        Set(localizer.availableLanguages).isSuperset(of: [
          try LanguageTag("sr-Latn"), try LanguageTag("sr"),
        ]), "\(localizer.availableLanguages)")
      let window = try XCTUnwrap(interface.object("save-window").widget as? Window)
      XCTAssertEqual(window.title, "Sačuvaj")
      XCTAssertEqual(shown(interface, "name-label", "label"), "Sačuvaj _kao:")
      XCTAssertEqual(shown(interface, "name-entry", "placeholder-text"), "Ime datoteke")
      // Not in sr@latin.po: English, never the Cyrillic catalog's text.
      XCTAssertEqual(shown(interface, "warning-label", "label"), interface.texts[5].msgid)
      try switchTo("sr")
      XCTAssertEqual(window.title, "Сачувај")
      XCTAssertEqual(shown(interface, "name-label", "label"), "Сачувај _као:")
      try switchTo("sr-Latn")
      XCTAssertEqual(window.title, "Sačuvaj")
    }
  }
}
