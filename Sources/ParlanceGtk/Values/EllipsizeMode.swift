import CGtk

/// Where a label that does not fit puts its "…" (`PangoEllipsizeMode`).
public enum EllipsizeMode: Sendable {
  case none
  case start
  case middle
  case end

  init(_ mode: PangoEllipsizeMode) {
    switch mode {
    case PANGO_ELLIPSIZE_START: self = .start
    case PANGO_ELLIPSIZE_MIDDLE: self = .middle
    case PANGO_ELLIPSIZE_END: self = .end
    default: self = .none
    }
  }

  var pangoValue: PangoEllipsizeMode {
    switch self {
    case .none: PANGO_ELLIPSIZE_NONE
    case .start: PANGO_ELLIPSIZE_START
    case .middle: PANGO_ELLIPSIZE_MIDDLE
    case .end: PANGO_ELLIPSIZE_END
    }
  }
}
