import CGtk

/// Any GObject a `Builder` made: a widget, a list store, a menu model, an adjustment.
///
/// Holds one reference of its own. Texts are read and written by name and place; every
/// setter returns false, changing nothing, when the object has no such string property,
/// row, column or menu item.
@MainActor
public final class BuiltObject {
  let reference: ObjectReference

  init(retaining pointer: UnsafeMutableRawPointer) {
    reference = ObjectReference(retaining: pointer)
  }

  var pointer: UnsafeMutablePointer<GObject> { reference.pointer }

  /// The GType name: `GtkLabel`, `GtkListStore`, `GMenu`.
  public var typeName: String {
    String(borrowingGLibString: g_type_name(parlance_object_type(pointer))) ?? ""
  }

  /// Whether the object is of class `className` or a subclass.
  public func isA(_ className: String) -> Bool {
    let type = g_type_from_name(className)
    return type != 0 && g_type_is_a(parlance_object_type(pointer), type) != 0
  }

  /// The object as a widget, or nil when it is not one.
  public var widget: Widget? {
    guard parlance_instance_is_a(pointer, gtk_widget_get_type()) != 0 else { return nil }
    return Widget.wrapper(for: parlance_gtk_widget(pointer))
  }

  /// The same GObject (the wrappers may differ).
  package func isSameObject(as other: BuiltObject) -> Bool {
    pointer == other.pointer
  }

  // MARK: Properties

  /// Sets the string property `name` (`label`, `title`, `tooltip-markup`).
  @discardableResult
  public func setString(_ value: String, forProperty name: String) -> Bool {
    parlance_object_set_string_property(pointer, name, value) != 0
  }

  /// The string property `name`, nil when there is none (or it is unset).
  public func string(forProperty name: String) -> String? {
    String(takingGLibString: parlance_object_dup_string_property(pointer, name))
  }

  /// Sets the string child property `name` of this widget inside `parent`.
  @discardableResult
  public func setString(_ value: String, forChildProperty name: String, in parent: BuiltObject)
    -> Bool
  {
    parlance_child_set_string_property(parent.pointer, pointer, name, value) != 0
  }

  /// The string child property `name` of this widget inside `parent`.
  public func string(forChildProperty name: String, in parent: BuiltObject) -> String? {
    String(takingGLibString: parlance_child_dup_string_property(parent.pointer, pointer, name))
  }

  // MARK: Accessible

  /// The accessible's name (`accessible-name`) or description (`accessible-description`)
  /// of a widget.
  @discardableResult
  public func setAccessibleString(_ value: String, for property: String) -> Bool {
    guard let accessible = parlance_accessible_of(pointer) else { return false }
    switch property {
    case "accessible-name": atk_object_set_name(accessible, value)
    case "accessible-description": atk_object_set_description(accessible, value)
    default: return parlance_object_set_string_property(accessible, property, value) != 0
    }
    return true
  }

  /// The accessible's name or description, as a screen reader hears it.
  public func accessibleString(for property: String) -> String? {
    guard let accessible = parlance_accessible_of(pointer) else { return nil }
    switch property {
    case "accessible-name": return String(borrowingGLibString: atk_object_get_name(accessible))
    case "accessible-description":
      return String(borrowingGLibString: atk_object_get_description(accessible))
    default:
      return String(takingGLibString: parlance_object_dup_string_property(accessible, property))
    }
  }

  // MARK: Rows and menus

  /// Sets the string at `row`, `column` of a list store, or of a combo box's list store
  /// (a `GtkComboBoxText` shows column 0). The active row stays active.
  @discardableResult
  public func setString(_ value: String, row: Int, column: Int) -> Bool {
    parlance_model_set_string(pointer, gint(row), gint(column), value) != 0
  }

  /// The string at `row`, `column` of a list store or a combo box's model.
  public func string(row: Int, column: Int) -> String? {
    String(takingGLibString: parlance_model_dup_string(pointer, gint(row), gint(column)))
  }

  /// Sets the string attribute `name` of the menu item at `path` (item indexes through
  /// sections and submenus). Open menus show it the next time they open.
  @discardableResult
  public func setMenuAttribute(_ name: String, path: [Int], to value: String) -> Bool {
    let indexes = path.map { gint($0) }
    return indexes.withUnsafeBufferPointer { buffer in
      parlance_menu_set_attribute(pointer, buffer.baseAddress, gint(buffer.count), name, value)
    } != 0
  }

  /// The string attribute `name` of the menu item at `path`.
  public func menuAttribute(_ name: String, path: [Int]) -> String? {
    let indexes = path.map { gint($0) }
    return indexes.withUnsafeBufferPointer { buffer in
      String(
        takingGLibString: parlance_menu_dup_attribute(
          pointer, buffer.baseAddress, gint(buffer.count), name))
    }
  }
}

// MARK: Scale marks and accessible actions

extension BuiltObject {
  /// A mark of a `GtkScale`: value and position as a `.ui` file writes them (`0.5`,
  /// `top`; nil: below), and its Pango markup.
  public typealias ScaleMark = (value: String, position: String?, markup: String)

  /// Replaces the marks of a `GtkScale`, value and position parsed as GtkBuilder parses
  /// them; false, changing nothing, when the object is no scale or one does not parse.
  @discardableResult
  public func setScaleMarks(_ marks: [ScaleMark]) -> Bool {
    var strings: [UnsafeMutablePointer<gchar>?] = []
    defer { for string in strings { g_free(string) } }
    func duplicate(_ text: String?) -> UnsafePointer<gchar>? {
      guard let text else { return nil }
      let copy = g_strdup(text)
      strings.append(copy)
      return UnsafePointer(copy)
    }
    let values = marks.map { duplicate($0.value) }
    let positions = marks.map { duplicate($0.position) }
    let markups = marks.map { duplicate($0.markup) }
    return parlance_scale_set_marks(pointer, gint(marks.count), values, positions, markups) != 0
  }

  /// The markup mark `index` of a `GtkScale` was last given by `setScaleMarks(_:)`, nil
  /// when there is none (GTK 3 cannot read a mark's text back).
  public func scaleMarkMarkup(at index: Int) -> String? {
    String(takingGLibString: parlance_scale_dup_mark_markup(pointer, gint(index)))
  }

  /// Sets the description of the widget's accessible action `name` (`click`), as a
  /// screen reader reads it; false when its accessible has no such action.
  @discardableResult
  public func setAccessibleActionDescription(_ value: String, action name: String) -> Bool {
    parlance_accessible_set_action_description(pointer, name, value) != 0
  }

  /// The description of the widget's accessible action `name`.
  public func accessibleActionDescription(_ name: String) -> String? {
    String(takingGLibString: parlance_accessible_dup_action_description(pointer, name))
  }
}
