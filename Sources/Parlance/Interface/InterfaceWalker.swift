/// Walks a `.ui` file's XML once: gives every object an id, and collects the objects and
/// the translatable texts with their positions.
struct InterfaceWalker {
  let file: String
  private(set) var objects: [InterfaceDocument.Object] = []
  private(set) var texts: [InterfaceText] = []
  private(set) var scaleMarks: [String: [InterfaceScaleMark]] = [:]
  private(set) var diagnostics: [Diagnostic] = []
  private var usedIDs: Set<String> = []
  /// Where each id the file gives was first given.
  private var firstAt: [String: SourceLocation] = [:]
  private var generated = 0

  init(file: String) {
    self.file = file
  }

  mutating func walk(_ root: inout XMLTree.Element) {
    collectIDs(root)
    var counts: [String: Int] = [:]
    for index in root.children.indices {
      guard case .element(var element) = root.children[index] else { continue }
      // The array's reference let go while `element` changes: changed in place.
      root.children[index] = .text("")
      switch element.name {
      case "object", "template":
        visitObject(&element, parent: nil, parentPath: "", counts: &counts)
      case "menu":
        visitMenu(&element, parentPath: "", counts: &counts)
      default:
        break
      }
      root.children[index] = .element(element)
    }
  }

  private mutating func collectIDs(_ element: XMLTree.Element) {
    if let id = element["id"] { usedIDs.insert(id) }
    for child in element.elements { collectIDs(child) }
  }

  /// The id an object or menu is built with: its own, or one made up when it has none,
  /// or when it gives itself one a first object gave before — GtkBuilder would refuse
  /// the whole file for that; the second is told.
  private mutating func identify(_ element: XMLTree.Element) -> (id: String, isOwn: Bool) {
    guard let given = element["id"] else { return (makeID(), false) }
    guard let first = firstAt[given] else {
      firstAt[given] = element.location
      return (given, true)
    }
    let madeUp = makeID()
    diagnostics.append(
      Diagnostic(
        file: file, location: element.location, severity: .warning,
        kind: .duplicateInterfaceID(given, firstAt: first, madeUp: madeUp)))
    return (madeUp, false)
  }

  /// An id no element of the file has.
  private mutating func makeID() -> String {
    while true {
      generated += 1
      let id = "parlance-object-\(generated)"
      if usedIDs.insert(id).inserted { return id }
    }
  }

  private func path(for id: String?, className: String, parentPath: String, index: Int)
    -> String
  {
    if let id { return id }
    let segment = "\(className)[\(index)]"
    return parentPath.isEmpty ? segment : parentPath + "/" + segment
  }

  // MARK: Objects

  @discardableResult
  private mutating func visitObject(
    _ element: inout XMLTree.Element, parent: InterfaceDocument.Object?, parentPath: String,
    counts: inout [String: Int]
  ) -> InterfaceDocument.Object? {
    guard let object = record(&element, parent: parent, parentPath: parentPath, counts: &counts)
    else { return nil }
    var usesMarkup = false
    var usesUnderline = false
    for case .element(let property) in element.children where property.name == "property" {
      guard let name = property["name"] else { continue }
      if Self.isName(name, "use-markup") {
        usesMarkup = usesMarkup || Self.isTrue(property.text)
      } else if Self.isName(name, "use-underline") {
        usesUnderline = usesUnderline || Self.isTrue(property.text)
      }
    }
    var childCounts: [String: Int] = [:]
    for index in element.children.indices {
      guard case .element(var child) = element.children[index] else { continue }
      switch child.name {
      case "property":
        guard let translatable = child["translatable"], Self.isTrue(translatable) else {
          continue
        }
        let name = Self.canonical(child["name"])
        addText(
          from: child, object: object, target: .property(name),
          isMarkup: name.hasSuffix("-markup") || name == "markup"
            || (name == "label" && usesMarkup),
          usesUnderline: usesUnderline && (name == "label" || name == "title"))
      case "child":
        element.children[index] = .text("")
        visitChild(&child, of: object, counts: &childCounts)
        element.children[index] = .element(child)
      default:
        addTexts(in: child, of: object)
      }
    }
    return object
  }

  /// The object an `<object>` or `<template>` element makes, recorded, with the id it is
  /// given written into the element when it has none; nil, with an error, without a class.
  private mutating func record(
    _ element: inout XMLTree.Element, parent: InterfaceDocument.Object?, parentPath: String,
    counts: inout [String: Int]
  ) -> InterfaceDocument.Object? {
    let isTemplate = element.name == "template"
    guard let className = element["class"], !className.isEmpty else {
      diagnostics.append(
        Diagnostic(
          file: file, location: element.location, severity: .error,
          kind: .malformedInterface(reason: "<\(element.name)> has no 'class' attribute")))
      return nil
    }
    let (id, isOwn) = isTemplate ? (className, true) : identify(element)
    if !isOwn { element["id"] = id }
    let ownID = isOwn ? id : nil
    counts[className, default: 0] += 1
    let object = InterfaceDocument.Object(
      id: id, hasOwnID: ownID != nil,
      path: path(
        for: ownID, className: className, parentPath: parentPath, index: counts[className] ?? 1),
      className: className, templateParent: isTemplate ? element["parent"] : nil,
      location: element.location, parentID: parent?.id, toplevelID: parent?.toplevelID ?? id,
      isMenu: false)
    objects.append(object)
    if isTemplate {
      diagnostics.append(
        Diagnostic(
          file: file, location: element.location, severity: .warning,
          kind: .templateBuiltAsParent(
            className: className, parent: element["parent"] ?? "GtkWidget")))
    }
    return object
  }

  /// The texts of an object's `<items>`, `<marks>`, `<accessibility>` actions and `<data>`
  /// rows.
  private mutating func addTexts(in child: XMLTree.Element, of object: InterfaceDocument.Object) {
    switch child.name {
    case "items":
      var itemIndex = 0
      for item in child.elements where item.name == "item" {
        addText(
          from: item, object: object, target: .comboItem(index: itemIndex), isMarkup: false,
          usesUnderline: false)
        itemIndex += 1
      }
    case "marks":
      // A second <marks> adds to the first: its indexes follow on.
      for mark in child.elements where mark.name == "mark" {
        scaleMarks[object.id, default: []].append(
          InterfaceScaleMark(
            value: mark["value"] ?? "", position: mark["position"], markup: mark.text))
        addText(
          from: mark, object: object,
          target: .scaleMark(index: (scaleMarks[object.id]?.count ?? 1) - 1),
          isMarkup: true, usesUnderline: false)
      }
    case "accessibility":
      for action in child.elements where action.name == "action" {
        guard let name = action["action_name"] else { continue }
        addText(
          from: action, object: object, target: .accessibleAction(name), isMarkup: false,
          usesUnderline: false, text: (action["description"] ?? "") + action.text)
      }
    case "data":
      var row = 0
      for rowElement in child.elements where rowElement.name == "row" {
        for column in rowElement.elements where column.name == "col" {
          guard let number = column["id"].flatMap({ Int($0) }) else { continue }
          addText(
            from: column, object: object, target: .listCell(row: row, column: number),
            isMarkup: false, usesUnderline: false)
        }
        row += 1
      }
    default:
      break
    }
  }

  /// A `<child>`: its object, the object's `<packing>` texts, or an accessible's texts.
  private mutating func visitChild(
    _ child: inout XMLTree.Element, of parent: InterfaceDocument.Object,
    counts: inout [String: Int]
  ) {
    let isAccessible = child["internal-child"] == "accessible"
    var childObject: InterfaceDocument.Object?
    for index in child.children.indices {
      guard case .element(var element) = child.children[index] else { continue }
      guard element.name == "object" else { continue }
      // The array's reference let go while `element` changes: changed in place.
      child.children[index] = .text("")
      if isAccessible {
        // The accessible's texts belong to the widget it describes.
        for property in element.elements where property.name == "property" {
          let name = Self.canonical(property["name"])
          let bare = name.hasPrefix("AtkObject::") ? String(name.dropFirst(11)) : name
          addText(
            from: property, object: parent, target: .accessible(bare), isMarkup: false,
            usesUnderline: false)
        }
        if element["id"] == nil { element["id"] = makeID() }
      } else {
        childObject =
          visitObject(&element, parent: parent, parentPath: parent.path, counts: &counts)
      }
      child.children[index] = .element(element)
    }
    guard let object = childObject else { return }
    for packing in child.elements where packing.name == "packing" {
      for property in packing.elements where property.name == "property" {
        addText(
          from: property, object: object,
          target: .childProperty(Self.canonical(property["name"]), parentID: parent.id),
          isMarkup: false, usesUnderline: false)
      }
    }
  }

  // MARK: Menus

  private mutating func visitMenu(
    _ element: inout XMLTree.Element, parentPath: String, counts: inout [String: Int]
  ) {
    let (id, isOwn) = identify(element)
    if !isOwn { element["id"] = id }
    let ownID = isOwn ? id : nil
    counts["menu", default: 0] += 1
    let object = InterfaceDocument.Object(
      id: id, hasOwnID: ownID != nil,
      path: path(for: ownID, className: "menu", parentPath: parentPath, index: counts["menu"] ?? 1),
      className: "GMenu", templateParent: nil, location: element.location, parentID: nil,
      toplevelID: id, isMenu: true)
    objects.append(object)
    visitMenuItems(of: element, menu: object, path: [])
  }

  /// The items of a menu, section or submenu; `path` leads to the model holding them.
  private mutating func visitMenuItems(
    of container: XMLTree.Element, menu: InterfaceDocument.Object, path: [Int]
  ) {
    var index = 0
    for item in container.elements where ["item", "section", "submenu"].contains(item.name) {
      let itemPath = path + [index]
      let attributes = item.elements.filter { $0.name == "attribute" }
      let action = attributes.first { $0["name"] == "action" }?.text ?? ""
      let kind: InterfaceText.MenuItem =
        item.name == "submenu"
        ? .submenu
        : item.name == "item" && !action.isEmpty
          ? .action(action) : .other
      for attribute in attributes {
        let name = attribute["name"] ?? ""
        addText(
          from: attribute, object: menu, target: .menuAttribute(path: itemPath, name: name),
          isMarkup: false, usesUnderline: name == "label", menuItem: kind)
      }
      if item.name != "item" {
        visitMenuItems(of: item, menu: menu, path: itemPath)
      }
      for link in item.elements where link.name == "link" {
        visitMenuItems(of: link, menu: menu, path: itemPath)
      }
      index += 1
    }
  }

  // MARK: Texts

  /// The text of `element` (or `text`, for one GtkBuilder puts together otherwise), when
  /// it is marked translatable.
  private mutating func addText(
    from element: XMLTree.Element, object: InterfaceDocument.Object,
    target: InterfaceText.Target, isMarkup: Bool, usesUnderline: Bool, text: String? = nil,
    menuItem: InterfaceText.MenuItem? = nil
  ) {
    guard let translatable = element["translatable"], Self.isTrue(translatable) else { return }
    let msgid = text ?? element.text
    // gettext of "" is the catalog's header: an empty text stays empty.
    guard !msgid.isEmpty else { return }
    texts.append(
      InterfaceText(
        objectID: object.id, hasOwnID: object.hasOwnID, objectPath: object.path,
        className: object.className, target: target, msgid: msgid, context: element["context"],
        comments: element["comments"], location: element.location,
        toplevelID: object.toplevelID, isMarkup: isMarkup, usesUnderline: usesUnderline,
        isApplied: true, menuItem: menuItem))
  }

  /// Whether property `name` is `canonical` (`use_underline` is `use-underline`).
  static func isName(_ name: String, _ canonical: StaticString) -> Bool {
    canonical.withUTF8Buffer { wanted in
      name.utf8.count == wanted.count
        && zip(name.utf8, wanted).allSatisfy { byte, other in
          byte == other || (byte == UInt8(ascii: "_") && other == UInt8(ascii: "-"))
        }
    }
  }

  /// `use_underline` and `use-underline` are one property.
  static func canonical(_ name: String?) -> String {
    guard let name else { return "" }
    guard name.utf8.contains(UInt8(ascii: "_")) else { return name }
    return String(
      decoding: name.utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: "-") : $0 },
      as: UTF8.self)
  }

  /// GtkBuilder's booleans: yes/true/t/y/1, any case.
  static func isTrue(_ text: String) -> Bool {
    // A word of ASCII letters and digits, as files write it, without Foundation.
    if text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) {
      return ["yes", "true", "t", "y", "1"].contains(text.lowercased())
    }
    return ["yes", "true", "t", "y", "1"].contains(
      text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
  }
}
