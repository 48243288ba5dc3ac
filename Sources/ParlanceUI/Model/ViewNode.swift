import Parlance

/// One element of a window, as a pure value: a client describes the whole window as a tree
/// of these, and the `Renderer` turns the tree into GTK widgets.
///
/// `id` gives identity across renders: a node with the same id and kind as before reuses
/// its widget, and the user's state of that widget (`UserState`) is kept under the id.
/// Ids must be unique in a tree.
public struct ViewNode: Hashable, Sendable {
  /// What kind of element a node is, with what it shows.
  ///
  /// Values that are the user's (a toggle's tick, a number, an open section, a notebook
  /// page) are optional: nil leaves them to the user, and the renderer keeps what the user
  /// chose across renders; a value makes the model decide, at every render.
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
    /// An integer chosen with − / +; nil keeps the user's number.
    case numberField(value: Int?, range: ClosedRange<Int>)
    /// A combo box: item ids and their texts, and the selected id.
    case choice(items: [ChoiceItem], selected: String)
    /// A multi-line text view in a scrolled area, at least `minimumHeight` pixels high;
    /// its text, cursor, selection and scroll position are the user's.
    case textArea(minimumHeight: Int = 140)
    /// A one-line text field, with a hint while empty; its text and selection are the
    /// user's.
    case entry(placeholder: LocalizedText? = nil)
    /// A localized image, found along the fallback chain by resource name.
    case image(resource: String)
    /// A message bar, shown when `message` is not nil, with a close button named
    /// `closeName` for screen readers. A close is reported as `Renderer.Event.dismissed`;
    /// the model then stops describing the message, or the next render shows it again.
    case infoBar(message: LocalizedText?, details: [String], closeName: LocalizedText? = nil)
    /// A check box; nil keeps the user's tick.
    case toggle(LocalizedText, isOn: Bool? = nil)
    /// A push button; a click is reported as `Renderer.Event.clicked`.
    case button(LocalizedText)
    /// A titled section the user opens and closes, its children top to bottom; nil keeps
    /// the user's choice (closed at first).
    case expander(LocalizedText, isExpanded: Bool? = nil)
    /// Pages behind tabs: each child is a page, its tab the title of a `.page` child (the
    /// child's id otherwise). `page` is the index shown; nil keeps the user's choice.
    case notebook(page: Int? = nil)
    /// A page of a notebook titled `title`: its children top to bottom.
    case page(title: LocalizedText, spacing: Int)
  }

  /// An entry of a `choice`: its id and the text it shows.
  public struct ChoiceItem: Hashable, Sendable {
    /// What the renderer reports when the entry is chosen.
    public let id: String
    /// What the entry shows.
    public let text: LocalizedText

    /// An entry `id` showing `text`.
    public init(id: String, text: LocalizedText) {
      self.id = id
      self.text = text
    }

    /// The id of a language menu's first entry, "System language" (follow the system's
    /// languages): never a language tag.
    public static let systemLanguageID = "system"

    /// A language menu: "System language" (`language.system`) first, then each of
    /// `languages`, in the order given, by its own name, its id the language's tag.
    public static func languageMenu(_ languages: [LanguageTag]) -> [ChoiceItem] {
      [ChoiceItem(id: systemLanguageID, text: .key("language.system"))]
        + languages.map { ChoiceItem(id: $0.identifier, text: .verbatim($0.nativeName)) }
    }
  }

  /// The node's identity across renders.
  public let id: String
  /// What the node is and shows.
  public let kind: Kind
  /// The tooltip, also the accessible description of the node's focusable widget.
  public var tooltip: LocalizedText?
  /// The name a screen reader reads, when the visible text is not enough.
  public var accessibleName: LocalizedText?
  /// The nodes inside (for containers: columns, rows, expanders, notebooks, pages).
  public var children: [ViewNode]

  /// A node `id` of `kind`; see the properties for the rest.
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
}

extension ViewNode.Kind {
  /// The class that renders a node of this kind (`Render/Kinds/`): its widgets, its
  /// updates, its texts and the user's state in it.
  var rendering: any NodeKind.Type {
    switch self {
    case .column, .row, .page: BoxNode.self
    case .scrolledColumn: ScrolledColumnNode.self
    case .heading, .label, .caption: LabelNode.self
    case .numberField: NumberFieldNode.self
    case .choice: ChoiceNode.self
    case .textArea: TextAreaNode.self
    case .entry: EntryNode.self
    case .image: ImageNode.self
    case .infoBar: InfoBarNode.self
    case .toggle: ToggleNode.self
    case .button: ButtonNode.self
    case .expander: ExpanderNode.self
    case .notebook: NotebookNode.self
    }
  }
}
