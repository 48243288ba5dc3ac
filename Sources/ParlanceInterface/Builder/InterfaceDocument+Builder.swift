import Foundation
import Parlance

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

extension InterfaceDocument {
  /// The file as GtkBuilder will take it, whatever it holds.
  ///
  /// GtkBuilder refuses a whole file for one unknown class, one unknown property or a
  /// `<template>`. So: a template becomes an object of its parent class (id: the
  /// template's class); an unknown class becomes a label showing its name (a window
  /// holding one, at the top level), its children left out; an unknown property or
  /// child property is left out; signal handlers are left out (no application code
  /// runs); the translation domain and the `translatable`, `context` and `comments`
  /// attributes go, so widgets start with the msgids, untranslated, except the string
  /// properties given a value in `values` (by the location of their element) that no
  /// binding sets: those start with that value (`BuilderInput.builtValueLocations`).
  public func builderInput(
    classes: any InterfaceClassInfo, values: [SourceLocation: String] = [:]
  ) -> BuilderInput? {
    guard var root else { return nil }
    var rewriter = BuilderRewriter(
      file: file, classes: RememberedClassInfo(classes), values: values)
    rewriter.collectClasses(root)
    root["domain"] = nil
    rewriter.rewriteChildren(of: &root, parentClass: nil, isTopLevel: true)
    var input = BuilderInput(
      file: file, root: root, diagnostics: rewriter.diagnostics,
      placeholderIDs: rewriter.placeholders)
    input.builtValueLocations = rewriter.builtValueLocations
    return input
  }
}

private struct BuilderRewriter {
  let file: String
  let classes: any InterfaceClassInfo
  /// The value to build a translatable property with, by its element's location.
  let values: [SourceLocation: String]
  /// The properties built with their value from `values`.
  var builtValueLocations: Set<SourceLocation> = []
  var diagnostics: [Diagnostic] = []
  var placeholders: Set<String> = []
  /// The class each object id will be built as; nil for a placeholder.
  var builtClasses: [String: String?] = [:]

  /// Whether an attribute is one of those about translation, which GtkBuilder is not
  /// given: `translatable`, `context` and `comments`.
  static func isTranslationAttribute(_ attribute: (name: String, value: String)) -> Bool {
    attribute.name == "translatable" || attribute.name == "context"
      || attribute.name == "comments"
  }

  /// The children of `element`, taken out of it (left empty), so that changing one
  /// changes it in place instead of copying it.
  static func takeChildren(of element: inout XMLTree.Element) -> [XMLTree.Node] {
    var children: [XMLTree.Node] = []
    swap(&children, &element.children)
    return children
  }

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
    var children = Self.takeChildren(of: &element)
    var kept: [XMLTree.Node] = []
    kept.reserveCapacity(children.count)
    for index in children.indices {
      guard case .element(var node) = children[index] else {
        kept.append(children[index])
        continue
      }
      // The array's reference let go: `node` is changed in place.
      children[index] = .text("")
      node.attributes.removeAll(where: Self.isTranslationAttribute)
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
        // `values` holds translatable properties only.
        if !values.isEmpty, let value = values[node.location], let parentClass,
          let name = node["name"], node["bind-source"] == nil,
          classes.propertyType(name, onClass: parentClass) == "gchararray"
        {
          node.children = [.text(value)]
          builtValueLocations.insert(node.location)
        }
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
    var children = Self.takeChildren(of: &child)
    var kept: [XMLTree.Node] = []
    var cellPlaceholder = false
    for index in children.indices {
      guard case .element(var element) = children[index] else {
        kept.append(children[index])
        continue
      }
      children[index] = .text("")
      element.attributes.removeAll(where: Self.isTranslationAttribute)
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
    element.attributes.removeAll(where: Self.isTranslationAttribute)
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
