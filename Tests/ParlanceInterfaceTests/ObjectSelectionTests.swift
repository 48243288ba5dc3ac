import Foundation
import Parlance
import ParlanceGtk
import ParlanceInterface
import XCTest

/// Models, menus and `objectIDs`: building one window of a file builds what it refers to,
/// and lists only the texts of what was built.
final class ObjectSelectionTests: KindsTestCase, @unchecked Sendable {
  func testListStoreCellsAndMenusFollowTheLanguage() throws {
    try onMainActor {
      let interface = try openKind("models.ui")
      XCTAssertEqual(warnings(interface), [])
      let combo = try interface.object("units-combo")
      XCTAssertEqual(combo.integer(forProperty: "active"), 1)
      try switchTo("de")
      XCTAssertEqual(shown(interface, "units-store", "row[0].column[1]"), "Kilobyte")
      XCTAssertEqual(shown(interface, "units-store", "row[1].column[1]"), "Megabyte")
      XCTAssertEqual(shown(interface, "units-menu", "item[0/0].label"), "_Bits zeigen")
      XCTAssertEqual(combo.integer(forProperty: "active"), 1)
      try switchTo("en")
      XCTAssertEqual(shown(interface, "units-store", "row[1].column[1]"), "Megabytes")
    }
  }

  func testOneWindowIsBuiltWithTheModelsItRefersTo() throws {
    try onMainActor {
      let interface = try openKind("models.ui", objectIDs: ["units-window"])
      XCTAssertEqual(
        interface.texts.map { "\($0.objectID) \($0.property)" },
        [
          "units-store row[0].column[1]", "units-store row[1].column[1]", "units-window title",
          "units-menu-button tooltip-text", "units-menu item[0/0].label",
        ])
      XCTAssertThrowsError(try interface.object("other-window"))
      try switchTo("de")
      XCTAssertEqual(shown(interface, "units-window", "title"), "Einheiten")
      XCTAssertEqual(shown(interface, "units-store", "row[1].column[1]"), "Megabyte")
      XCTAssertEqual(shown(interface, "units-menu", "item[0/0].label"), "_Bits zeigen")
      let combo = try interface.object("units-combo")
      XCTAssertEqual(combo.integer(forProperty: "active"), 1)
    }
  }

  func testANestedObjectListsItsOwnTexts() throws {
    try onMainActor {
      let interface = try openKind("labels.ui", language: "de", objectIDs: ["name-entry"])
      XCTAssertEqual(
        interface.texts.map { "\($0.property) \(interface.shownValue(of: $0) ?? "nil")" },
        [
          "placeholder-text Dateiname", "secondary-icon-tooltip-text Den Namen leeren",
          "accessible-name Dateiname",
        ])
    }
  }
}
