import CGtk

/// A menu made from a menu model, such as a `<menu>` of a GtkBuilder file, shown in a
/// popover below a widget (`gtk_popover_new_from_model`).
///
/// The popover follows the model: a label changed in the model shows in the menu, also
/// while it is open. A popover needs no pointer grab, so it opens as well from a click
/// made by code or by assistive technology as from the mouse.
@MainActor
public final class PopupMenu: Container {
  /// A menu showing `model`; nil when the object is not a menu model.
  public init?(model: BuiltObject) {
    guard let pointer = parlance_popover_new_from_model(model.reference.pointer) else {
      return nil
    }
    super.init(sinking: pointer)
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }

  /// Opens the menu below `widget` (which it then belongs to: the menu finds its actions
  /// through the widget's window).
  public func popup(at widget: Widget) {
    let popover = parlance_gtk_popover(widgetPointer)
    gtk_popover_set_relative_to(popover, widget.widgetPointer)
    gtk_popover_popup(popover)
  }

  /// Closes the menu.
  package func popdown() {
    gtk_popover_popdown(parlance_gtk_popover(widgetPointer))
  }

  /// Whether the menu is open.
  package var isOpen: Bool { isVisible }

  /// The labels of the menu's items as shown (`Open` for `_Open`), in order, submenus
  /// included.
  package var itemLabels: [String] {
    guard let texts = parlance_popover_menu_texts(widgetPointer) else { return [] }
    defer { g_strfreev(texts) }
    var labels: [String] = []
    var index = 0
    while let text = texts[index] {
      labels.append(String(cString: text))
      index += 1
    }
    return labels
  }
}

extension Widget {
  /// Opens this popover (a `GtkPopover` a `.ui` file made, or a `PopupMenu`) below
  /// `anchor` to be photographed: not modal, so it takes no grab, and without its opening
  /// transition. False when the widget is no popover.
  @discardableResult
  public func showAsPopover(below anchor: Widget) -> Bool {
    parlance_popover_show_below(widgetPointer, anchor.widgetPointer) != 0
  }

  /// Gives every action this widget's items and buttons name (`app.open`, `win.zoom`) —
  /// and the items of `model`, the menu model it shows — a stand-in that does nothing, in
  /// action groups on this widget: a program's menu then shows its items enabled instead
  /// of greyed out (without state, a check or radio item shows as a plain one), and
  /// choosing one runs none of the viewer's own actions.
  /// Returns how many were given.
  @discardableResult
  public func standInForActions(model: BuiltObject? = nil) -> Int {
    Int(parlance_stand_in_actions(widgetPointer, model?.reference.pointer))
  }
}
