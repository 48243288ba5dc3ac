import CGtk

/// A drop-down list of text items, each with an id (`GtkComboBoxText`).
@MainActor
public final class ComboBoxText: Widget {
  /// Creates an empty combo box with nothing selected.
  public init() {
    super.init(sinking: gtk_combo_box_text_new())
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }

  private var comboPointer: UnsafeMutablePointer<GtkComboBox> {
    parlance_gtk_combo_box(widgetPointer)
  }

  private var comboTextPointer: UnsafeMutablePointer<GtkComboBoxText> {
    parlance_gtk_combo_box_text(widgetPointer)
  }

  /// Adds an item at the end; `id` is what `activeID` reports, `text` what the user sees.
  public func append(id: String, text: String) {
    gtk_combo_box_text_append(comboTextPointer, id, text)
  }

  /// Inserts an item at `index` (clamped to the end).
  public func insert(id: String, text: String, at index: Int) {
    gtk_combo_box_text_insert(comboTextPointer, Int32(index), id, text)
  }

  /// Removes every item; emits `changed` if one was selected.
  public func removeAll() {
    gtk_combo_box_text_remove_all(comboTextPointer)
  }

  /// The text of the item at `index`, nil when there is none.
  public func text(at index: Int) -> String? {
    String(
      takingGLibString: parlance_model_dup_string(
        widgetPointer, Int32(index), gtk_combo_box_get_entry_text_column(comboPointer)))
  }

  /// The id of the item at `index`, nil when there is none.
  public func id(at index: Int) -> String? {
    String(
      takingGLibString: parlance_model_dup_string(
        widgetPointer, Int32(index), gtk_combo_box_get_id_column(comboPointer)))
  }

  /// Sets the text of the item at `index` in place: the items, the selection and an open
  /// list stay, and no `changed` is emitted. Returns false when there is no such item.
  @discardableResult
  public func setText(_ text: String, at index: Int) -> Bool {
    Bool(
      gboolean: parlance_model_set_string(
        widgetPointer, Int32(index), gtk_combo_box_get_entry_text_column(comboPointer), text))
  }

  /// The number of items.
  public var count: Int {
    guard let model = gtk_combo_box_get_model(comboPointer) else { return 0 }
    return Int(gtk_tree_model_iter_n_children(model, nil))
  }

  /// The id of the selected item, nil when nothing is selected.
  ///
  /// Setting emits `changed` when the selection changes. Setting an id that is not in the
  /// list leaves the selection as it was; `select(id:)` tells whether the id was found.
  public var activeID: String? {
    get { String(borrowingGLibString: gtk_combo_box_get_active_id(comboPointer)) }
    set {
      if let newValue {
        gtk_combo_box_set_active_id(comboPointer, newValue)
      } else {
        gtk_combo_box_set_active(comboPointer, -1)
      }
    }
  }

  /// Selects the item with `id`; returns false (and leaves the selection) if there is none.
  @discardableResult
  public func select(id: String) -> Bool {
    Bool(gboolean: gtk_combo_box_set_active_id(comboPointer, id))
  }

  /// The position of the selected item, nil when nothing is selected.
  package var activeIndex: Int? {
    get {
      let index = gtk_combo_box_get_active(comboPointer)
      return index < 0 ? nil : Int(index)
    }
    set { gtk_combo_box_set_active(comboPointer, Int32(newValue ?? -1)) }
  }

  /// The text of the selected item.
  package var activeText: String? {
    String(takingGLibString: gtk_combo_box_text_get_active_text(comboTextPointer))
  }

  /// Calls `handler` when the selection changes, by the user or by code.
  ///
  /// Do not destroy the combo box inside the handler: defer a rebuild with `Gtk.idle`.
  @discardableResult
  public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    Signal.connect(objectPointer, .changed, handler)
  }
}
