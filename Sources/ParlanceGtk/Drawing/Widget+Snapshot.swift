import CGtk
import CParlanceLive

extension Widget {
  /// Renders the widget, as laid out now, into memory.
  ///
  /// Draws with `gtk_widget_draw` into an offscreen cairo surface of the widget's allocated
  /// size, so it needs no compositor and is not affected by overlapping windows. Wait for
  /// the first draw (`Window.waitForFirstDraw`) so fonts and sizes have settled.
  /// - Throws: `GtkError.notLaidOut` before the widget was allocated a size.
  public func snapshot() throws(GtkError) -> Screenshot {
    let surface = try drawnSurface()
    defer { cairo_surface_destroy(surface) }
    return try Screenshot(surface: surface)
  }

  /// The widget drawn with `gtk_widget_draw` into a new image surface of its allocated
  /// size, which the caller destroys.
  fileprivate func drawnSurface() throws(GtkError) -> OpaquePointer {
    let size = allocation
    guard isVisible, size.width > 1 || size.height > 1 else { throw .notLaidOut }
    guard
      let surface = cairo_image_surface_create(
        CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height))
    else { throw .cairo("cannot create a \(size.width)x\(size.height) surface") }
    guard let context = cairo_create(surface) else {
      cairo_surface_destroy(surface)
      throw .cairo("cannot create a context")
    }
    gtk_widget_draw(widgetPointer, context)
    let status = cairo_status(context)
    cairo_destroy(context)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw GtkError(cairoStatus: status)
    }
    return surface
  }
}

extension Window {
  /// Waits for the window's next frame and returns its picture as `snapshot()` takes
  /// it, drawn once: during the frame, into memory, and that picture shown on the
  /// screen, instead of GTK drawing the window for the screen and then once more for
  /// the picture. Where the frame draws only part of the window, or at another scale
  /// than one pixel per pixel, GTK draws it, and the picture is taken after.
  ///
  /// For a screenshot matrix, where every frame after a switch redraws the whole window.
  /// - Parameter timeout: how long to wait for the frame.
  /// - Returns: the picture; nil when no frame came within `timeout`.
  /// - Throws: `GtkError` when the picture could not be drawn (`snapshot()`).
  public func nextFramePicture(timeout: Duration = .seconds(5)) throws(GtkError) -> Screenshot? {
    try nextFramePicture(timeout: timeout) { false }
  }

  /// `nextFramePicture(timeout:)`, or the picture as laid out now as soon as `laidOut`,
  /// asked after each turn of the main loop before the frame, says it may stand for the
  /// frame's.
  private func nextFramePicture(
    timeout: Duration, or laidOut: () -> Bool
  ) throws(GtkError) -> Screenshot? {
    let drawn = Cell(false)
    let inside = Cell(false)
    let taken = Cell<Result<Screenshot, GtkError>?>(nil)
    let window = widgetPointer
    let connection = Signal.connectDraw(objectPointer) { [weak self] context in
      // The drawing into the picture below, or a draw after the frame's.
      guard let self, !inside.value, !drawn.value else { return .proceed }
      drawn.value = true
      var (left, top, right, bottom) = (0.0, 0.0, 0.0, 0.0)
      cairo_clip_extents(context, &left, &top, &right, &bottom)
      let size = self.allocation
      guard gtk_widget_get_scale_factor(window) == 1, left <= 0, top <= 0,
        right >= Double(size.width), bottom >= Double(size.height)
      else { return .proceed }
      inside.value = true
      defer { inside.value = false }
      let surface: OpaquePointer
      do throws(GtkError) {
        surface = try self.drawnSurface()
      } catch {
        taken.value = .failure(error)
        return .proceed
      }
      defer { cairo_surface_destroy(surface) }
      cairo_save(context)
      cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
      cairo_set_source_surface(context, surface, 0, 0)
      cairo_paint(context)
      cairo_restore(context)
      taken.value = Result { () throws(GtkError) in try Screenshot(surface: surface) }
      return .stop
    }
    defer { connection.disconnect() }
    if !isVisible { showAll() }
    queueDraw()
    var now = false
    guard
      Gtk.iterate(
        until: {
          now = !drawn.value && laidOut()
          return drawn.value || now
        }, timeout: timeout)
    else { return nil }
    if let taken = taken.value, !now { return try taken.get() }
    return try snapshot()
  }

  /// The window's picture once it is laid out at `size`, the size just asked of it
  /// (`resize(to:)`), as its next frame will draw it: taken at once where GTK lays it
  /// out without that frame, which it paces 16.7 ms after the one before.
  ///
  /// GTK's layout steps are run now, as the frame would run them
  /// (`parlance_lay_out_now`). A window asking the window system for a new size is laid
  /// out again when the answer comes (its `configure-event`). The picture is taken as
  /// soon as the window is laid out at `size`, settled, and the window system has that
  /// size for it; if the frame comes first (a window manager that answers late, or
  /// gives another size), it is taken in the frame, as `nextFramePicture` takes it.
  /// - Parameters:
  ///   - size: the size the window was last asked to take.
  ///   - timeout: how long to wait.
  /// - Returns: the picture; nil when neither the size nor a frame came within `timeout`.
  /// - Throws: `GtkError` when the picture could not be drawn (`snapshot()`).
  public func picture(laidOutAt size: Size, timeout: Duration = .seconds(5)) throws(GtkError)
    -> Screenshot?
  {
    guard isVisible else { return try nextFramePicture(timeout: timeout) }
    let configured = Cell(0)
    let connection = Signal.connect(objectPointer, .configureEvent) {
      configured.value += 1
      return .proceed
    }
    defer { connection.disconnect() }
    if isLaidOutNow(at: size) { return try snapshot() }
    var answered = configured.value
    return try nextFramePicture(timeout: timeout) {
      // Each answer of the window system: GTK takes the size it says at the next layout.
      guard configured.value != answered else { return false }
      answered = configured.value
      return self.isLaidOutNow(at: size)
    }
  }

  /// Whether the window, laid out now (`parlance_lay_out_now`), settled at `size`, the
  /// size the window system has for it.
  private func isLaidOutNow(at size: Size) -> Bool {
    guard let windows = g_ptr_array_new() else { return false }
    defer { g_ptr_array_unref(windows) }
    g_ptr_array_add(windows, UnsafeMutableRawPointer(widgetPointer))
    guard Bool(gboolean: parlance_lay_out_now(windows, nil)) else { return false }
    let box = allocation
    return Size(width: box.width, height: box.height) == size
      && Bool(gboolean: parlance_window_size_agreed(widgetPointer))
  }

  /// Renders the window's contents and writes them as a PNG file of the window's size.
  ///
  /// See `snapshot()` for when to call it.
  public func snapshotPNG(to path: String) throws(GtkError) {
    try snapshot().writePNG(to: path)
  }
}
