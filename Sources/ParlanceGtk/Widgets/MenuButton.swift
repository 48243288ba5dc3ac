import CGtk

/// A button that opens a menu below it (`GtkMenuButton`), such as a window's main menu.
@MainActor
public final class MenuButton: Button {
  /// Creates a menu button showing GTK's default "open menu" arrow.
  public init() {
    super.init(sinking: gtk_menu_button_new())
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }

  /// Whether the menu is open.
  public var isActive: Bool {
    get { Bool(gboolean: gtk_toggle_button_get_active(parlance_gtk_toggle_button(widgetPointer))) }
    set {
      gtk_toggle_button_set_active(parlance_gtk_toggle_button(widgetPointer), newValue.gboolean)
    }
  }
}
