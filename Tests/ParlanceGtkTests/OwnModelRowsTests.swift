import CGtk
import CParlanceLive
import XCTest

@testable import ParlanceGtk

/// A list store shown through a sort is read and set as the store (gnote's dates); a
/// model whose rows the program makes (here a filter whose column a function of the
/// program's writes, as a model of its own class would) is read for the report and
/// never set.
final class OwnModelRowsTests: GtkTestCase, @unchecked Sendable {
  /// A store of "Rechner" and "Orte" and a tree view showing `model`, a model over it.
  @MainActor private func show(
    _ makeModel: (OpaquePointer) throws -> OpaquePointer
  ) throws -> (window: Window, store: OpaquePointer, builder: UnsafeMutablePointer<GtkBuilder>) {
    try requireDisplay()
    let builder = try XCTUnwrap(
      gtk_builder_new_from_string(
        """
        <interface><object class="GtkListStore" id="rows"><columns><column type="gchararray"/>
        </columns><data><row><col id="0">Rechner</col></row><row><col id="0">Orte</col></row>
        </data></object></interface>
        """, -1))
    let store = OpaquePointer(try XCTUnwrap(gtk_builder_get_object(builder, "rows")))
    let model = try makeModel(store)
    defer { g_object_unref(UnsafeMutableRawPointer(model)) }
    let tree = try XCTUnwrap(gtk_tree_view_new_with_model(model))
    let column = try XCTUnwrap(gtk_tree_view_column_new())
    let renderer = try XCTUnwrap(gtk_cell_renderer_text_new())
    gtk_tree_view_column_pack_start(column, renderer, 1)
    gtk_tree_view_column_add_attribute(column, renderer, "text", 0)
    gtk_tree_view_append_column(
      UnsafeMutableRawPointer(tree).assumingMemoryBound(to: GtkTreeView.self), column)
    return (try showWindow(with: Widget(sinking: tree)), store, builder)
  }

  func testARowOfAStoreShownSortedIsSetInTheStore() throws {
    try onMainActor {
      let (window, _, builder) = try show { store in
        let sorted = try XCTUnwrap(gtk_tree_model_sort_new_with_model(store))
        // "Orte" above "Rechner", the store's first row.
        gtk_tree_sortable_set_sort_column_id(sorted, 0, GTK_SORT_ASCENDING)
        return sorted
      }
      defer { g_object_unref(builder) }
      let texts = ShownTexts(of: window, models: true).texts.filter {
        $0.property == "text" && $0.typeName == "GtkListStore"
      }
      XCTAssertEqual(Set(texts.map(\.text)), ["Rechner", "Orte"])
      // Each drawn where the sorted view shows it.
      let top = try XCTUnwrap(texts.first { $0.text == "Orte" }?.places.first).rectangle.y
      let below = try XCTUnwrap(texts.first { $0.text == "Rechner" }?.places.first).rectangle.y
      XCTAssertLessThan(top, below)
      try XCTUnwrap(texts.first { $0.text == "Rechner" }).set("Ordinateur")
      let after = ShownTexts(of: window, models: true).texts.filter { $0.property == "text" }
      XCTAssertEqual(Set(after.map(\.text)), ["Ordinateur", "Orte"])
    }
  }

  func testARowAFunctionOfTheProgramMakesIsReadAndNeverSet() throws {
    try onMainActor {
      let (window, _, builder) = try show { store in
        let filter = try XCTUnwrap(gtk_tree_model_filter_new(store, nil))
        var types = [gtk_tree_model_get_column_type(store, 0)]
        // Each row as the store has it, marked: a text the program makes.
        let marked: GtkTreeModelFilterModifyFunc = { model, iter, value, _, _ in
          guard let model, let iter, let value else { return }
          let filter = UnsafeMutableRawPointer(model).assumingMemoryBound(
            to: GtkTreeModelFilter.self)
          var child = GtkTreeIter()
          gtk_tree_model_filter_convert_iter_to_child_iter(filter, &child, iter)
          var stored = GValue()
          gtk_tree_model_get_value(gtk_tree_model_filter_get_model(filter), &child, 0, &stored)
          let text = g_value_get_string(&stored).map { String(cString: $0) } ?? ""
          g_value_set_string(value, "» " + text)
          g_value_unset(&stored)
        }
        gtk_tree_model_filter_set_modify_func(
          UnsafeMutableRawPointer(filter).assumingMemoryBound(to: GtkTreeModelFilter.self), 1,
          &types, marked, nil, nil)
        return filter
      }
      defer { g_object_unref(builder) }
      let texts = ShownTexts(of: window, models: true).texts.filter {
        $0.typeName == "GtkTreeModelFilter"
      }
      XCTAssertEqual(Set(texts.map(\.text)), ["» Rechner", "» Orte"])
      XCTAssertEqual(Set(texts.map(\.property)), ["own-text"])
      for text in texts { text.set("Ordinateur") }
      XCTAssertEqual(
        Set(
          ShownTexts(of: window, models: true).texts.filter {
            $0.typeName == "GtkTreeModelFilter"
          }.map(\.text)), ["» Rechner", "» Orte"], "a row the program makes is never set")
    }
  }
}
