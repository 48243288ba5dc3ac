import CGtk

/// A push button (`GtkButton`).
@MainActor
public class Button: Container {
  /// Creates a button with a text label.
  public init(label: String) {
    super.init(sinking: gtk_button_new_with_label(label))
  }

  /// Creates a button showing a themed icon, such as `"open-menu-symbolic"`.
  public init(iconName: String) {
    super.init(sinking: gtk_button_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON))
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }

  var buttonPointer: UnsafeMutablePointer<GtkButton> {
    parlance_gtk_button(widgetPointer)
  }

  /// The label text; nil for a button without one (an icon button).
  public var label: String? {
    get { String(borrowingGLibString: gtk_button_get_label(buttonPointer)) }
    set { gtk_button_set_label(buttonPointer, newValue) }
  }

  /// Calls `handler` when the button is activated (click, Enter, Space, `click()`).
  @discardableResult
  public func onClicked(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    Signal.connect(objectPointer, .clicked, handler)
  }

  /// Emits `clicked` as if the user had clicked the button.
  public func click() {
    gtk_button_clicked(buttonPointer)
  }
}
