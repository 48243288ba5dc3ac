import CGtk

/// When a scrolled window shows a scrollbar (`GtkPolicyType`).
public enum ScrollbarPolicy: Sendable {
  case always
  case automatic
  case never
  /// No scrollbar, but the content may still be larger than the view and scroll.
  case external

  init(_ policy: GtkPolicyType) {
    switch policy {
    case GTK_POLICY_ALWAYS: self = .always
    case GTK_POLICY_NEVER: self = .never
    case GTK_POLICY_EXTERNAL: self = .external
    default: self = .automatic
    }
  }

  var gtkValue: GtkPolicyType {
    switch self {
    case .always: GTK_POLICY_ALWAYS
    case .automatic: GTK_POLICY_AUTOMATIC
    case .never: GTK_POLICY_NEVER
    case .external: GTK_POLICY_EXTERNAL
    }
  }
}
