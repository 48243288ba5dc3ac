import ParlanceGtk

/// What belongs to the user in a rendered window and survives every render, even one that
/// builds every widget again: per node id, the state of that node's kind of widget; which
/// node has the keyboard focus; the window's size.
///
/// The renderer reads it out of the widgets before each render and writes it back after,
/// for the nodes whose model leaves the value to the user.
public struct UserState: Hashable, Sendable {
  /// The state of each node that has one, by node id.
  public var nodes: [String: NodeState] = [:]
  /// The id of the node that has the keyboard focus.
  public var focusedNode: String?
  /// The window's size; nil leaves it to GTK.
  public var windowSize: Size?

  /// No state: every widget as the model describes it.
  public init() {}
}

/// The user's state of one node, by kind of widget: a state is only given back to a node
/// of the kind it was read from.
public enum NodeState: Hashable, Sendable {
  /// A text area or an entry: the text, the cursor and selection in it (offsets in
  /// characters), and how far a text area is scrolled down, in pixels.
  case text(String, selection: TextSelection, scrollOffset: Double)
  /// A toggle: whether it is ticked.
  case isOn(Bool)
  /// A number field: its number.
  case number(Int)
  /// An expander: whether it is open.
  case isExpanded(Bool)
  /// A notebook: the index of the page shown.
  case page(Int)
  /// A scrolled column: how far it is scrolled down, in pixels.
  case scrollOffset(Double)
}
