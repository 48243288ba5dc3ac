import CGtk

/// How two elements are related for assistive technology (an ATK relation type).
public enum AccessibleRelation: Sendable {
  /// This element is named by the targets (a control by its caption).
  case labelledBy
  /// This element names the targets (a caption, its control).
  case labelFor

  var atkValue: AtkRelationType {
    switch self {
    case .labelledBy: ATK_RELATION_LABELLED_BY
    case .labelFor: ATK_RELATION_LABEL_FOR
    }
  }
}
