import CGtk

/// A toplevel window.
///
/// GTK keeps its own reference to every toplevel until it is destroyed, so releasing the
/// wrapper neither closes nor frees the window: call `close()` or `destroy()`.
@MainActor
public class Window: Container {
  /// Creates a hidden toplevel window.
  public init(title: String = "") {
    super.init(sinking: gtk_window_new(GTK_WINDOW_TOPLEVEL))
    self.title = title
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }

  /// A window drawn only off the screen (a `GtkOffscreenWindow`): it is laid out when
  /// shown, at once, and `snapshot()` draws it then, with no frame of the display's to
  /// wait for. For a picture made of widgets (a contact sheet) that nobody watches.
  public static func offscreen() -> Window {
    Window(sinking: gtk_offscreen_window_new())
  }

  var windowPointer: UnsafeMutablePointer<GtkWindow> {
    parlance_gtk_window(widgetPointer)
  }

  /// The title the window manager (or a header bar without its own title) shows.
  public var title: String {
    get { String(borrowingGLibString: gtk_window_get_title(windowPointer)) ?? "" }
    set { gtk_window_set_title(windowPointer, newValue) }
  }

  /// The size the window opens with; -1 in a dimension means "natural size".
  public var defaultSize: Size {
    get {
      var width: Int32 = 0
      var height: Int32 = 0
      gtk_window_get_default_size(windowPointer, &width, &height)
      return Size(width: Int(width), height: Int(height))
    }
    set {
      gtk_window_set_default_size(windowPointer, Int32(newValue.width), Int32(newValue.height))
    }
  }

  /// The current size of the content, the size `defaultSize` and `resize` speak of.
  ///
  /// Excludes a header bar set with `setTitlebar` and the client-side frame, so it is
  /// smaller than `allocation` (and a `snapshot()`) of such a window. It is the last size
  /// GTK knows, which lags a `resize` until the window manager answered.
  public var size: Size {
    var width: Int32 = 0
    var height: Int32 = 0
    gtk_window_get_size(windowPointer, &width, &height)
    return Size(width: Int(width), height: Int(height))
  }

  /// Asks the window manager for a new size (kept at least as large as the content needs).
  /// Runs GTK's size negotiation now, if a change asked for one, instead of at the next
  /// frame: allocations (a label's width after a notebook page switch) are then current
  /// without waiting for a frame to be drawn.
  public func layoutNow() {
    gtk_container_check_resize(parlance_gtk_container(widgetPointer))
  }

  /// Asks for the window to be `size` (the window manager may refuse).
  /// - Parameter size: the wanted width and height in pixels.
  public func resize(to size: Size) {
    gtk_window_resize(windowPointer, Int32(size.width), Int32(size.height))
  }

  /// Whether the window is the one receiving keyboard input.
  public var isActive: Bool {
    Bool(gboolean: gtk_window_is_active(windowPointer))
  }

  /// Shows the window and raises it above other windows.
  public func present() {
    gtk_window_present(windowPointer)
  }

  /// Asks the window to close as if the user clicked its close button.
  ///
  /// Emits `delete-event` first, so an `onDeleteEvent` handler can keep the window open.
  public func close() {
    gtk_window_close(windowPointer)
  }

  /// Replaces the window manager's title bar with `titlebar` (usually a `HeaderBar`).
  ///
  /// GTK then copies a header bar's title into `title` whenever it changes, so the taskbar
  /// shows the header bar's title: retitle the header bar, not only the window.
  public func setTitlebar(_ titlebar: Widget?) {
    gtk_window_set_titlebar(windowPointer, titlebar?.widgetPointer)
  }

  /// The widget that has (or gets, once the window is active) keyboard focus.
  public var focusWidget: Widget? {
    gtk_window_get_focus(windowPointer).map(Widget.wrapper(for:))
  }

  /// Calls `handler` when the user (or `close()`) asks to close the window.
  ///
  /// Returning `.stop` keeps the window open; `.proceed` lets GTK destroy it.
  @discardableResult
  public func onDeleteEvent(
    _ handler: @escaping @MainActor () -> EventPropagation
  ) -> SignalConnection {
    Signal.connect(objectPointer, .deleteEvent, handler)
  }

  /// Shows the window if needed, queues a redraw and runs the main loop until it is drawn;
  /// returns false on timeout.
  ///
  /// Queuing a redraw first makes this also work on a window that was already drawn.
  @discardableResult
  public func waitForFirstDraw(timeout: Duration = .seconds(5)) -> Bool {
    let drawn = Cell(false)
    let connection = onNextDraw { drawn.value = true }
    if !isVisible { showAll() }
    queueDraw()
    let result = Gtk.iterate(until: { drawn.value }, timeout: timeout)
    connection.disconnect()
    return result
  }
}
