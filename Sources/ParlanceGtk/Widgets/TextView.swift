import CGtk

/// A multi-line text editor (`GtkTextView`) showing a `TextBuffer`.
///
/// The text, cursor and selection live in the buffer: give the same buffer to a new view to
/// keep what the user typed across a rebuild of the window.
@MainActor
public final class TextView: Container {
  /// Creates a view of `buffer`, or of a new empty buffer.
  public init(buffer: TextBuffer? = nil) {
    super.init(sinking: gtk_text_view_new_with_buffer(buffer?.bufferPointer))
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }

  private var textViewPointer: UnsafeMutablePointer<GtkTextView> {
    parlance_gtk_text_view(widgetPointer)
  }

  /// The buffer shown; setting it swaps the content (the old buffer is left unchanged).
  public var buffer: TextBuffer {
    get {
      if let pointer = gtk_text_view_get_buffer(textViewPointer) {
        return TextBuffer.wrapper(for: pointer)
      }
      // GTK creates a buffer on first request; this only runs if that ever changes.
      let buffer = TextBuffer()
      gtk_text_view_set_buffer(textViewPointer, buffer.bufferPointer)
      return buffer
    }
    set { gtk_text_view_set_buffer(textViewPointer, newValue.bufferPointer) }
  }

  /// How lines longer than the view are broken.
  public var wrapMode: WrapMode {
    get { WrapMode(gtk_text_view_get_wrap_mode(textViewPointer)) }
    set { gtk_text_view_set_wrap_mode(textViewPointer, newValue.gtkValue) }
  }

}
