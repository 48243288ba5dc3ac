import CGtk

/// Where a widget sits in space larger than it needs (`GtkAlign`).
///
/// `start` and `end` follow the layout direction: `start` is the right edge in RTL.
public enum Alignment: Sendable {
  case fill
  case start
  case end
  case center
  case baseline

  init(_ align: GtkAlign) {
    switch align {
    case GTK_ALIGN_START: self = .start
    case GTK_ALIGN_END: self = .end
    case GTK_ALIGN_CENTER: self = .center
    case GTK_ALIGN_BASELINE: self = .baseline
    default: self = .fill
    }
  }

  var gtkValue: GtkAlign {
    switch self {
    case .fill: GTK_ALIGN_FILL
    case .start: GTK_ALIGN_START
    case .end: GTK_ALIGN_END
    case .center: GTK_ALIGN_CENTER
    case .baseline: GTK_ALIGN_BASELINE
    }
  }
}
