/// One translatable text of a `.ui` file: what it says, where it goes, where it was
/// written, and what a translator was told about it.
public struct InterfaceText: Hashable, Sendable {
  /// Where the text lives among the built objects.
  public enum Target: Hashable, Sendable {
    /// A property of the object (`label`, `title`, `tooltip-markup`, …), dash spelling.
    case property(String)
    /// A child property of the object inside its parent container (`<packing>`:
    /// `GtkAssistant`'s page `title`, `GtkStack`'s `title`).
    case childProperty(String, parentID: String)
    /// The name or description of the widget's accessible (`accessible-name`,
    /// `accessible-description`).
    case accessible(String)
    /// Item `index` of a `GtkComboBoxText` (`<items>`).
    case comboItem(index: Int)
    /// A cell of a `GtkListStore`'s `<data>`.
    case listCell(row: Int, column: Int)
    /// Attribute `name` (`label`) of the menu item at `path` (item indexes through
    /// sections and submenus) of the `<menu>` object.
    case menuAttribute(path: [Int], name: String)
    /// Mark `index` of a `GtkScale`'s `<marks>`, in file order (Pango markup).
    case scaleMark(index: Int)
    /// The description of the widget's accessible action `name` (`<accessibility>
    /// <action action_name="click">`), which a screen reader reads out.
    case accessibleAction(String)
  }

  /// The id of the object in the interface handed to GtkBuilder: the file's own id, or
  /// one the reader made up (`hasOwnID` false).
  public let objectID: String
  /// Whether `objectID` is the file's own (false: made up by the reader).
  public let hasOwnID: Bool
  /// The file's id, or a path for an object without one:
  /// `PrefsDialog/GtkBox[2]/GtkLabel[1]`.
  public let objectPath: String
  /// The class as written in the file (`GtkLabel`, a template's class, a custom class).
  public let className: String
  /// What of the object the text is: a property, an accessible's name, a cell, a menu item.
  public let target: Target
  /// The text as written, the gettext msgid.
  public let msgid: String
  /// The gettext `msgctxt`, from `context="…"`.
  public let context: String?
  /// The comment for translators, from `comments="…"`.
  public let comments: String?
  /// Where the element holding the text starts.
  public let location: SourceLocation
  /// The id of the toplevel object the text belongs to.
  public let toplevelID: String
  /// The text is Pango markup (a `*-markup` property, or the label of a `use-markup`
  /// label).
  public let isMarkup: Bool
  /// An underscore in the text marks an access key (`use-underline`).
  public let usesUnderline: Bool
  /// False when the object is shown as a placeholder (its class is unknown): the text is
  /// listed, never applied.
  public let isApplied: Bool
  /// For an attribute of a menu's item, what the item is; nil for every other text.
  public var menuItem: MenuItem? = nil

  /// What the item of a `<menu>` holding an attribute is.
  public enum MenuItem: Hashable, Sendable {
    /// An `<item>` with the action `name` (`win.find`).
    case action(String)
    /// A `<submenu>`.
    case submenu
    /// An `<item>` with no action, or a `<section>`.
    case other
  }

  /// Hashes where the text is written alone: no two texts of a file start at one place,
  /// and a set of texts (what a switch changes, what is shown) hashes it for each.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(location)
  }

  /// The name of what the text sets, as `ui-strings` prints it: `label`,
  /// `accessible-name`, `item[2]`, `row[0].column[1]`, `item[1/0].label`, `child.title`,
  /// `mark[0]`, `action[click].description`.
  public var property: String {
    switch target {
    case .property(let name): name
    case .childProperty(let name, _): "child." + name
    case .accessible(let name): name
    case .comboItem(let index): "item[\(index)]"
    case .listCell(let row, let column): "row[\(row)].column[\(column)]"
    case .menuAttribute(let path, let name):
      "item[" + path.map(String.init).joined(separator: "/") + "]." + name
    case .scaleMark(let index): "mark[\(index)]"
    case .accessibleAction(let name): "action[\(name)].description"
    }
  }
}
