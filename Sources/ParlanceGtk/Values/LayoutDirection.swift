import CGtk

/// The reading direction a widget lays out its children and text in.
public enum LayoutDirection: Sendable {
  /// Left to right (English, Russian, Japanese).
  case leftToRight
  /// Right to left (Arabic, Hebrew): boxes, grids and alignment are mirrored.
  case rightToLeft

  init(_ direction: GtkTextDirection) {
    self = direction == GTK_TEXT_DIR_RTL ? .rightToLeft : .leftToRight
  }

  var gtkValue: GtkTextDirection {
    self == .rightToLeft ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR
  }
}
