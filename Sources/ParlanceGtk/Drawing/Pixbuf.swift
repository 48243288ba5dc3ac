import CGtk

/// An image decoded into memory (`GdkPixbuf`), such as a localized picture.
///
/// Immutable once loaded, so it may be loaded off the main thread and shown on it.
public final class Pixbuf: @unchecked Sendable {
  private let reference: ObjectReference

  /// Loads a PNG, JPEG or any format gdk-pixbuf supports.
  ///
  /// - Throws: `GtkError.glib` with gdk-pixbuf's message (missing file, unknown format).
  public init(contentsOfFile path: String) throws(GtkError) {
    var error: UnsafeMutablePointer<GError>?
    guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else {
      throw GtkError(consuming: error, fallback: "cannot load image '\(path)'")
    }
    reference = ObjectReference(adopting: UnsafeMutableRawPointer(pixbuf))
  }

  private init(adopting pixbuf: OpaquePointer) {
    reference = ObjectReference(adopting: UnsafeMutableRawPointer(pixbuf))
  }

  /// `GdkPixbuf` is opaque to Swift.
  var pixbufPointer: OpaquePointer {
    OpaquePointer(reference.pointer)
  }

  /// Width in pixels.
  public var width: Int { Int(gdk_pixbuf_get_width(pixbufPointer)) }

  /// Height in pixels.
  public var height: Int { Int(gdk_pixbuf_get_height(pixbufPointer)) }
}
