import Parlance
import ParlanceGtk

/// The widgets of one rendered node: what every kind has, and what each kind's class
/// (one file each, in `Kinds/`) overrides.
///
/// A kind's class makes its widgets (`NodeKind.make`), sets what changed at each render
/// (`update`), lays out its children (`place`), and reads and gives back what the user
/// changed in it (`userState`, `restore`). What a render set that cannot be read back
/// cheaply (a tooltip, an accessible name, a kind's own values) is kept on the object,
/// which lives as long as its widgets.
@MainActor
class RenderedNode {
  /// The widget the node's parent holds.
  let widget: Widget
  /// The tooltip and accessible name last set on the focus target.
  private var tooltip: String?
  private var accessibleName: String?

  init(widget: Widget) {
    self.widget = widget
  }

  /// Every widget of the node, the one its parent holds first.
  var widgets: [Widget] { [widget] }

  /// The box the node's children go into, for the kinds that lay children out in a line.
  var box: Box? { nil }

  /// The label of a heading, label or caption.
  var label: Label? { nil }

  /// The widget that takes the keyboard focus and carries the accessible name.
  var focusTarget: Widget { widget }

  /// What the user set in this node's widgets, for the kinds that keep any.
  var userState: NodeState? { nil }

  /// Sets what changed since the last render from `node`, resolved in `snapshot`;
  /// returns what translator mode adds to the tooltip, if anything.
  func update(
    with node: ViewNode, renderer: Renderer, snapshot: LocalizationSnapshot
  ) -> String? {
    nil
  }

  /// Puts the children's widgets in, in order, unless they are there already.
  func place(
    _ children: [(node: ViewNode, widget: Widget)], renderer: Renderer,
    snapshot: LocalizationSnapshot
  ) {
    guard let box else { return }
    let current = box.children
    let widgets = children.map(\.widget)
    if current.count != widgets.count || zip(current, widgets).contains(where: { $0 !== $1 }) {
      for child in current { box.remove(child) }
      for child in widgets { box.append(child, expand: false, fill: true) }
    }
  }

  /// Sets `state` on the widgets when it is of their kind and differs from what they show.
  func restore(_ state: NodeState) {}

  /// Whether these widgets, of the class `kind` renders as, serve a node of `kind`
  /// (a row's box does not serve a column).
  func serves(_ kind: ViewNode.Kind) -> Bool { true }

  /// Whether `candidate` is one of the node's widgets.
  func owns(_ candidate: Widget) -> Bool {
    widgets.contains { $0 === candidate }
  }

  /// The tooltip (with what the inspector shows) and the accessible name, on the focus
  /// target: GTK makes the tooltip the accessible description, and a screen reader reads
  /// the description of the element that has the focus (a text area's text view, not the
  /// scrolled window around it).
  func describe(_ node: ViewNode, inspected: String?, snapshot: LocalizationSnapshot) {
    let tooltip = node.tooltip.map { $0.resolve(in: snapshot).text }
    let combined = [inspected, tooltip].compactMap { $0 }.joined(separator: "\n")
    let tooltipText = combined.isEmpty ? nil : combined
    if self.tooltip != tooltipText {
      focusTarget.tooltipText = tooltipText
      self.tooltip = tooltipText
    }
    if let name = node.accessibleName {
      let accessibleName = name.resolve(in: snapshot).text
      if self.accessibleName != accessibleName {
        focusTarget.accessibleName = accessibleName
        self.accessibleName = accessibleName
      }
    }
  }
}

/// A kind made of one widget, `control`.
class ControlNode<Control: Widget>: RenderedNode {
  /// The node's widget, typed.
  let control: Control

  init(_ control: Control) {
    self.control = control
    super.init(widget: control)
  }
}

/// The type side of a kind's class: how its widgets are made, and its texts.
@MainActor
protocol NodeKind: RenderedNode {
  /// New widgets for a node of `kind` with id `id`, their signals reported through
  /// `renderer` as events of that node.
  static func make(_ kind: ViewNode.Kind, id: String, renderer: Renderer) -> Self

  /// The texts a node of `kind` shows itself (not its tooltip or accessible name).
  nonisolated static func texts(of kind: ViewNode.Kind) -> [LocalizedText]
}

extension NodeKind {
  nonisolated static func texts(of kind: ViewNode.Kind) -> [LocalizedText] { [] }
}

extension TextSelection {
  /// The selection moved inside a text of `count` characters (a text shorter now than
  /// when it was read).
  func within(_ count: Int) -> TextSelection {
    TextSelection(cursor: min(cursor, count), anchor: min(anchor, count))
  }
}
