import CGtk

extension String {
  /// Copies a string GLib hands over and frees it: for `gchar *` results marked
  /// "transfer full" (`gtk_widget_get_tooltip_text`, `gtk_text_buffer_get_text`).
  init?(takingGLibString pointer: UnsafeMutablePointer<gchar>?) {
    guard let pointer else { return nil }
    defer { g_free(pointer) }
    self.init(cString: pointer)
  }

  /// Copies a string GLib keeps ownership of ("transfer none").
  init?(borrowingGLibString pointer: UnsafePointer<gchar>?) {
    guard let pointer else { return nil }
    self.init(cString: pointer)
  }
}

extension Bool {
  /// Converts a C `gboolean` (any non-zero value is true).
  init(gboolean value: gboolean) {
    self = value != 0
  }

  /// This value as a C `gboolean`.
  var gboolean: CGtk.gboolean {
    self ? 1 : 0
  }
}
