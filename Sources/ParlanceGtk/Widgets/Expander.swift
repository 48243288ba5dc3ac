import CGtk

/// A titled section the user opens and closes, showing its one child when open
/// (`GtkExpander`).
@MainActor
public final class Expander: Container {
  /// Creates a closed expander titled `label`.
  public init(label: String) {
    super.init(sinking: gtk_expander_new(label))
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }

  private var expanderPointer: UnsafeMutablePointer<GtkExpander> {
    parlance_gtk_expander(widgetPointer)
  }

  /// The title, shown literally.
  public var label: String {
    get { String(borrowingGLibString: gtk_expander_get_label(expanderPointer)) ?? "" }
    set { gtk_expander_set_label(expanderPointer, newValue) }
  }

  /// Whether the section is open.
  public var isExpanded: Bool {
    get { Bool(gboolean: gtk_expander_get_expanded(expanderPointer)) }
    set { gtk_expander_set_expanded(expanderPointer, newValue.gboolean) }
  }

  /// Calls `handler` after the section opened or closed, whether by the user or by code.
  @discardableResult
  public func onExpandedChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    Signal.connect(objectPointer, notify: "expanded", handler)
  }
}
