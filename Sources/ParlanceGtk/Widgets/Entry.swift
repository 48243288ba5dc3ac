import CGtk

/// A one-line text field the user types into (`GtkEntry`).
///
/// Offsets count characters (Unicode scalars), as in `TextBuffer`.
@MainActor
public final class Entry: Widget {
  /// Creates an empty entry.
  public init() {
    super.init(sinking: gtk_entry_new())
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }

  private var entryPointer: UnsafeMutablePointer<GtkEntry> {
    parlance_gtk_entry(widgetPointer)
  }

  private var editablePointer: OpaquePointer {
    parlance_gtk_editable(widgetPointer)
  }

  /// The text; setting it replaces everything.
  public var text: String {
    get { String(borrowingGLibString: gtk_entry_get_text(entryPointer)) ?? "" }
    set { gtk_entry_set_text(entryPointer, newValue) }
  }

  /// The grey hint shown while the entry is empty and unfocused.
  public var placeholderText: String? {
    get { String(borrowingGLibString: gtk_entry_get_placeholder_text(entryPointer)) }
    set { gtk_entry_set_placeholder_text(entryPointer, newValue) }
  }

  /// The number of characters in the text.
  public var characterCount: Int {
    Int(gtk_entry_get_text_length(entryPointer))
  }

  /// The cursor and the other end of the selection, equal when nothing is selected;
  /// setting it keeps which end the cursor is at.
  public var selection: TextSelection {
    get {
      let cursor = Int(gtk_editable_get_position(editablePointer))
      var start: Int32 = 0
      var end: Int32 = 0
      guard Bool(gboolean: gtk_editable_get_selection_bounds(editablePointer, &start, &end))
      else { return TextSelection(cursor: cursor, anchor: cursor) }
      return TextSelection(cursor: cursor, anchor: cursor == Int(start) ? Int(end) : Int(start))
    }
    set {
      // GtkEditable puts the cursor at the second offset.
      gtk_editable_select_region(editablePointer, Int32(newValue.anchor), Int32(newValue.cursor))
    }
  }

  /// Calls `handler` whenever the text changes, whether by the user or by code.
  @discardableResult
  public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    Signal.connect(objectPointer, .changed, handler)
  }
}
