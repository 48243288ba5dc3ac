import CGtk

/// CSS for every window of the program (`GtkCssProvider` on the default screen).
@MainActor
public enum StyleSheet {
  /// Adds `css` at application priority; throws GTK's parse error.
  public static func add(_ css: String) throws(GtkError) {
    guard let screen = gdk_screen_get_default() else { throw .noDisplay }
    let provider = gtk_css_provider_new()
    defer { g_object_unref(provider) }
    var error: UnsafeMutablePointer<GError>?
    let loaded = gtk_css_provider_load_from_data(provider, css, gssize(css.utf8.count), &error)
    guard Bool(gboolean: loaded) else { throw GtkError(consuming: error, fallback: "invalid CSS") }
    gtk_style_context_add_provider_for_screen(
      screen, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
  }
}
