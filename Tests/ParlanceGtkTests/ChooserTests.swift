import Foundation
import ParlanceGtk
import XCTest

/// The file chooser, the menu made from a model, and the integer and boolean properties of
/// built objects: what the interface preview and the "Open Interface…" button rely on.
final class ChooserTests: GtkTestCase, @unchecked Sendable {
  func testFileChooserOffersItsFilterSelectsAFileAndAnswers() throws {
    try onMainActor {
      try requireDisplay()
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("parlance-chooser-\(UUID().uuidString)", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let file = folder.appendingPathComponent("dialog.ui")
      try Data("<interface/>".utf8).write(to: file)

      let dialog = FileChooserDialog(
        title: "Open Interface", parent: nil, action: .open, cancelLabel: "_Cancel",
        acceptLabel: "_Open")
      defer { dialog.destroy() }
      dialog.addFilter(
        name: "GtkBuilder interfaces", patterns: ["*.ui"], mimeTypes: ["application/x-gtk-builder"])
      XCTAssertEqual(dialog.filterNames, ["GtkBuilder interfaces"])
      XCTAssertEqual(dialog.title, "Open Interface")
      XCTAssertTrue(dialog.setCurrentFolder(folder))
      dialog.selectedURL = file
      // The chooser loads the folder on the main loop before the selection holds.
      XCTAssertTrue(
        Gtk.iterate(until: { dialog.selectedURL?.lastPathComponent == "dialog.ui" }),
        "selected: \(String(describing: dialog.selectedURL))")
      var responses: [ResponseID] = []
      dialog.onResponse { responses.append($0) }
      dialog.respond(.accept)
      XCTAssertEqual(responses, [.accept])
    }
  }

  func testPopupMenuShowsTheModelsLabelsAndFollowsThem() throws {
    try onMainActor {
      try requireDisplay()
      let builder = try Builder(
        xml: """
          <interface>
            <menu id="menu">
              <item><attribute name="label">_Open</attribute></item>
              <item><attribute name="label">Close</attribute></item>
            </menu>
          </interface>
          """)
      let model = try XCTUnwrap(builder.object("menu"))
      model.setMenuAttribute("label", path: [1], to: "Schließen")
      let menu = try XCTUnwrap(PopupMenu(model: model))
      defer { menu.destroy() }
      XCTAssertEqual(menu.itemLabels, ["Open", "Schließen"])
      model.setMenuAttribute("label", path: [0], to: "_Öffnen")
      XCTAssertEqual(menu.itemLabels, ["Öffnen", "Schließen"])
      let button = Button(label: "Menu")
      let window = try showWindow(with: button)
      menu.popup(at: button)
      XCTAssertTrue(Gtk.iterate(until: { menu.isOpen }), "the menu never opened")
      menu.popdown()
      _ = window
      let notAMenu = try XCTUnwrap(Builder(xml: Self.labelXML).object("label"))
      XCTAssertNil(PopupMenu(model: notAMenu), "a label is not a menu model")
    }
  }

  func testIntegerAndBooleanPropertiesOfBuiltObjects() throws {
    try onMainActor {
      try requireDisplay()
      let builder = try Builder(xml: Self.labelXML)
      let check = try XCTUnwrap(builder.object("check"))
      XCTAssertEqual(check.boolean(forProperty: "active"), false)
      XCTAssertTrue(check.setBoolean(true, forProperty: "active"))
      XCTAssertEqual(check.boolean(forProperty: "active"), true)
      XCTAssertNil(check.boolean(forProperty: "label"), "a string is not a boolean")
      let label = try XCTUnwrap(builder.object("label"))
      XCTAssertEqual(label.integer(forProperty: "width-chars"), -1)
      XCTAssertTrue(label.setInteger(12, forProperty: "width-chars"))
      XCTAssertEqual(label.integer(forProperty: "width-chars"), 12)
      XCTAssertFalse(label.setInteger(1, forProperty: "no-such-property"))
      XCTAssertNil(label.integer(forProperty: "label"))
    }
  }

  static let labelXML = """
    <interface>
      <object class="GtkBox">
        <child>
          <object class="GtkLabel" id="label"><property name="label">x</property></object>
        </child>
        <child>
          <object class="GtkCheckButton" id="check"><property name="label">y</property></object>
        </child>
      </object>
    </interface>
    """
}
