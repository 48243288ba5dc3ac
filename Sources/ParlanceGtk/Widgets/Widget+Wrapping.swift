import CGtk

extension Widget {
  /// The Swift wrapper for a widget GTK hands back (a child, a parent, a focus widget).
  ///
  /// Returns the existing wrapper when there is one, so identity (`===`) and subclass casts
  /// work; otherwise wraps it in the most specific class this module knows.
  static func wrapper(for pointer: UnsafeMutablePointer<GtkWidget>) -> Widget {
    if let existing = ObjectReference.registeredWrapper(of: parlance_g_object(pointer))
      as? Widget
    {
      return existing
    }
    func isA(_ type: GType) -> Bool {
      Bool(gboolean: parlance_instance_is_a(pointer, type))
    }
    // Subtypes before their parents: a SpinButton is an Entry, an ApplicationWindow a Window.
    if isA(gtk_label_get_type()) { return Label(sinking: pointer) }
    if isA(gtk_menu_button_get_type()) { return MenuButton(sinking: pointer) }
    if isA(gtk_check_button_get_type()) { return CheckButton(sinking: pointer) }
    if isA(gtk_button_get_type()) { return Button(sinking: pointer) }
    if isA(gtk_spin_button_get_type()) { return SpinButton(sinking: pointer) }
    if isA(gtk_combo_box_text_get_type()) { return ComboBoxText(sinking: pointer) }
    if isA(gtk_text_view_get_type()) { return TextView(sinking: pointer) }
    if isA(gtk_image_get_type()) { return Image(sinking: pointer) }
    if isA(gtk_info_bar_get_type()) { return InfoBar(sinking: pointer) }
    if isA(gtk_header_bar_get_type()) { return HeaderBar(sinking: pointer) }
    if isA(gtk_box_get_type()) { return Box(sinking: pointer) }
    if isA(gtk_grid_get_type()) { return Grid(sinking: pointer) }
    if isA(gtk_scrolled_window_get_type()) { return ScrolledWindow(sinking: pointer) }
    if isA(gtk_application_window_get_type()) { return ApplicationWindow(sinking: pointer) }
    if isA(gtk_window_get_type()) { return Window(sinking: pointer) }
    if isA(gtk_container_get_type()) { return Container(sinking: pointer) }
    return Widget(sinking: pointer)
  }
}
