import CGtk
import CParlanceLive
import XCTest

@testable import ParlanceGtk

/// A tree view whose text a cell data function makes (through gettext, as
/// gnome-system-monitor's "N/A"): after gettext switches, `parlance_refresh_rendered_rows`
/// has it made again, on screen and in the accessible's cells, which keep the text they
/// were made with otherwise.
final class RenderedRowsTests: GtkTestCase, @unchecked Sendable {
  /// GTK's "_Cancel", as the function makes it when the row is drawn.
  static let cancel: GtkTreeCellDataFunc = { _, renderer, _, _, _ in
    guard let renderer else { return }
    parlance_object_set_string(renderer, "text", g_dgettext("gtk30", "_Cancel"))
  }

  override func tearDownWithError() throws {
    try onMainActor { ProcessGettext.switchLanguage(to: [""]) }
    try super.tearDownWithError()
  }

  func testARowACellFunctionDrawsIsMadeAgainInTheNewLanguage() throws {
    try onMainActor {
      try requireDisplay()
      let german = try XCTUnwrap(translation("de"))
      let french = try XCTUnwrap(translation("fr"))
      ProcessGettext.switchLanguage(to: ["de"])
      let builder = gtk_builder_new_from_string(
        """
        <interface><object class="GtkListStore" id="rows"><columns><column type="gint"/>
        </columns><data><row><col id="0">1</col></row><row><col id="0">2</col></row></data>
        </object></interface>
        """, -1)
      defer { g_object_unref(builder) }
      let rows = try XCTUnwrap(gtk_builder_get_object(builder, "rows"))
      let tree = try XCTUnwrap(gtk_tree_view_new_with_model(OpaquePointer(rows)))
      let column = try XCTUnwrap(gtk_tree_view_column_new())
      let renderer = try XCTUnwrap(gtk_cell_renderer_text_new())
      gtk_tree_view_column_pack_start(column, renderer, 1)
      gtk_tree_view_column_set_cell_data_func(column, renderer, Self.cancel, nil, nil)
      gtk_tree_view_append_column(
        UnsafeMutableRawPointer(tree).assumingMemoryBound(to: GtkTreeView.self), column)
      let window = try showWindow(with: Widget(sinking: tree))
      XCTAssertEqual(cells(of: tree), [german, german])
      ProcessGettext.switchLanguage(to: ["fr"])
      parlance_refresh_rendered_rows(window.widgetPointer)
      XCTAssertEqual(cells(of: tree), [french, french])
    }
  }

  /// The names of the first column's cells, as the tree view's accessible gives them.
  @MainActor
  func cells(of tree: UnsafeMutablePointer<GtkWidget>) -> [String] {
    guard let accessible = gtk_widget_get_accessible(tree) else { return [] }
    let table = OpaquePointer(accessible)
    return (0..<atk_table_get_n_rows(table)).compactMap { row in
      guard let cell = atk_table_ref_at(table, row, 0) else { return nil }
      defer { g_object_unref(cell) }
      return atk_object_get_name(cell).map { String(cString: $0) }
    }
  }

  /// GTK's "_Cancel" in `language`, from its installed catalog; nil when there is none.
  func translation(_ language: String) -> String? {
    let path = "/usr/share/locale/\(language)/LC_MESSAGES/gtk30.mo"
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    let output = Process()
    output.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    output.arguments = [
      "LANGUAGE=\(language)", "LC_ALL=C.UTF-8", "gettext", "-d", "gtk30", "_Cancel",
    ]
    let pipe = Pipe()
    output.standardOutput = pipe
    guard (try? output.run()) != nil else { return nil }
    output.waitUntilExit()
    return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }
}
