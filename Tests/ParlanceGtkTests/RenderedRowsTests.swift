import CGtk
import CParlanceLive
import XCTest

@testable import ParlanceGtk

/// A tree view whose text a cell data function makes (through gettext, as
/// gnome-system-monitor's "N/A"): a walk finds it, and after gettext switches,
/// `parlance_refresh_rendered_rows` has it made again, on screen and in the accessible's
/// cells, which keep the text they were made with otherwise.
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
      let visited = try XCTUnwrap(g_hash_table_new(nil, nil))
      let views = try XCTUnwrap(g_ptr_array_new_with_free_func(g_object_unref))
      defer {
        g_hash_table_unref(visited)
        g_ptr_array_unref(views)
      }
      g_ptr_array_unref(parlance_collect_texts_once(window.widgetPointer, 0, visited, views))
      XCTAssertEqual(views.pointee.len, 1, "the walk finds the tree view")
      ProcessGettext.switchLanguage(to: ["fr"])
      parlance_refresh_rendered_rows(views)
      XCTAssertEqual(cells(of: tree), [french, french])
    }
  }

  /// A header bar names its window buttons from gtk30 when it makes them: after gettext
  /// switches, `parlance_renew_window_buttons` names them again in the new language, the
  /// same buttons (remade, at-spi2-atk complained of each one lost).
  func testAHeaderBarsWindowButtonsAreNamedAgainInTheNewLanguage() throws {
    try onMainActor {
      try requireDisplay()
      let buttons = ["Minimize", "Maximize", "Close"]
      let german = try buttons.map { try XCTUnwrap(translation("de", $0)) }
      let french = try buttons.map { try XCTUnwrap(translation("fr", $0)) }
      ProcessGettext.switchLanguage(to: ["de"])
      let bar = try XCTUnwrap(gtk_header_bar_new())
      let header = UnsafeMutableRawPointer(bar).assumingMemoryBound(to: GtkHeaderBar.self)
      gtk_header_bar_set_show_close_button(header, 1)
      let window = Window(title: "test")
      addTeardownBlock { @MainActor in window.destroy() }
      gtk_window_set_titlebar(
        UnsafeMutableRawPointer(window.widgetPointer).assumingMemoryBound(to: GtkWindow.self), bar)
      window.showAll()
      XCTAssertTrue(window.waitForFirstDraw(), "the window was never drawn")
      XCTAssertEqual(windowButtonNames(of: bar), german)
      let close = try XCTUnwrap(windowButtons(of: bar).last)
      g_object_ref(close)
      defer { g_object_unref(close) }
      ProcessGettext.switchLanguage(to: ["fr"])
      parlance_renew_window_buttons()
      XCTAssertEqual(windowButtonNames(of: bar), french)
      XCTAssertNotNil(gtk_widget_get_parent(close), "the close button was made again")
    }
  }

  /// The accessible names of the header bar's window buttons.
  @MainActor
  func windowButtonNames(of bar: UnsafeMutablePointer<GtkWidget>) -> [String] {
    windowButtons(of: bar).compactMap { button in
      atk_object_get_name(gtk_widget_get_accessible(button)).map { String(cString: $0) }
    }
  }

  /// The header bar's window buttons, in order.
  @MainActor
  func windowButtons(of bar: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
    var buttons: [UnsafeMutablePointer<GtkWidget>] = []
    func visit(_ widget: UnsafeMutablePointer<GtkWidget>) {
      if gtk_style_context_has_class(gtk_widget_get_style_context(widget), "titlebutton") != 0 {
        buttons.append(widget)
      }
      guard parlance_instance_is_a(widget, gtk_container_get_type()) != 0 else { return }
      // forall, not foreach: the window buttons are the header bar's own children.
      let found = Children()
      gtk_container_forall(
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkContainer.self),
        { child, data in
          guard let child, let data else { return }
          Unmanaged<Children>.fromOpaque(data).takeUnretainedValue().widgets.append(child)
        }, Unmanaged.passUnretained(found).toOpaque())
      for child in found.widgets { visit(child) }
    }
    visit(bar)
    return buttons
  }

  /// What `gtk_container_forall` gives.
  final class Children {
    var widgets: [UnsafeMutablePointer<GtkWidget>] = []
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

  /// GTK's `msgid` ("_Cancel") in `language`, from its installed catalog; nil when there
  /// is none.
  func translation(_ language: String, _ msgid: String = "_Cancel") -> String? {
    let path = "/usr/share/locale/\(language)/LC_MESSAGES/gtk30.mo"
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    let output = Process()
    output.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    output.arguments = [
      "LANGUAGE=\(language)", "LC_ALL=C.UTF-8", "gettext", "-d", "gtk30", msgid,
    ]
    let pipe = Pipe()
    output.standardOutput = pipe
    guard (try? output.run()) != nil else { return nil }
    output.waitUntilExit()
    return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }
}
