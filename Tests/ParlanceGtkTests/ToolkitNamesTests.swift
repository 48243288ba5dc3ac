import CGtk
import CParlanceLive
import Foundation
import XCTest

@testable import ParlanceGtk

/// The names GTK gives its own widgets' accessibles from its catalog (a search entry's
/// "Search"), which a program's catalog may show for another message ("Suchen" is
/// devhelp's "Find" too): the walk says which message of GTK's a name is. Likewise a
/// stock action's label, which is GTK's only when the program gave it none.
final class ToolkitNamesTests: GtkTestCase, @unchecked Sendable {
  private var savedLanguage: String?
  private var savedLocale: String?

  override func setUpWithError() throws {
    savedLanguage = ProcessInfo.processInfo.environment["LANGUAGE"]
    savedLocale = setlocale(LC_MESSAGES, nil).map { String(cString: $0) }
  }

  override func tearDownWithError() throws {
    // Switched back first: that drops gettext's cached answers.
    parlance_switch_gettext(savedLanguage ?? "")
    if let savedLanguage { setenv("LANGUAGE", savedLanguage, 1) } else { unsetenv("LANGUAGE") }
    if let savedLocale { setlocale(LC_MESSAGES, savedLocale) }
  }

  /// GTK's `msgid` in German, with gettext answering in German from now on; the test is
  /// skipped where GTK has no German catalog.
  @MainActor private func inGerman(_ msgid: String) throws -> String {
    try requireDisplay()
    XCTAssertTrue(ProcessGettext.switchLanguage(to: ["de"]))
    let german = String(cString: g_dgettext("gtk30", msgid))
    try XCTSkipIf(german == msgid, "no German catalog of GTK 3 (libgtk-3-common)")
    return german
  }

  func testANameGTKGaveItsOwnWidgetIsKnownAsGTKsMessage() throws {
    try onMainActor {
      let search = try inGerman("Search")

      // Named by GTK when made: "Suchen", and the spinner's name, with its context; a
      // volume button's name and description, from its template (parole's "Lautstärke",
      // which its own catalog shows for "Volume" too).
      let searchEntry = try XCTUnwrap(gtk_search_entry_new())
      let spinning = try XCTUnwrap(gtk_spinner_new())
      let volume = try XCTUnwrap(gtk_volume_button_new())
      // The same German name, given by the program itself.
      let entry = try XCTUnwrap(gtk_entry_new())
      atk_object_set_name(gtk_widget_get_accessible(entry), search)
      let box = try XCTUnwrap(gtk_box_new(GTK_ORIENTATION_VERTICAL, 6))
      for child in [searchEntry, spinning, volume, entry] {
        gtk_container_add(
          UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkContainer.self), child)
      }
      let window = try showWindow(with: Widget(sinking: box))

      /// Each accessible name and description, by its widget's class and property.
      @MainActor func keys() -> [String: String] {
        let texts = parlance_collect_texts(
          window.widgetPointer, guint(PARLANCE_WALK_ACCESSIBLES.rawValue))
        defer { g_ptr_array_unref(texts) }
        var found: [String: String] = [:]
        for index in 0..<Int(texts.pointee.len) {
          let text = texts.pointee.pdata[index]!.assumingMemoryBound(to: ParlanceShownText.self)
          let property = String(cString: text.pointee.property)
          guard property.hasPrefix("accessible-") else { continue }
          let accessible = UnsafeMutableRawPointer(text.pointee.object)
            .assumingMemoryBound(to: GtkAccessible.self)
          let widget = try? XCTUnwrap(gtk_accessible_get_widget(accessible))
          let owner = String(cString: g_type_name(parlance_object_type(widget)))
          found[owner + " " + property] =
            text.pointee.toolkit_key.map { String(cString: $0) } ?? "none"
        }
        return found
      }
      XCTAssertEqual(
        keys(),
        [
          "GtkSearchEntry accessible-name": "Search",
          "GtkSpinner accessible-name": "throbbing progress animation widget\u{4}Spinner",
          "GtkSpinner accessible-description": "Provides visual indication of progress",
          "GtkVolumeButton accessible-name": "Volume",
          "GtkVolumeButton accessible-description": "Turns volume up or down",
          "GtkEntry accessible-name": "none",
          // The volume button's popup's "Volume Up" and "Volume Down" are GTK's too, but
          // not known as such: their popover is not inside the button.
          "GtkButton accessible-name": "none",
          "GtkButton accessible-description": "none",
        ])

      // A name that is not GTK's message in the language gettext answers in now was
      // given by the program: no message is said for it.
      atk_object_set_name(gtk_widget_get_accessible(searchEntry), "Finden")
      XCTAssertEqual(keys()["GtkSearchEntry accessible-name"], "none")
    }
  }

  /// `body` of the builder of `interface` and the texts the walk reads of its widget
  /// `bar`, shown in a window; both live while it runs.
  @MainActor private func withBar<Result>(
    of interface: String,
    _ body: (UnsafeMutablePointer<GtkBuilder>, [UnsafeMutablePointer<ParlanceShownText>]) throws
      -> Result
  ) throws -> Result {
    let builder = try XCTUnwrap(gtk_builder_new_from_string(interface, -1))
    defer { g_object_unref(builder) }
    let bar = try XCTUnwrap(gtk_builder_get_object(builder, "bar"))
    let window = try showWindow(
      with: Widget(sinking: UnsafeMutableRawPointer(bar).assumingMemoryBound(to: GtkWidget.self)))
    let texts = parlance_collect_texts(window.widgetPointer, 0)
    defer { g_ptr_array_unref(texts) }
    let shown = (0..<Int(texts.pointee.len)).map {
      texts.pointee.pdata[$0]!.assumingMemoryBound(to: ParlanceShownText.self)
    }
    return try body(builder, shown)
  }

  /// GtkUIManager puts an insensitive "Empty" item (gtk30's) into a menu it makes with
  /// nothing in it; the program's own "Empty" may read the same and mean another thing.
  func testGtkUIManagersEmptyItemIsKnownAsGTKsMessage() throws {
    try onMainActor {
      let empty = try inGerman("Empty")
      let found = try withBar(
        of: """
          <interface><object class="GtkUIManager" id="manager"><child>
          <object class="GtkActionGroup" id="actions"><child><object class="GtkAction" id="File">
          <property name="label">_File</property></object></child><child>
          <object class="GtkAction" id="Other"><property name="label">\(empty)</property>
          </object></child></object></child><ui><menubar name="bar"><menu action="File"/>
          <menuitem action="Other"/></menubar></ui></object>
          <object class="GtkMenuBar" id="bar" constructor="manager"/></interface>
          """
      ) { _, texts in
        texts.filter { String(cString: $0.pointee.text) == empty }.map { text in
          String(cString: g_type_name(parlance_object_type(text.pointee.object))) + " "
            + (text.pointee.toolkit_key.map { String(cString: $0) } ?? "none")
        }
      }
      // The filler is GTK's; the action the program labelled the same (its label and
      // short label) is the program's.
      XCTAssertEqual(found.sorted(), ["GtkAction none", "GtkAction none", "GtkMenuItem Empty"])
    }
  }

  /// An action with a stock id takes its label from the stock item unless the program
  /// gave it one (ristretto's "_Edit" reads "_Bearbeiten" as gtk-edit's does, and is
  /// "É_dition" in French where the stock item is "_Modifier"): only the first is GTK's
  /// to make again, and reading them changes neither.
  func testAStockActionsOwnLabelIsTheProgramsText() throws {
    try onMainActor {
      _ = try inGerman("Search")
      let german = String(cString: g_dpgettext2("gtk30", "Stock label", "_Edit"))
      XCTAssertNotEqual(german, "_Edit")
      try withBar(
        of: """
          <interface><object class="GtkUIManager" id="manager"><child>
          <object class="GtkActionGroup" id="actions"><child><object class="GtkAction" id="Stock">
          <property name="stock-id">gtk-edit</property></object></child><child>
          <object class="GtkAction" id="Own"><property name="stock-id">gtk-edit</property>
          <property name="label">\(german)</property></object></child></object></child>
          <ui><toolbar name="bar"><toolitem action="Stock"/><toolitem action="Own"/></toolbar>
          </ui></object><object class="GtkToolbar" id="bar" constructor="manager"/></interface>
          """
      ) { builder, texts in
        var kinds: [String: String] = [:]
        for text in texts where String(cString: text.pointee.property) == "label" {
          guard let name = gtk_buildable_get_name(OpaquePointer(text.pointee.object)) else {
            continue
          }
          kinds[String(cString: name)] =
            text.pointee.kind == PARLANCE_TEXT_STOCK ? "stock" : "own"
        }
        XCTAssertEqual(kinds, ["Stock": "stock", "Own": "own"])

        // Read, not changed: in French, the stock item's label follows its item when GTK
        // gives it again, and the program's stays its own.
        XCTAssertTrue(ProcessGettext.switchLanguage(to: ["fr"]))
        var labels: [String: String] = [:]
        for name in ["Stock", "Own"] {
          let action = try XCTUnwrap(gtk_builder_get_object(builder, name))
          XCTAssertTrue(parlance_object_set_string_property(action, "stock-id", "gtk-edit") != 0)
          let label = parlance_object_dup_string_property(action, "label")
          defer { g_free(label) }
          labels[name] = label.map { String(cString: $0) }
        }
        let french = String(cString: g_dpgettext2("gtk30", "Stock label", "_Edit"))
        XCTAssertNotEqual(french, german)
        XCTAssertEqual(labels, ["Stock": french, "Own": german])
      }
    }
  }
}
