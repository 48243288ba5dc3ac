import Foundation

/// A GtkBuilder `.ui` file as read for translation: its XML with an id on every object,
/// every translatable text in file order with its position, and what was wrong with it.
///
/// Reading needs no GTK: `parlance lint` and tests use it as it is. Building the widgets
/// is `ParlanceInterface`'s job, from `root`.
public struct InterfaceDocument: Sendable {
  /// An object of the file (`<object>`, `<template>` or `<menu>`).
  public struct Object: Hashable, Sendable {
    /// The file's id or a made-up one (`parlance-object-3`).
    public let id: String
    /// Whether `id` is the file's own (false: made up by the reader).
    public let hasOwnID: Bool
    /// The file's id, or a path: `PrefsDialog/GtkBox[2]/GtkLabel[1]`.
    public let path: String
    /// The class as written; for a template, the template's own class.
    public let className: String
    /// A template's parent class (`<template class="X" parent="GtkDialog">`).
    public let templateParent: String?
    /// Where the object starts in the file.
    public let location: SourceLocation
    /// The enclosing object, nil for a toplevel.
    public let parentID: String?
    /// The id of the toplevel object it belongs to (its own for a toplevel).
    public let toplevelID: String
    /// `<menu>`: a menu model, not a widget.
    public let isMenu: Bool
  }

  /// The path the file was read from, as given.
  public let file: String
  /// The XML, every object with an `id`; nil when the file is not well-formed XML.
  public let root: XMLTree.Element?
  /// Every object, in file order.
  public let objects: [Object]
  /// Every non-empty translatable text, in file order.
  public let texts: [InterfaceText]
  /// The marks of each `GtkScale` with `<marks>`, by object id, in file order: a text of
  /// one (`InterfaceText.Target.scaleMark`) is set by adding them all again.
  public let scaleMarks: [String: [InterfaceScaleMark]]
  /// Problems: malformed XML (an error; nothing is built), unusual content (warnings).
  public let diagnostics: [Diagnostic]
  /// The bytes the document was read from (`parse`), for GtkBuilder to build the file
  /// as written; nil for a document made otherwise.
  package var source: [UInt8]?

  /// The document without `source`, to keep once the file is built.
  package var withoutSource: InterfaceDocument {
    var document = self
    document.source = nil
    return document
  }

  /// Where the file asks for GTK 4 (`<requires lib="gtk" version="4.0"/>`), and the
  /// version it names: GTK 3's GtkBuilder cannot build such a file (it crashes on
  /// GTK 4's objects inside properties), so nothing builds it; its texts are still read.
  public var gtk4Requirement: (location: SourceLocation, version: String)? {
    root.flatMap(Self.gtk4Requirement(of:))
  }

  /// `gtk4Requirement` of the file whose root is `root`.
  package static func gtk4Requirement(of root: XMLTree.Element)
    -> (location: SourceLocation, version: String)?
  {
    for element in root.elements where element.name == "requires" && element["lib"] == "gtk" {
      let version = element["version"] ?? ""
      if let major = Int(version.prefix { $0.isNumber }), major >= 4 {
        return (element.location, version)
      }
    }
    return nil
  }

  /// The objects directly under `<interface>`.
  public var toplevels: [Object] { objects.filter { $0.parentID == nil } }

  /// True when the file can be built: well-formed, with an `<interface>` root.
  public var isUsable: Bool { root != nil && !diagnostics.contains { $0.severity == .error } }

  /// The object with id `id`.
  public func object(_ id: String) -> Object? { objects.first { $0.id == id } }

  /// Reads the `.ui` file at `url`. Throws only when it cannot be read at all.
  public static func read(contentsOf url: URL) throws -> InterfaceDocument {
    let data = try Data(contentsOf: url)
    return parse(Array(data), file: url.path)
  }

  /// Reads `.ui` text; `file` is the path shown in diagnostics.
  public static func parse(_ bytes: [UInt8], file: String) -> InterfaceDocument {
    switch tree(of: bytes, file: file) {
    case .failure(let refused): return refused.document
    case .success(let root):
      var document = walking(root, file: file)
      document.source = bytes
      return document
    }
  }

  /// Why `tree(of:file:)` has no tree: the document that says so.
  package struct Unread: Error {
    package let document: InterfaceDocument

    /// A document of `file` with no tree, for the malformed interface `reason` at
    /// `location`.
    init(file: String, location: SourceLocation, reason: String) {
      document = InterfaceDocument(
        file: file, root: nil, objects: [], texts: [], scaleMarks: [:],
        diagnostics: [
          Diagnostic(
            file: file, location: location, severity: .error,
            kind: .malformedInterface(reason: reason))
        ])
    }
  }

  /// The first half of `parse`: the XML of `bytes`, whose root is `<interface>`.
  package static func tree(of bytes: [UInt8], file: String) -> Result<XMLTree.Element, Unread> {
    switch XMLReader.parse(bytes) {
    case .failure(let failure):
      return .failure(Unread(file: file, location: failure.location, reason: failure.reason))
    case .success(let root):
      guard root.name == "interface" else {
        return .failure(
          Unread(
            file: file, location: root.location,
            reason: "the root element is <\(root.name)>, not <interface>"))
      }
      return .success(root)
    }
  }

  /// Whether `text` is one of GtkBuilder's words for true (yes/true/t/y/1, any case).
  package static func isTrue(_ text: String) -> Bool { InterfaceWalker.isTrue(text) }

  /// The second half of `parse`: the objects and texts of `root`, an `<interface>`.
  package static func walking(_ root: XMLTree.Element, file: String) -> InterfaceDocument {
    var root = root
    var walker = InterfaceWalker(file: file)
    walker.walk(&root)
    return InterfaceDocument(
      file: file, root: root, objects: walker.objects, texts: walker.texts,
      scaleMarks: walker.scaleMarks, diagnostics: walker.diagnostics)
  }
}

/// A mark of a `GtkScale`, as written in `<marks>`: GTK reads its value and position
/// (`gtk_builder_value_from_string_type`) when it is added.
public struct InterfaceScaleMark: Hashable, Sendable {
  /// The `value` attribute as written (`0.5`).
  public let value: String
  /// The `position` attribute as written (`top`, `GTK_POS_BOTTOM`), nil for below.
  public let position: String?
  /// The mark's Pango markup as written (the msgid when translatable).
  public let markup: String
}
