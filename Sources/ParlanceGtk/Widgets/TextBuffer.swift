import CGtk

/// The text, cursor and selection of one or more text views (`GtkTextBuffer`).
///
/// Offsets count Unicode scalars (code points), not Swift `Character`s nor UTF-16 units:
/// "é" written as e + U+0301 is two. The wrapper holds a reference of its own, so the
/// buffer outlives the views it is shown in while the wrapper lives.
@MainActor
public final class TextBuffer {
  let reference: ObjectReference

  /// Creates an empty buffer.
  ///
  /// Precondition: `Gtk.initialize()` returned true.
  public init() {
    guard Gtk.isInitialized, let buffer = gtk_text_buffer_new(nil) else {
      preconditionFailure("GTK is not initialized: call Gtk.initialize() first")
    }
    reference = ObjectReference(adopting: buffer)
    reference.register(self)
  }

  private init(retaining buffer: UnsafeMutablePointer<GtkTextBuffer>) {
    reference = ObjectReference(retaining: buffer)
    reference.register(self)
  }

  /// The wrapper registered on `buffer`, or a new one.
  static func wrapper(for buffer: UnsafeMutablePointer<GtkTextBuffer>) -> TextBuffer {
    if let existing = ObjectReference.registeredWrapper(of: parlance_g_object(buffer))
      as? TextBuffer
    {
      return existing
    }
    return TextBuffer(retaining: buffer)
  }

  var bufferPointer: UnsafeMutablePointer<GtkTextBuffer> {
    UnsafeMutableRawPointer(reference.pointer).assumingMemoryBound(to: GtkTextBuffer.self)
  }

  /// The whole text; setting it replaces everything and puts the cursor at the start.
  public var text: String {
    get {
      var start = GtkTextIter()
      var end = GtkTextIter()
      gtk_text_buffer_get_bounds(bufferPointer, &start, &end)
      let text = gtk_text_buffer_get_text(bufferPointer, &start, &end, true.gboolean)
      return String(takingGLibString: text) ?? ""
    }
    set {
      gtk_text_buffer_set_text(bufferPointer, newValue, -1)
    }
  }

  /// The number of characters (Unicode scalars) in the buffer.
  public var characterCount: Int {
    Int(gtk_text_buffer_get_char_count(bufferPointer))
  }

  /// The cursor position; setting it moves the cursor and clears the selection.
  public var cursorOffset: Int {
    get { offset(of: gtk_text_buffer_get_insert(bufferPointer)) }
    set {
      var iter = iterator(at: newValue)
      gtk_text_buffer_place_cursor(bufferPointer, &iter)
    }
  }

  /// The cursor and the other end of the selection, equal when nothing is selected.
  ///
  /// Keeps which end the cursor is at, so restoring it puts a Shift+arrow selection back
  /// exactly as the user left it.
  public var selection: TextSelection {
    get {
      TextSelection(
        cursor: offset(of: gtk_text_buffer_get_insert(bufferPointer)),
        anchor: offset(of: gtk_text_buffer_get_selection_bound(bufferPointer)))
    }
    set {
      var cursor = iterator(at: newValue.cursor)
      var anchor = iterator(at: newValue.anchor)
      gtk_text_buffer_select_range(bufferPointer, &cursor, &anchor)
    }
  }

  /// The selected characters as offsets, nil when nothing is selected.
  public var selectedRange: Range<Int>? {
    let selection = self.selection
    return selection.isEmpty ? nil : selection.range
  }

  /// Selects `range`, with the cursor at its end.
  public func select(_ range: Range<Int>) {
    selection = TextSelection(cursor: range.upperBound, anchor: range.lowerBound)
  }

  /// Inserts `text` at the cursor, as if typed.
  public func insertAtCursor(_ text: String) {
    gtk_text_buffer_insert_at_cursor(bufferPointer, text, -1)
  }

  /// Calls `handler` after every change to the text.
  @discardableResult
  public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    Signal.connect(reference.pointer, .changed, handler)
  }

  private func offset(of mark: UnsafeMutablePointer<GtkTextMark>?) -> Int {
    var iter = GtkTextIter()
    gtk_text_buffer_get_iter_at_mark(bufferPointer, &iter, mark)
    return Int(gtk_text_iter_get_offset(&iter))
  }

  /// An iterator at `offset`, clamped to the buffer (GTK treats -1 and overflow as the end).
  private func iterator(at offset: Int) -> GtkTextIter {
    var iter = GtkTextIter()
    let clamped = min(max(offset, 0), characterCount)
    gtk_text_buffer_get_iter_at_offset(bufferPointer, &iter, Int32(clamped))
    return iter
  }
}
