import CGtk

/// A labelled check box (`GtkCheckButton`).
@MainActor
public final class CheckButton: Button {
  public override init(label: String) {
    super.init(sinking: gtk_check_button_new_with_label(label))
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }

  private var togglePointer: UnsafeMutablePointer<GtkToggleButton> {
    UnsafeMutableRawPointer(widgetPointer).assumingMemoryBound(to: GtkToggleButton.self)
  }

  /// Whether the box is ticked; setting it emits "toggled" like a click does.
  public var isActive: Bool {
    get { Bool(gboolean: gtk_toggle_button_get_active(togglePointer)) }
    set { gtk_toggle_button_set_active(togglePointer, newValue.gboolean) }
  }

  /// Calls `handler` when the box is ticked or cleared.
  @discardableResult
  public func onToggled(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    Signal.connect(objectPointer, .toggled, handler)
  }
}
