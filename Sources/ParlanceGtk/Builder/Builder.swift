import CGtk

/// GtkBuilder: objects made from interface XML.
///
/// The builder keeps a reference to every object it made until it is released; objects
/// handed out by `object(_:)` hold one of their own. Toplevel windows stay alive until
/// destroyed (GTK owns them), as with any GtkBuilder program.
@MainActor
public final class Builder {
  private let reference: ObjectReference
  private var pointer: UnsafeMutablePointer<GtkBuilder> {
    UnsafeMutableRawPointer(reference.pointer).assumingMemoryBound(to: GtkBuilder.self)
  }

  /// Builds every object of `xml`, or only the `<object>`s `objectIDs` and what they
  /// contain (not what they refer to by id: list those too).
  ///
  /// - Throws: `GtkError.glib` with GtkBuilder's message (it names the line) when it
  ///   refuses the XML; no object is handed out then, and the windows it made before the
  ///   error are destroyed.
  public init(xml: String, objectIDs: [String]? = nil) throws(GtkError) {
    guard Gtk.isInitialized else { throw GtkError.noDisplay }
    guard let pointer = gtk_builder_new() else { throw GtkError.glib("cannot make a GtkBuilder") }
    reference = ObjectReference(adopting: pointer)
    do {
      try add(xml: xml, objectIDs: objectIDs)
    } catch {
      destroyWindows()
      throw error
    }
  }

  /// Builds every object of the `.ui` file at `path` the way a C program does: GtkBuilder
  /// reads the file and translates its texts through glibc's gettext, in `domain` unless
  /// the file names its own (parlance-bench's contender for opening a `.ui`).
  ///
  /// - Throws: `GtkError.glib` with GtkBuilder's message when it refuses the file.
  package convenience init(file path: String, translationDomain domain: String)
    throws(GtkError)
  {
    try self.init(translationDomain: domain, refusal: "GtkBuilder refused \(path)") {
      gtk_builder_add_from_file($0, path, &$1)
    }
  }

  /// Builds every object of the `.ui` text `bytes` as written, GtkBuilder translating it
  /// through gettext in `translationDomain` (nil: the domain the file names, if any),
  /// on this thread, as a C program's builder does.
  ///
  /// - Throws: `GtkError.glib` with GtkBuilder's message when it refuses the text; the
  ///   windows it made before the error are destroyed.
  package convenience init(bytes: [UInt8], translationDomain: String?) throws(GtkError) {
    try self.init(
      translationDomain: translationDomain, refusal: "GtkBuilder refused the interface",
      add: { builder, error in
        bytes.withUnsafeBufferPointer { buffer in
          buffer.withMemoryRebound(to: CChar.self) {
            gtk_builder_add_from_string(builder, $0.baseAddress, gsize($0.count), &error)
          }
        }
      })
  }

  /// A builder that GtkBuilder fills with `add` (its result 0 when it refused, the
  /// reason in the error), translating in `translationDomain`; the windows made before a
  /// refusal are destroyed.
  private init(
    translationDomain: String?, refusal: String,
    add: (UnsafeMutablePointer<GtkBuilder>, inout UnsafeMutablePointer<GError>?) -> guint
  ) throws(GtkError) {
    guard Gtk.isInitialized else { throw GtkError.noDisplay }
    guard let pointer = gtk_builder_new() else { throw GtkError.glib("cannot make a GtkBuilder") }
    reference = ObjectReference(adopting: pointer)
    if let translationDomain { gtk_builder_set_translation_domain(pointer, translationDomain) }
    var error: UnsafeMutablePointer<GError>?
    if add(pointer, &error) == 0 {
      destroyWindows()
      throw GtkError(consuming: error, fallback: refusal)
    }
  }

  /// Destroys the windows among the builder's objects. After a refusal they would stay
  /// alive, hidden, with nothing to show them: GTK keeps toplevel windows until
  /// destroyed.
  public func destroyWindows() {
    parlance_builder_destroy_windows(pointer)
  }

  /// Builds the objects of more XML (or only `objectIDs`) into this builder; they may
  /// refer to the objects built before by id.
  ///
  /// GTK 3 builds only `<object>` elements by id: a `<menu>` a selected object refers to
  /// must come in XML of its own, added first.
  ///
  /// - Throws: `GtkError.glib` when GtkBuilder refuses the XML; objects it made before
  ///   the error stay in the builder.
  public func add(xml: String, objectIDs: [String]? = nil) throws(GtkError) {
    var error: UnsafeMutablePointer<GError>?
    let added: guint
    if let objectIDs {
      added = Self.withCStringArray(objectIDs) { ids in
        gtk_builder_add_objects_from_string(pointer, xml, gsize(xml.utf8.count), ids, &error)
      }
    } else {
      added = gtk_builder_add_from_string(pointer, xml, gsize(xml.utf8.count), &error)
    }
    if added == 0 {
      throw GtkError(consuming: error, fallback: "GtkBuilder refused the interface")
    }
  }

  /// The object the XML gave id `id`, or nil.
  public func object(_ id: String) -> BuiltObject? {
    guard let object = gtk_builder_get_object(pointer, id) else { return nil }
    return BuiltObject(retaining: object)
  }

  private static func withCStringArray<Result>(
    _ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?) -> Result
  ) -> Result {
    var pointers: [UnsafeMutablePointer<gchar>?] = strings.map { g_strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { g_free(pointer) } }
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress) }
  }
}

/// What GTK's type system knows of classes by name, as GtkBuilder resolves them.
@MainActor
public enum ObjectClass {
  /// Whether GtkBuilder can make an object of `name` (registered, or found by its
  /// `*_get_type` function, as GtkBuilder looks it up).
  public static func isKnown(_ name: String) -> Bool {
    type(named: name) != 0
  }

  /// Why GtkBuilder cannot make an object of the known type `name` — GLib aborts the
  /// process on `g_object_new` of an abstract class (`GtkContainer`) — or nil when it can.
  public static func whyUnbuildable(_ name: String) -> String? {
    let type = type(named: name)
    guard type != 0 else { return nil }
    // An interface (`GtkBuildable`) whose prerequisite is GObject "is a" GObject too.
    let fundamental = g_type_fundamental(type)
    if fundamental == parlance_interface_type() { return "it is an interface" }
    if fundamental != g_object_get_type() { return "it is not a GObject class" }
    if g_type_test_flags(type, guint(G_TYPE_FLAG_ABSTRACT.rawValue)) != 0 {
      return "it is abstract"
    }
    return nil
  }

  /// Whether `name` is `ancestor` or derives from it (`GtkDialog` is a `GtkWindow`).
  public static func isA(_ name: String, _ ancestor: String) -> Bool {
    let descendant = type(named: name)
    let ancestorType = type(named: ancestor)
    return descendant != 0 && ancestorType != 0 && g_type_is_a(descendant, ancestorType) != 0
  }

  /// Whether objects of `className` have `property` (`use_underline` and `use-underline`
  /// alike; `AtkObject::accessible-name` qualified names too).
  public static func hasProperty(_ property: String, onClass className: String) -> Bool {
    propertyType(property, onClass: className) != nil
  }

  /// The GType name of `className`'s property `property` (`GdkPixbuf`), nil when there is
  /// none.
  public static func propertyType(_ property: String, onClass className: String) -> String? {
    let type = type(named: className)
    guard type != 0, g_type_is_a(type, g_object_get_type()) != 0,
      let typeClass = g_type_class_ref(type)
    else { return nil }
    defer { g_type_class_unref(typeClass) }
    // `AtkObject::accessible-name`: the part after the last `::`.
    let name =
      !property.utf8.contains(UInt8(ascii: ":"))
      ? property
      : property.split(separator: ":", omittingEmptySubsequences: true).last.map(String.init)
        ?? property
    guard
      let spec = g_object_class_find_property(
        typeClass.assumingMemoryBound(to: GObjectClass.self), name)
    else { return nil }
    return String(borrowingGLibString: g_type_name(spec.pointee.value_type))
  }

  /// Whether the container class `className` has the child property `property`.
  public static func hasChildProperty(_ property: String, container className: String) -> Bool {
    let type = type(named: className)
    guard type != 0, g_type_is_a(type, gtk_container_get_type()) != 0,
      let typeClass = g_type_class_ref(type)
    else { return false }
    defer { g_type_class_unref(typeClass) }
    return gtk_container_class_find_child_property(
      typeClass.assumingMemoryBound(to: GObjectClass.self), property) != nil
  }

  private static var resolver: UnsafeMutablePointer<GtkBuilder>?

  private static func type(named name: String) -> GType {
    guard !name.isEmpty else { return 0 }
    if resolver == nil { resolver = gtk_builder_new() }
    guard let resolver else { return 0 }
    return gtk_builder_get_type_from_name(resolver, name)
  }
}
