/// What the running process knows about GObject classes, asked while a `.ui` file is made
/// ready for GtkBuilder (`ParlanceInterface` answers from GTK's type system).
public protocol InterfaceClassInfo {
  /// Whether GtkBuilder can make an object of `className`.
  func isKnownClass(_ className: String) -> Bool
  /// Whether objects of `className` have `property` (any spelling GLib accepts).
  func hasProperty(_ property: String, onClass className: String) -> Bool
  /// Whether the container class `className` has the child property `property`.
  func hasChildProperty(_ property: String, container className: String) -> Bool
}

/// A `.ui` file rewritten so GtkBuilder takes it whole, with what the rewrite changed.
public struct BuilderInput: Sendable {
  /// The rewritten `<interface>` element.
  public let root: XMLTree.Element
  /// The interface XML to hand to GtkBuilder.
  public var xml: String { Self.declaration + root.serialized }
  /// Warnings for what was changed: templates, unknown classes and properties.
  public let diagnostics: [Diagnostic]
  /// Objects that are not built as written: placeholders of unknown classes and all
  /// they contained. Their texts are listed, never applied.
  public let placeholderIDs: Set<String>

  static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

  /// An interface holding only the `<menu>`s among `ids`: GTK 3 cannot build a menu
  /// by id, so a selection builds them from this first.
  public func menusXML(_ ids: Set<String>) -> String {
    var menus = root
    menus.children = root.children.filter { node in
      guard case .element(let element) = node else { return false }
      return element.name == "menu" && element["id"].map(ids.contains) == true
    }
    return Self.declaration + menus.serialized
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
    root["domain"] = nil
    rewriter.rewriteChildren(of: &root, parentClass: nil, isTopLevel: true)
    return BuilderInput(
      root: root, diagnostics: rewriter.diagnostics, placeholderIDs: rewriter.placeholders)
  }
}

private struct BuilderRewriter {
  let file: String
  let classes: any InterfaceClassInfo
  var diagnostics: [Diagnostic] = []
  var placeholders: Set<String> = []

  static let translationAttributes: Set<String> = ["translatable", "context", "comments"]

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
      case "child":
        rewriteChild(&node, containerClass: parentClass)
      default:
        stripTranslation(&node)
      }
      kept.append(.element(node))
    }
    element.children = kept
  }

  private mutating func rewriteObject(_ object: inout XMLTree.Element, isTopLevel: Bool) {
    let className = object["class"] ?? ""
    guard classes.isKnownClass(className) else {
      warn(object, .unknownInterfaceClass(className))
      collectIDs(object)
      object = placeholder(for: object, className: className, isTopLevel: isTopLevel)
      return
    }
    rewriteChildren(of: &object, parentClass: className, isTopLevel: false)
  }

  /// `<child>`: its object, and `<packing>` checked against the container's class.
  private mutating func rewriteChild(_ child: inout XMLTree.Element, containerClass: String?) {
    var kept: [XMLTree.Node] = []
    for node in child.children {
      guard case .element(var element) = node else {
        kept.append(node)
        continue
      }
      element.attributes.removeAll { Self.translationAttributes.contains($0.name) }
      if element.name == "object" {
        rewriteObject(&element, isTopLevel: false)
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
    child.children = kept
  }

  /// A label naming the unknown class, inside a window when it stands at the top level.
  private func placeholder(for object: XMLTree.Element, className: String, isTopLevel: Bool)
    -> XMLTree.Element
  {
    let id = object["id"] ?? className
    let location = object.location
    func property(_ name: String, _ value: String) -> XMLTree.Node {
      .element(
        XMLTree.Element(
          name: "property", attributes: [("name", name)], children: [.text(value)],
          location: location))
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
