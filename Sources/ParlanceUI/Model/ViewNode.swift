/// One element of the window, as a pure value: the view model describes the whole
/// window as a tree of these, and the renderer turns the tree into GTK widgets.
///
/// `id` gives identity across renders: a node with the same id and kind as before
/// reuses its widget.
public struct ViewNode: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// Children top to bottom.
    case column(spacing: Int)
    /// Children in reading order (right to left in Arabic and Hebrew).
    case row(spacing: Int)
    /// Children top to bottom in a scrolled area: only what is visible is painted.
    case scrolledColumn(spacing: Int)
    /// A large title line.
    case heading(LocalizedText)
    /// A line or paragraph of text.
    case label(LocalizedText, wraps: Bool)
    /// A dimmed caption naming the element with id `for`: a screen reader reads it as
    /// that element's name (mnemonic widget, `labelled-by`/`label-for` relations).
    case caption(LocalizedText, for: String? = nil)
    /// An integer chosen with − / + (the plural demonstration).
    case numberField(value: Int, range: ClosedRange<Int>)
    /// The language combo box: item ids and their texts, and the selected id.
    case choice(items: [ChoiceItem], selected: String)
    /// The user's notes: a multi-line text view whose content is user state.
    case notes
    /// A localized image, found along the fallback chain by resource name.
    case image(resource: String)
    /// A message bar, shown when `message` is not nil, with a close button named
    /// `closeName` for screen readers. The renderer reports a close with `onDismiss`;
    /// the model then stops describing the message, or the next render shows it again.
    case infoBar(message: LocalizedText?, details: [String], closeName: LocalizedText? = nil)
    /// A check box the user ticks.
    case toggle(LocalizedText, isOn: Bool)
    /// A push button; the renderer reports a click with `onClick` and the node's id.
    case button(LocalizedText)
  }

  public struct ChoiceItem: Hashable, Sendable {
    public let id: String
    public let text: LocalizedText

    public init(id: String, text: LocalizedText) {
      self.id = id
      self.text = text
    }
  }

  public let id: String
  public let kind: Kind
  public var tooltip: LocalizedText?
  public var accessibleName: LocalizedText?
  public var children: [ViewNode]

  public init(
    _ id: String, _ kind: Kind, tooltip: LocalizedText? = nil,
    accessibleName: LocalizedText? = nil, children: [ViewNode] = []
  ) {
    self.id = id
    self.kind = kind
    self.tooltip = tooltip
    self.accessibleName = accessibleName
    self.children = children
  }

  /// Every node of the tree, depth first.
  public var allNodes: [ViewNode] {
    [self] + children.flatMap(\.allNodes)
  }
}
