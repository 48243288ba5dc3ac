import CGtk
import CParlanceLive
import XCTest

@testable import ParlanceGtk

/// A tree view showing a model that is no list or tree store (here a sorted one, as a
/// program's own model would be): its rows are read for the report and never set.
final class OwnModelRowsTests: GtkTestCase, @unchecked Sendable {
  func testARowOfASortedModelIsReadAndNeverSet() throws {
    try onMainActor {
      try requireDisplay()
      let builder = gtk_builder_new_from_string(
        """
        <interface><object class="GtkListStore" id="rows"><columns><column type="gchararray"/>
        </columns><data><row><col id="0">Rechner</col></row><row><col id="0">Orte</col></row>
        </data></object></interface>
        """, -1)
      defer { g_object_unref(builder) }
      let rows = try XCTUnwrap(gtk_builder_get_object(builder, "rows"))
      let sorted = try XCTUnwrap(gtk_tree_model_sort_new_with_model(OpaquePointer(rows)))
      defer { g_object_unref(UnsafeMutableRawPointer(sorted)) }
      let tree = try XCTUnwrap(gtk_tree_view_new_with_model(sorted))
      let column = try XCTUnwrap(gtk_tree_view_column_new())
      let renderer = try XCTUnwrap(gtk_cell_renderer_text_new())
      gtk_tree_view_column_pack_start(column, renderer, 1)
      gtk_tree_view_column_add_attribute(column, renderer, "text", 0)
      gtk_tree_view_append_column(
        UnsafeMutableRawPointer(tree).assumingMemoryBound(to: GtkTreeView.self), column)
      let window = try showWindow(with: Widget(sinking: tree))
      let texts = ShownTexts(of: window, models: true).texts.filter {
        $0.typeName == "GtkTreeModelSort"
      }
      XCTAssertEqual(Set(texts.map(\.text)), ["Rechner", "Orte"])
      XCTAssertEqual(Set(texts.map(\.property)), ["own-text"])
      for text in texts { text.set("Ordinateur") }
      XCTAssertEqual(
        Set(
          ShownTexts(of: window, models: true).texts.filter {
            $0.typeName == "GtkTreeModelSort"
          }.map(\.text)), ["Rechner", "Orte"], "a row of the program's own model is never set")
    }
  }
}
