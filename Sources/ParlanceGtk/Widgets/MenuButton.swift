import CGtk

/// A button that opens a popover below it (`GtkMenuButton`), such as a window's main menu.
@MainActor
public final class MenuButton: Button {
  /// Creates a menu button showing GTK's default "open menu" arrow.
  public init() {
    super.init(sinking: gtk_menu_button_new())
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }

  private var menuButtonPointer: UnsafeMutablePointer<GtkMenuButton> {
    parlance_gtk_menu_button(widgetPointer)
  }

  /// The popover the button opens; the button keeps it alive.
  public var popover: Popover? {
    get {
      guard let pointer = gtk_menu_button_get_popover(menuButtonPointer) else { return nil }
      return Widget.wrapper(for: parlance_gtk_widget(pointer)) as? Popover
    }
    set { gtk_menu_button_set_popover(menuButtonPointer, newValue?.widgetPointer) }
  }

  /// Whether the popover is open.
  public var isActive: Bool {
    get { Bool(gboolean: gtk_toggle_button_get_active(parlance_gtk_toggle_button(widgetPointer))) }
    set {
      gtk_toggle_button_set_active(parlance_gtk_toggle_button(widgetPointer), newValue.gboolean)
    }
  }
}
