import ParlanceGtk

/// The widgets of one rendered node, by kind of widget, typed, so updates need no casts.
@MainActor
enum RenderedNode {
  /// The kinds of widget a node can be rendered as: a node of the same kind as before
  /// keeps its widget, whatever its data.
  enum Kind: Hashable {
    case column, row, scrolledColumn, page
    case heading, label, caption
    case numberField, choice, textArea, entry, image, infoBar, toggle, button
    case expander, notebook

    init(_ kind: ViewNode.Kind) {
      self =
        switch kind {
        case .column: .column
        case .row: .row
        case .scrolledColumn: .scrolledColumn
        case .page: .page
        case .heading: .heading
        case .label: .label
        case .caption: .caption
        case .numberField: .numberField
        case .choice: .choice
        case .textArea: .textArea
        case .entry: .entry
        case .image: .image
        case .infoBar: .infoBar
        case .toggle: .toggle
        case .button: .button
        case .expander: .expander
        case .notebook: .notebook
        }
    }
  }

  /// A column, a row or a notebook page.
  case box(Box, Kind)
  case scrolledColumn(ScrolledWindow, Box)
  /// A heading, a label or a caption.
  case label(Label, Kind)
  case numberField(SpinButton)
  case choice(ComboBoxText)
  case textArea(ScrolledWindow, TextView)
  case entry(Entry)
  case image(Image)
  case infoBar(InfoBar)
  case toggle(CheckButton)
  case button(Button)
  /// The expander and the column inside it that holds its children.
  case expander(Expander, Box)
  case notebook(Notebook)

  var kind: Kind {
    switch self {
    case .box(_, let kind), .label(_, let kind): kind
    case .scrolledColumn: .scrolledColumn
    case .numberField: .numberField
    case .choice: .choice
    case .textArea: .textArea
    case .entry: .entry
    case .image: .image
    case .infoBar: .infoBar
    case .toggle: .toggle
    case .button: .button
    case .expander: .expander
    case .notebook: .notebook
    }
  }

  /// The widget the node's parent holds.
  var widget: Widget {
    switch self {
    case .box(let box, _): box
    case .scrolledColumn(let scrolled, _), .textArea(let scrolled, _): scrolled
    case .label(let label, _): label
    case .numberField(let spin): spin
    case .choice(let combo): combo
    case .entry(let entry): entry
    case .image(let image): image
    case .infoBar(let bar): bar
    case .toggle(let check): check
    case .button(let button): button
    case .expander(let expander, _): expander
    case .notebook(let notebook): notebook
    }
  }

  /// Every widget of the node, the one its parent holds first.
  var widgets: [Widget] {
    switch self {
    case .scrolledColumn(let scrolled, let box): [scrolled, box]
    case .textArea(let scrolled, let view): [scrolled, view]
    case .expander(let expander, let box): [expander, box]
    default: [widget]
    }
  }

  /// The box the node's children go into, for the kinds that have children laid out in a
  /// line (a notebook places its children itself).
  var box: Box? {
    switch self {
    case .box(let box, _), .scrolledColumn(_, let box), .expander(_, let box): box
    default: nil
    }
  }

  /// The label of a heading, label or caption.
  var label: Label? {
    if case .label(let label, _) = self { label } else { nil }
  }

  /// The widget that takes the keyboard focus and carries the accessible name.
  var focusTarget: Widget {
    if case .textArea(_, let view) = self { view } else { widget }
  }

  /// Whether `candidate` is one of the node's widgets.
  func owns(_ candidate: Widget) -> Bool {
    widgets.contains { $0 === candidate }
  }
}
