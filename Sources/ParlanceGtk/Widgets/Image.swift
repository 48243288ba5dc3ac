import CGtk

/// A picture or a themed icon (`GtkImage`).
@MainActor
public final class Image: Widget {
  /// Creates an empty image.
  public init() {
    super.init(sinking: gtk_image_new())
  }

  /// Creates an image showing `pixbuf`.
  public convenience init(pixbuf: Pixbuf) {
    self.init()
    setFromPixbuf(pixbuf)
  }

  /// Creates an image showing `screenshot`'s pixels, one to one.
  public convenience init(screenshot: Screenshot) {
    self.init()
    setFromScreenshot(screenshot)
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }

  private var imagePointer: UnsafeMutablePointer<GtkImage> {
    parlance_gtk_image(widgetPointer)
  }

  /// Shows the file at `path` (see `init(filePath:)` for errors).
  public func setFromFile(_ path: String) {
    gtk_image_set_from_file(imagePointer, path)
  }

  /// Shows a themed icon; its size follows `pixelSize`.
  public func setFromIconName(_ name: String) {
    gtk_image_set_from_icon_name(imagePointer, name, GTK_ICON_SIZE_BUTTON)
  }

  /// Shows `pixbuf`; the image keeps its own reference to it.
  public func setFromPixbuf(_ pixbuf: Pixbuf) {
    gtk_image_set_from_pixbuf(imagePointer, pixbuf.pixbufPointer)
  }

  /// Shows a copy of `screenshot`'s pixels, one to one; nothing when they cannot be copied.
  public func setFromScreenshot(_ screenshot: Screenshot) {
    guard let surface = screenshot.imageSurface() else {
      clear()
      return
    }
    gtk_image_set_from_surface(imagePointer, surface)
    // The image keeps its own reference.
    cairo_surface_destroy(surface)
  }

  /// Shows nothing.
  public func clear() {
    gtk_image_clear(imagePointer)
  }

  /// The path of the file shown (`setFromFile`), or nil when it shows something else.
  public var file: String? {
    String(takingGLibString: parlance_object_get_string(imagePointer, "file"))
  }

  /// Whether the image shows nothing.
  public var isEmpty: Bool {
    gtk_image_get_storage_type(imagePointer) == GTK_IMAGE_EMPTY
  }

  /// The size of themed icons in pixels; -1 to use the icon size.
  public var pixelSize: Int {
    get { Int(gtk_image_get_pixel_size(imagePointer)) }
    set { gtk_image_set_pixel_size(imagePointer, Int32(newValue)) }
  }
}
