import Foundation
import Parlance
import ParlanceGtk
import ParlanceInterface
import XCTest

/// What the user did in Transmission's preferences survives every switch: nothing is
/// rebuilt, only texts change.
final class CorpusStateTests: InterfaceTestCase, @unchecked Sendable {
  func testStateSurvivesEverySwitch() throws {
    try onMainActor {
      let interface = try open(
        file: CorpusDialogTests.dialogFile("PrefsDialog"), po: CorpusDialogTests.poFolder(),
        language: "en")
      let dialog = try XCTUnwrap(interface.object("PrefsDialog").widget as? Window)
      dialog.show()
      XCTAssertTrue(dialog.waitForFirstDraw(timeout: .seconds(10)))

      // What a user does on the Privacy page, and the app's own combo items.
      let pages = try interface.object("dialog_pages")
      XCTAssertTrue(pages.setInteger(3, forProperty: "page"))
      let blocklist = try XCTUnwrap(interface.object("blocklist_check").widget as? CheckButton)
      blocklist.isActive = true
      let entry = try interface.object("blocklist_url_entry")
      let typed = "https://example.org/blocklist.p2p"
      XCTAssertTrue(entry.setString(typed, forProperty: "text"))
      let entryWidget = try XCTUnwrap(entry.widget)
      entryWidget.grabFocus()
      let modes = try Builder(xml: Self.encryptionModes).object("modes")
      let combo = try interface.object("encryption_mode_combo")
      XCTAssertTrue(combo.setObject(modes, forProperty: "model"))
      XCTAssertTrue(combo.setInteger(2, forProperty: "active"))
      XCTAssertTrue(dialog.focusWidget === entryWidget)

      for tag in CorpusDialogTests.languages.map(\.tag) + ["en"] {
        try switchTo(tag)
        XCTAssertEqual(
          dialog.title == "Transmission Preferences", tag == "en", "the title in \(tag)")
        XCTAssertEqual(entry.string(forProperty: "text"), typed, tag)
        XCTAssertTrue(blocklist.isActive, tag)
        XCTAssertTrue(entryWidget.sensitive, tag)
        XCTAssertEqual(combo.integer(forProperty: "active"), 2, tag)
        XCTAssertEqual(pages.integer(forProperty: "page"), 3, tag)
        XCTAssertTrue(dialog.focusWidget === entryWidget, tag)
      }
    }
  }

  /// What Transmission puts into the combo box from code.
  static let encryptionModes = """
    <interface>
      <object class="GtkListStore" id="modes">
        <columns><column type="gchararray"/></columns>
        <data>
          <row><col id="0">Allow encryption</col></row>
          <row><col id="0">Prefer encryption</col></row>
          <row><col id="0">Require encryption</col></row>
        </data>
      </object>
    </interface>
    """
}
