import Foundation

/// What the running process knows about GObject classes, asked while a `.ui` file is made
/// ready for GtkBuilder (`ParlanceInterface` answers from GTK's type system).
public protocol InterfaceClassInfo {
  /// Whether GtkBuilder can make an object of `className`.
  func isKnownClass(_ className: String) -> Bool
  /// Why objects of the known class `className` cannot be made (`it is abstract`), nil
  /// when they can.
  func whyUnbuildable(_ className: String) -> String?
  /// Whether `className` is `ancestor`, derives from it or implements it (an
  /// interface: `GtkCellLayout`).
  func isClass(_ className: String, a ancestor: String) -> Bool
  /// Whether objects of `className` have `property` (any spelling GLib accepts).
  func hasProperty(_ property: String, onClass className: String) -> Bool
  /// Whether the container class `className` has the child property `property`.
  func hasChildProperty(_ property: String, container className: String) -> Bool
  /// The GType name of property `property` of `className` (`GdkPixbuf`), nil when it
  /// has none.
  func propertyType(_ property: String, onClass className: String) -> String?
}

/// A `.ui` file rewritten so GtkBuilder takes it whole, with what the rewrite changed.
public struct BuilderInput: Sendable {
  /// The file the interface was read from, as given (for diagnostics).
  public let file: String
  /// The rewritten `<interface>` element.
  public private(set) var root: XMLTree.Element
  /// The interface XML to hand to GtkBuilder.
  public var xml: String { Self.declaration + root.serialized }
  /// Warnings for what was changed: templates, unknown classes and properties, elements
  /// GtkBuilder refused.
  public private(set) var diagnostics: [Diagnostic]
  /// Objects that are not built as written: placeholders of unknown classes and all
  /// they contained. Their texts are listed, never applied.
  public private(set) var placeholderIDs: Set<String>

  static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

  init(file: String, root: XMLTree.Element, diagnostics: [Diagnostic], placeholderIDs: Set<String>)
  {
    self.file = file
    self.root = root
    self.diagnostics = diagnostics
    self.placeholderIDs = placeholderIDs
  }

  /// An interface holding only the `<menu>`s among `ids`: GTK 3 cannot build a menu
  /// by id, so a selection builds them from this first.
  public func menusXML(_ ids: Set<String>) -> String {
    Self.declaration + menusRoot(ids).root.serialized
  }

  /// The menus of `ids`, and for each of its children the index it has in `root`.
  private func menusRoot(_ ids: Set<String>) -> (root: XMLTree.Element, indexes: [Int]) {
    var menus = root
    let indexes = root.children.indices.filter { index in
      guard case .element(let element) = root.children[index] else { return false }
      return element.name == "menu" && element["id"].map(ids.contains) == true
    }
    menus.children = indexes.map { root.children[$0] }
    return (menus, indexes)
  }

  /// What GtkBuilder's refusal of the XML is about, in the file: the element its
  /// message's position (`.:12:30 Could not parse double 'abc'`) falls in, as a path
  /// into `root`, and the message without the position.
  ///
  /// - Parameters:
  ///   - message: GtkBuilder's message.
  ///   - menus: the ids given to `menusXML(_:)` when that XML was refused, nil for `xml`.
  /// - Returns: the element and its place in the file, or only the message when it names
  ///   no position in the XML.
  public func refusal(_ message: String, menus: Set<String>? = nil) -> Refusal {
    guard let (named, reason) = Self.position(in: message) else {
      return Refusal(path: nil, location: nil, reason: message)
    }
    var position = named
    // GLib names the character after what it read: its column, on the first line; one
    // more on every later line (GMarkup counts the newline as the next line's first
    // character).
    if position.line > 1 { position.column -= 1 }
    let (serializedRoot, indexes) = menus.map(menusRoot) ?? (root, nil)
    let spans = serializedRoot.serializedWithSpans(firstLine: 2).spans
    guard let span = XMLTree.Span.innermost(spans, holding: position),
      let element = serializedRoot.element(at: span.path)
    else { return Refusal(path: nil, location: nil, reason: reason) }
    var path = span.path
    if let indexes, let first = path.first { path[0] = indexes[first] }
    return Refusal(path: path, location: element.location, reason: reason)
  }

  /// Where a GtkBuilder refusal points in the file, and why.
  public struct Refusal: Sendable {
    /// The element in `root` (empty: the `<interface>` itself), nil when the message
    /// names no position in it.
    public let path: [Int]?
    /// Where that element starts in the file.
    public let location: SourceLocation?
    /// GtkBuilder's message without its position.
    public let reason: String
  }

  /// Leaves out the element a refusal points at, with a warning, so the rest of the file
  /// can be built; false when there is nothing to leave out (the `<interface>` itself, or
  /// no position).
  ///
  /// Where leaving out one element would move the ones after it — an item, row or mark
  /// of a list GtkBuilder fills by position, an item of a menu — the whole list or menu
  /// goes, so that no text lands on another's place. Its texts are then listed, never
  /// applied (`leftOutLocations`).
  public mutating func leaveOut(_ refusal: Refusal) -> Bool {
    guard var path = refusal.path, !path.isEmpty, let refused = root.element(at: path) else {
      return false
    }
    var lists: [[Int]] = []
    var menu: [Int]?
    for length in 1...path.count {
      guard let element = root.element(at: Array(path.prefix(length))) else { break }
      if element.name == "menu", menu == nil { menu = Array(path.prefix(length)) }
      if ["items", "data", "marks"].contains(element.name) {
        lists.append(Array(path.prefix(length)))
      }
    }
    if let widest = menu ?? lists.first { path = widest }
    // An object goes with its <child>; a notebook page with the tab after it, which
    // GTK would otherwise give to the page before (or, for the first, abort on).
    if root.element(at: path)?.name == "object", path.count > 1,
      root.element(at: Array(path.dropLast()))?.name == "child"
    {
      path.removeLast()
    }
    guard let element = root.element(at: path) else { return false }
    var removed = [element]
    if element.name == "child", element["type"] == nil,
      let tabPath = nextElementPath(after: path),
      let tab = root.element(at: tabPath), tab.name == "child", tab["type"] == "tab"
    {
      root.removeElement(at: tabPath)
      removed.append(tab)
    }
    guard root.removeElement(at: path) else { return false }
    diagnostics.append(
      Diagnostic(
        file: file, location: refused.location, severity: .warning,
        kind: .refusedInterfaceElement(
          refused.name, reason: refusal.reason, leftOut: element.name)))
    for element in removed { insertIDs(of: element) }
    return true
  }

  /// The path of the element after the one at `path` among its parent's children.
  private func nextElementPath(after path: [Int]) -> [Int]? {
    guard let last = path.last, let parent = root.element(at: Array(path.dropLast())) else {
      return nil
    }
    for index in (last + 1)..<max(last + 1, parent.children.count) {
      if case .element = parent.children[index] { return Array(path.dropLast()) + [index] }
    }
    return nil
  }

  /// Where the elements left out started: their texts are listed, never applied.
  public private(set) var leftOutLocations: Set<SourceLocation> = []
  /// The ids of the objects and menus left out: none of their texts is applied (a
  /// `<packing>` text sits outside its object's element).
  public private(set) var leftOutIDs: Set<String> = []

  private mutating func insertIDs(of element: XMLTree.Element) {
    leftOutLocations.insert(element.location)
    if element.name == "object" || element.name == "menu", let id = element["id"] {
      leftOutIDs.insert(id)
    }
    for child in element.elements { insertIDs(of: child) }
  }

  /// `.:12:30 reason` (GtkBuilder's prefix: its file name, line, character) → position
  /// and reason.
  static func position(in message: String) -> (SourceLocation, String)? {
    let scalars = Array(message.unicodeScalars)
    // The file name is "." or "<input>" for XML given as a string: the first
    // ":<digits>:<digits> " in the message's first line.
    var index = 0
    while index < scalars.count, scalars[index] != "\n" {
      if scalars[index] == ":", let (line, column, end) = numbers(scalars, from: index),
        line > 0, column > 0
      {
        let reason = String(String.UnicodeScalarView(scalars[end...]))
        return (SourceLocation(line: line, column: column), reason)
      }
      index += 1
    }
    return nil
  }

  /// `:12:30 ` at `start` → 12, 30 and the index after the space.
  private static func numbers(_ scalars: [Unicode.Scalar], from start: Int) -> (Int, Int, Int)? {
    func digits(_ index: inout Int) -> Int? {
      let first = index
      var value = 0
      while index < scalars.count, index - first < 9, ("0"..."9").contains(scalars[index]) {
        value = value * 10 + Int(scalars[index].value - 48)
        index += 1
      }
      return index > first ? value : nil
    }
    var index = start + 1
    guard let line = digits(&index), index < scalars.count, scalars[index] == ":" else {
      return nil
    }
    index += 1
    guard let column = digits(&index), index < scalars.count, scalars[index] == " " else {
      return nil
    }
    return (line, column, index + 1)
  }
}

extension InterfaceDocument {
  /// The file as GtkBuilder will take it, whatever it holds.
  ///
  /// GtkBuilder refuses a whole file for one unknown class, one unknown property or a
  /// `<template>`. So: a template becomes an object of its parent class (id: the
  /// template's class); an unknown class becomes a label showing its name (a window
  /// holding one, at the top level), its children left out; an unknown property or
  /// child property is left out; signal handlers are left out (no application code
  /// runs); the translation domain and the `translatable`, `context` and `comments`
  /// attributes go, so widgets start with the msgids, untranslated.
  public func builderInput(classes: any InterfaceClassInfo) -> BuilderInput? {
    guard var root else { return nil }
    var rewriter = BuilderRewriter(file: file, classes: classes)
    rewriter.collectClasses(root)
    root["domain"] = nil
    rewriter.rewriteChildren(of: &root, parentClass: nil, isTopLevel: true)
    return BuilderInput(
      file: file, root: root, diagnostics: rewriter.diagnostics,
      placeholderIDs: rewriter.placeholders)
  }
}

private struct BuilderRewriter {
  let file: String
  let classes: any InterfaceClassInfo
  var diagnostics: [Diagnostic] = []
  var placeholders: Set<String> = []
  /// The class each object id will be built as; nil for a placeholder.
  var builtClasses: [String: String?] = [:]

  static let translationAttributes: Set<String> = ["translatable", "context", "comments"]

  /// Notes the class every object will be built as, for bindings to name their source's.
  mutating func collectClasses(_ element: XMLTree.Element, insidePlaceholder: Bool = false) {
    for child in element.elements {
      var inside = insidePlaceholder
      if child.name == "template" || child.name == "object" {
        let built =
          inside
          ? nil
          : builtClass(
            child.name == "template" ? child["parent"] ?? "GtkWidget" : child["class"] ?? "")
        if let id = child.name == "template" ? child["class"] : child["id"] {
          builtClasses[id] = .some(built)
        }
        // A placeholder's contents are not built.
        inside = inside || built == nil
      }
      collectClasses(child, insidePlaceholder: inside)
    }
  }

  /// `className` when GtkBuilder can build it, the GTK class its name ends in, or nil.
  private func builtClass(_ className: String) -> String? {
    if classes.isKnownClass(className) {
      return classes.whyUnbuildable(className) == nil ? className : nil
    }
    return likelyAncestor(of: className, in: nil)
  }

  /// A property's binding to another object's property, unless that object will not
  /// have it (a placeholder, a stand-in without the application's own properties):
  /// GLib would warn at every start. The property keeps its own value, if it has one.
  private mutating func checkBinding(_ property: inout XMLTree.Element) -> Bool {
    guard let source = property["bind-source"] else { return true }
    let sourceProperty = property["bind-property"] ?? property["name"] ?? ""
    if let builtClass = builtClasses[source] ?? nil,
      classes.hasProperty(sourceProperty, onClass: builtClass)
    {
      return true
    }
    warn(
      property,
      .unboundInterfaceProperty(
        property: property["name"] ?? "", source: source, sourceProperty: sourceProperty))
    property.attributes.removeAll { $0.name.hasPrefix("bind-") }
    return !property.text.isEmpty
  }

  /// A relative file name in a property that takes an image (`GdkPixbuf`): GtkBuilder
  /// reads it beside the `.ui` file when the application loads the file by name, and
  /// beside the current folder when given the XML, as here.
  private func resolveImageFile(_ property: inout XMLTree.Element, of className: String) {
    guard let name = property["name"],
      classes.propertyType(name, onClass: className) == "GdkPixbuf"
    else { return }
    let value = property.text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !value.isEmpty, !value.hasPrefix("/"), !value.contains(":") else { return }
    let resolved = URL(fileURLWithPath: file).deletingLastPathComponent()
      .appendingPathComponent(value).path
    guard FileManager.default.fileExists(atPath: resolved) else { return }
    property.children = [.text(resolved)]
  }

  /// Rewrites the children of `element`; `parentClass` is the class of the object they
  /// belong to (for properties and packing), nil outside objects.
  mutating func rewriteChildren(
    of element: inout XMLTree.Element, parentClass: String?, isTopLevel: Bool
  ) {
    var kept: [XMLTree.Node] = []
    for child in element.children {
      guard case .element(var node) = child else {
        kept.append(child)
        continue
      }
      node.attributes.removeAll { Self.translationAttributes.contains($0.name) }
      switch node.name {
      case "template":
        let parent = node["parent"] ?? "GtkWidget"
        node.name = "object"
        node["id"] = node["class"]
        node["class"] = parent
        node["parent"] = nil
        rewriteObject(&node, isTopLevel: isTopLevel)
      case "object":
        rewriteObject(&node, isTopLevel: isTopLevel)
      case "signal":
        continue
      case "property":
        if let parentClass, let name = node["name"],
          !classes.hasProperty(name, onClass: parentClass)
        {
          warn(node, .unknownInterfaceProperty(className: parentClass, property: name))
          continue
        }
        // GTK 4 writes objects (and bindings) inside properties; GTK 3's GtkBuilder
        // crashes on one.
        if let inner = node.elements.first {
          warn(
            node,
            .elementInsideInterfaceProperty(
              className: parentClass ?? "", property: node["name"] ?? "", element: inner.name))
          continue
        }
        guard checkBinding(&node) else { continue }
        if let parentClass { resolveImageFile(&node, of: parentClass) }
      case "child":
        rewriteChild(&node, containerClass: parentClass)
      default:
        stripTranslation(&node)
      }
      kept.append(.element(node))
    }
    element.children = kept
  }

  /// Rewrites an object; returns true when it was replaced by a placeholder.
  @discardableResult
  private mutating func rewriteObject(
    _ object: inout XMLTree.Element, isTopLevel: Bool, container: String? = nil
  ) -> Bool {
    let className = object["class"] ?? ""
    let kind: Diagnostic.Kind?
    if !classes.isKnownClass(className) {
      kind = .unknownInterfaceClass(className)
    } else if let reason = classes.whyUnbuildable(className) {
      kind = .unbuildableInterfaceClass(className, reason: reason)
    } else {
      kind = nil
    }
    guard let kind else {
      rewriteChildren(of: &object, parentClass: className, isTopLevel: false)
      return false
    }
    if !classes.isKnownClass(className), let ancestor = likelyAncestor(of: className, in: container)
    {
      // An application's own class is most often a thin subclass its name tells:
      // CatfishPrefsDialog is a GtkDialog. Built as one, its contents show.
      warn(object, .unknownInterfaceClassBuiltAs(className, ancestor: ancestor))
      object["class"] = ancestor
      rewriteChildren(of: &object, parentClass: ancestor, isTopLevel: false)
      return false
    }
    warn(object, kind)
    collectIDs(object)
    object = placeholder(
      for: object, className: className, isTopLevel: isTopLevel, container: container)
    return true
  }

  /// `<child>`: its object, and `<packing>` checked against the container's class.
  private mutating func rewriteChild(_ child: inout XMLTree.Element, containerClass: String?) {
    var kept: [XMLTree.Node] = []
    var cellPlaceholder = false
    for node in child.children {
      guard case .element(var element) = node else {
        kept.append(node)
        continue
      }
      element.attributes.removeAll { Self.translationAttributes.contains($0.name) }
      if element.name == "object" {
        let replaced = rewriteObject(&element, isTopLevel: false, container: containerClass)
        cellPlaceholder = replaced && element["class"] == Self.cellStandIn
      } else if element.name == "packing", let containerClass {
        element.children = element.children.filter { node in
          guard case .element(let property) = node, property.name == "property",
            let name = property["name"]
          else { return true }
          if classes.hasChildProperty(name, container: containerClass) { return true }
          warn(property, .unknownInterfaceProperty(className: containerClass, property: name))
          return false
        }
        stripTranslation(&element)
      } else {
        stripTranslation(&element)
      }
      kept.append(.element(element))
    }
    // A stand-in renderer has none of the unknown one's properties to bind to columns.
    if cellPlaceholder {
      kept.removeAll { node in
        guard case .element(let element) = node else { return false }
        return element.name == "attributes" || element.name == "cell-packing"
      }
    }
    child.children = kept
  }

  static let cellStandIn = "GtkCellRendererText"

  /// GTK classes an unknown class's name may end in, longest first where one ends in
  /// another (`ApplicationWindow` before `Window`).
  static let nameEndings = [
    "ApplicationWindow", "AboutDialog", "MessageDialog", "Dialog", "Assistant",
    "ScrolledWindow", "Window", "Popover", "HeaderBar", "ListBoxRow", "ListBox", "FlowBox",
    "Notebook", "Revealer", "Stack", "Frame", "Expander", "Paned", "Grid", "Box",
    "ToggleToolButton", "ToolButton", "ToggleButton", "MenuButton", "Button",
    "CheckMenuItem", "MenuItem", "Menu", "TreeViewColumn", "TreeView", "SearchEntry", "Entry",
    "TextView", "Label",
    "Image", "Spinner", "Switch", "Scale", "ProgressBar", "DrawingArea",
  ]

  /// The GTK class an unknown class's name ends in, when GtkBuilder can build it and the
  /// container takes it: `GtkDialog` for `CatfishPrefsDialog`; nil for `DemoChart`.
  private func likelyAncestor(of className: String, in container: String?) -> String? {
    guard let ending = Self.nameEndings.first(where: { className.hasSuffix($0) }),
      className.count > ending.count
    else { return nil }
    let ancestor = "Gtk" + ending
    guard classes.isKnownClass(ancestor), classes.whyUnbuildable(ancestor) == nil else {
      return nil
    }
    if let container {
      if let required = requiredChildClass(of: container) {
        guard classes.isClass(ancestor, a: required) else { return nil }
      } else {
        // A container of any widget takes no window, menu or column.
        guard classes.isClass(ancestor, a: "GtkWidget"), !classes.isClass(ancestor, a: "GtkWindow"),
          !classes.isClass(ancestor, a: "GtkMenu")
        else { return nil }
      }
    }
    return ancestor
  }

  /// The one kind of child `container` takes, nil when it takes any widget.
  private func requiredChildClass(of container: String) -> String? {
    [
      ("GtkCellLayout", "GtkCellRenderer"), ("GtkTreeView", "GtkTreeViewColumn"),
      ("GtkMenuShell", "GtkMenuItem"), ("GtkToolbar", "GtkToolItem"),
      ("GtkTextTagTable", "GtkTextTag"), ("GtkActionGroup", "GtkAction"),
    ].first { classes.isClass(container, a: $0.0) }?.1
  }

  /// What stands for an object of an unknown class: what its container takes — a cell
  /// renderer in a cell layout (a tree view column, a combo box), a column in a tree
  /// view, a menu item in a menu, a tool button in a toolbar, a tag in a tag table, an
  /// action in an action group — or else a label naming the class, inside a window when
  /// it stands at the top level.
  private func placeholder(
    for object: XMLTree.Element, className: String, isTopLevel: Bool, container: String?
  ) -> XMLTree.Element {
    let id = object["id"] ?? className
    let location = object.location
    func property(_ name: String, _ value: String) -> XMLTree.Node {
      .element(
        XMLTree.Element(
          name: "property", attributes: [("name", name)], children: [.text(value)],
          location: location))
    }
    func standIn(_ standInClass: String, _ properties: [XMLTree.Node]) -> XMLTree.Element {
      XMLTree.Element(
        name: "object", attributes: [("class", standInClass), ("id", id)],
        children: properties, location: location)
    }
    if let container {
      func isA(_ ancestor: String) -> Bool { classes.isClass(container, a: ancestor) }
      if isA("GtkCellLayout") { return standIn(Self.cellStandIn, []) }
      if isA("GtkTreeView") { return standIn("GtkTreeViewColumn", [property("title", className)]) }
      if isA("GtkMenuShell") {
        return standIn("GtkMenuItem", [property("label", className), property("visible", "True")])
      }
      if isA("GtkToolbar") {
        return standIn(
          "GtkToolButton", [property("label", className), property("visible", "True")])
      }
      if isA("GtkTextTagTable") { return standIn("GtkTextTag", []) }
      if isA("GtkActionGroup") { return standIn("GtkAction", [property("label", className)]) }
    }
    let label = XMLTree.Element(
      name: "object", attributes: [("class", "GtkLabel"), ("id", isTopLevel ? id + "-label" : id)],
      children: [property("label", className), property("visible", "True")], location: location)
    guard isTopLevel else { return label }
    return XMLTree.Element(
      name: "object", attributes: [("class", "GtkWindow"), ("id", id)],
      children: [
        property("title", className),
        .element(XMLTree.Element(name: "child", children: [.element(label)], location: location)),
      ], location: location)
  }

  /// Records the ids of `element` and everything in it as placeholders.
  private mutating func collectIDs(_ element: XMLTree.Element) {
    if let id = element["id"] { placeholders.insert(id) }
    for child in element.elements { collectIDs(child) }
  }

  private func stripTranslation(_ element: inout XMLTree.Element) {
    element.attributes.removeAll { Self.translationAttributes.contains($0.name) }
    for index in element.children.indices {
      guard case .element(var child) = element.children[index] else { continue }
      stripTranslation(&child)
      element.children[index] = .element(child)
    }
  }

  private mutating func warn(_ element: XMLTree.Element, _ kind: Diagnostic.Kind) {
    diagnostics.append(
      Diagnostic(file: file, location: element.location, severity: .warning, kind: kind))
  }
}
