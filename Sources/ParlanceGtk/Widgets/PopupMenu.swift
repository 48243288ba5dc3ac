import CGtk

/// A drop-down menu made from a menu model (`GtkMenu` from a `GMenuModel`), such as a
/// `<menu>` of a GtkBuilder file.
///
/// The menu reads the model each time it opens, so labels changed in the model since show
/// the next time.
@MainActor
public final class PopupMenu: Container {
  private var isAttached = false

  /// A menu showing `model`; nil when the object is not a menu model.
  public init?(model: BuiltObject) {
    guard let pointer = parlance_menu_new_from_model(model.reference.pointer) else { return nil }
    super.init(sinking: pointer)
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }

  /// Opens the menu below `widget` (which it then belongs to: the menu finds its actions
  /// through the widget's window).
  public func popup(at widget: Widget) {
    let menu = parlance_gtk_menu(widgetPointer)
    if !isAttached {
      gtk_menu_attach_to_widget(menu, widget.widgetPointer, nil)
      isAttached = true
    }
    gtk_menu_popup_at_widget(
      menu, widget.widgetPointer, GDK_GRAVITY_SOUTH_WEST, GDK_GRAVITY_NORTH_WEST, nil)
  }

  /// Closes the menu.
  public func popdown() {
    gtk_menu_popdown(parlance_gtk_menu(widgetPointer))
  }

  /// The labels of the menu's top-level items, as the model gives them (`_Open`).
  public var itemLabels: [String] {
    children.compactMap { child in
      guard parlance_instance_is_a(child.widgetPointer, gtk_menu_item_get_type()) != 0 else {
        return nil
      }
      return String(
        borrowingGLibString: gtk_menu_item_get_label(
          UnsafeMutableRawPointer(child.widgetPointer).assumingMemoryBound(to: GtkMenuItem.self)
        ))
    }
  }
}
