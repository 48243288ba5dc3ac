import CGtk

/// A thin line between groups of widgets (`GtkSeparator`).
@MainActor
public final class Separator: Widget {
  /// Creates a separator; `.horizontal` draws a horizontal line (between rows).
  public init(orientation: Orientation = .horizontal) {
    super.init(sinking: gtk_separator_new(orientation.gtkValue))
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }
}
