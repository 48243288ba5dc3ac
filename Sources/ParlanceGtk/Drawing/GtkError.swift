import CGtk

/// A failure reported by GTK, GLib or cairo.
public enum GtkError: Error, Equatable, CustomStringConvertible {
  /// There is no display to open (`DISPLAY` unset or the X server unreachable).
  case noDisplay
  /// The application id is not a valid reverse-DNS name.
  case invalidApplicationID(String)
  /// The widget has no size yet: it was not shown and laid out.
  case notLaidOut
  /// A GLib `GError`, with its message.
  case glib(String)
  /// A cairo failure, with cairo's description.
  case cairo(String)
  /// A PNG file that could not be written, with the reason.
  case png(String)
  /// A PAM file that could not be read, with the file, the byte and the reason.
  case picture(String)

  /// Takes the message out of `error` and frees it.
  init(consuming error: UnsafeMutablePointer<GError>?, fallback: String) {
    guard let error else {
      self = .glib(fallback)
      return
    }
    defer { g_error_free(error) }
    self = .glib(String(borrowingGLibString: error.pointee.message) ?? fallback)
  }

  init(cairoStatus status: cairo_status_t) {
    self = .cairo(String(borrowingGLibString: cairo_status_to_string(status)) ?? "cairo error")
  }

  /// The message, for logs and error output.
  public var description: String {
    switch self {
    case .noDisplay: "cannot open the display (is DISPLAY set?)"
    case .invalidApplicationID(let id): "invalid application id '\(id)'"
    case .notLaidOut: "the widget has no size yet (show it and let the main loop run)"
    case .glib(let message): message
    case .cairo(let message): message
    case .png(let message): message
    case .picture(let message): message
    }
  }
}
