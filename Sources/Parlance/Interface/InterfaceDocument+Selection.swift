import Foundation

extension InterfaceDocument {
  /// The objects GtkBuilder must build for `ids` to stand: `ids`, then every object
  /// their subtrees refer to by id (a combo box's `model`, a menu button's `menu-model`,
  /// a `bind-source`, a size group's widgets), and what those refer to, in turn.
  ///
  /// GtkBuilder builds only the objects it is asked for and refuses the whole file when
  /// one of them refers to an object left out. Example, `models.ui`:
  /// `["units-window"]` → `["units-window", "units-store", "units-menu"]`.
  public func objectsNeeded(by ids: [String]) -> [String] {
    var needed: [String] = []
    var pending = ids
    while let id = pending.first {
      pending.removeFirst()
      guard !isObject(id, inside: Set(needed)) else { continue }
      needed.append(id)
      guard let element = root.flatMap({ Self.element(withID: id, in: $0) }) else { continue }
      for reference in Self.references(in: element)
      where object(reference) != nil && !needed.contains(reference)
        && !pending.contains(reference)
      {
        pending.append(reference)
      }
    }
    return needed
  }

  /// Whether object `id` is one of `ids` or lies inside one of them.
  public func isObject(_ id: String, inside ids: Set<String>) -> Bool {
    var current: String? = id
    while let candidate = current {
      if ids.contains(candidate) { return true }
      current = object(candidate)?.parentID
    }
    return false
  }

  /// The `<object>`, `<template>` or `<menu>` with id `id` (a template's id is its class).
  static func element(withID id: String, in element: XMLTree.Element) -> XMLTree.Element? {
    let ownID = element.name == "template" ? element["class"] : element["id"]
    if ["object", "template", "menu"].contains(element.name), ownID == id { return element }
    for child in element.elements {
      if let found = self.element(withID: id, in: child) { return found }
    }
    return nil
  }

  /// Every value in `element` that may name another object: property values,
  /// `bind-source` attributes, the `name` of a size group's `<widget>` and of a window's
  /// accel `<group>`, and an accessible relation's `target` (not a signal's `object`:
  /// signals are not built).
  static func references(in element: XMLTree.Element) -> [String] {
    var found: [String] = []
    if element.name == "property" {
      found.append(element.text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    if let source = element["bind-source"] { found.append(source) }
    if element.name == "widget" || element.name == "group", let name = element["name"] {
      found.append(name)
    }
    if element.name == "relation", let target = element["target"] { found.append(target) }
    for child in element.elements { found += references(in: child) }
    return found
  }
}
