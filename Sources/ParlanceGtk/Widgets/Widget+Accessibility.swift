import CGtk

extension Widget {
  /// The widgets this one is related to by `relation`, as assistive technology reads them
  /// (ATK's relation set, including the relations GTK derives from mnemonic widgets).
  public func accessibleTargets(_ relation: AccessibleRelation) -> [Widget] {
    guard let accessible = gtk_widget_get_accessible(widgetPointer),
      let set = atk_object_ref_relation_set(accessible)
    else { return [] }
    defer { g_object_unref(UnsafeMutableRawPointer(set)) }
    guard let found = atk_relation_set_get_relation_by_type(set, relation.atkValue),
      let targets = atk_relation_get_target(found)
    else { return [] }
    return (0..<Int(targets.pointee.len)).compactMap { index in
      guard let target = targets.pointee.pdata[index],
        Bool(gboolean: parlance_instance_is_a(target, gtk_accessible_get_type())),
        let widget = gtk_accessible_get_widget(parlance_gtk_accessible(target))
      else { return nil }
      return Widget.wrapper(for: widget)
    }
  }
}
