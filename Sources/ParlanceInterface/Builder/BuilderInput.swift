import Parlance

/// A `.ui` file rewritten so GtkBuilder takes it whole, with what the rewrite changed.
public struct BuilderInput: Sendable {
  /// The file the interface was read from, as given (for diagnostics).
  public let file: String
  /// The rewritten `<interface>` element.
  public internal(set) var root: XMLTree.Element
  /// The interface XML to hand to GtkBuilder.
  package var xml: String { Self.declaration + root.serialized }
  /// Warnings for what was changed: templates, unknown classes and properties, elements
  /// GtkBuilder refused.
  public internal(set) var diagnostics: [Diagnostic]
  /// Objects that are not built as written: placeholders of unknown classes and all
  /// they contained. Their texts are listed, never applied.
  public internal(set) var placeholderIDs: Set<String>
  /// Where the elements left out started: their texts are listed, never applied.
  package internal(set) var leftOutLocations: Set<SourceLocation> = []
  /// The ids of the objects and menus left out: none of their texts is applied (a
  /// `<packing>` text sits outside its object's element).
  public internal(set) var leftOutIDs: Set<String> = []
  /// Where the translatable properties built with the value given for them start (a
  /// string property without a binding: see `builderInput(classes:values:)`).
  package internal(set) var builtValueLocations: Set<SourceLocation> = []

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
  func menusRoot(_ ids: Set<String>) -> (root: XMLTree.Element, indexes: [Int]) {
    var menus = root
    let indexes = root.children.indices.filter { index in
      guard case .element(let element) = root.children[index] else { return false }
      return element.name == "menu" && element["id"].map(ids.contains) == true
    }
    menus.children = indexes.map { root.children[$0] }
    return (menus, indexes)
  }
}
