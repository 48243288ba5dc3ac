import CGtk

/// The axis a box, separator or spin button runs along.
public enum Orientation: Sendable {
  case horizontal
  case vertical

  init(_ orientation: GtkOrientation) {
    self = orientation == GTK_ORIENTATION_VERTICAL ? .vertical : .horizontal
  }

  var gtkValue: GtkOrientation {
    self == .vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL
  }
}
