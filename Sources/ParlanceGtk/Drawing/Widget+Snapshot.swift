import CGtk

extension Widget {
  /// Renders the widget, as laid out now, into memory.
  ///
  /// Draws with `gtk_widget_draw` into an offscreen cairo surface of the widget's allocated
  /// size, so it needs no compositor and is not affected by overlapping windows. Wait for
  /// the first draw (`Window.waitForFirstDraw`) so fonts and sizes have settled.
  /// - Throws: `GtkError.notLaidOut` before the widget was allocated a size.
  public func snapshot() throws(GtkError) -> Screenshot {
    let size = allocation
    guard isVisible, size.width > 1 || size.height > 1 else { throw .notLaidOut }
    guard
      let surface = cairo_image_surface_create(
        CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height))
    else { throw .cairo("cannot create a \(size.width)x\(size.height) surface") }
    defer { cairo_surface_destroy(surface) }
    guard let context = cairo_create(surface) else { throw .cairo("cannot create a context") }
    gtk_widget_draw(widgetPointer, context)
    let status = cairo_status(context)
    cairo_destroy(context)
    guard status == CAIRO_STATUS_SUCCESS else { throw GtkError(cairoStatus: status) }
    return try Screenshot(surface: surface)
  }
}

extension Window {
  /// Renders the window's contents and writes them as a PNG file of the window's size.
  ///
  /// See `snapshot()` for when to call it.
  public func snapshotPNG(to path: String) throws(GtkError) {
    try snapshot().writePNG(to: path)
  }
}
