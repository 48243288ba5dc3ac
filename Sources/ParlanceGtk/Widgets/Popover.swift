import CGtk

/// A bubble pointing at a widget, holding one child (`GtkPopover`).
@MainActor
public final class Popover: Container {
  /// Creates a hidden popover pointing at `widget`; give it to `MenuButton.popover` or call
  /// `popup()`.
  public init(relativeTo widget: Widget?) {
    super.init(sinking: gtk_popover_new(widget?.widgetPointer))
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }

  /// Shows the popover; its child must have been shown (`showAll()` on the child).
  public func popup() {
    gtk_popover_popup(parlance_gtk_popover(widgetPointer))
  }

  /// Hides the popover.
  public func popdown() {
    gtk_popover_popdown(parlance_gtk_popover(widgetPointer))
  }
}
