extension Renderer {
  /// What the user did to a rendered widget, with the id of its node.
  ///
  /// A render never reports what it sets itself. The renderer keeps the user's values
  /// (`UserState`) across renders by itself; a client listens for what its model decides:
  /// a model that describes a value (`isOn: true`) must follow these events, or the next
  /// render puts its own value back.
  public enum Event: Hashable, Sendable {
    /// An entry of a choice was picked: the entry's id.
    case chose(node: String, item: String)
    /// The number of a number field changed.
    case numberChanged(node: String, value: Int)
    /// A toggle was ticked or cleared.
    case toggled(node: String, isOn: Bool)
    /// A button was clicked.
    case clicked(node: String)
    /// An info bar was closed; it hides at once.
    case dismissed(node: String)
    /// An expander was opened or closed.
    case expanded(node: String, isExpanded: Bool)
    /// A notebook shows another page: its index.
    case pageChanged(node: String, page: Int)
  }
}
