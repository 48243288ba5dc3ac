import Parlance
import ParlanceGtk

/// `.expander`: a section that opens and closes, its children in a column inside; whether
/// it is open is the user's unless the model says.
final class ExpanderNode: RenderedNode, NodeKind {
  private let expander: Expander
  private let column: Box

  private init(_ expander: Expander, _ column: Box) {
    self.expander = expander
    self.column = column
    super.init(widget: expander)
  }

  static func make(_ kind: ViewNode.Kind, id: String, renderer: Renderer) -> ExpanderNode {
    let expander = Expander(label: "")
    let box = Box(orientation: .vertical, spacing: 6)
    expander.add(box)
    expander.onExpandedChanged { [weak renderer, weak expander] in
      guard let expander else { return }
      renderer?.emit(.expanded(node: id, isExpanded: expander.isExpanded))
    }
    return ExpanderNode(expander, box)
  }

  nonisolated static func texts(of kind: ViewNode.Kind) -> [LocalizedText] {
    if case .expander(let text, _) = kind { [text] } else { [] }
  }

  override var widgets: [Widget] { [expander, column] }
  override var box: Box? { column }
  override var userState: NodeState? { .isExpanded(expander.isExpanded) }

  override func update(
    with node: ViewNode, renderer: Renderer, snapshot: LocalizationSnapshot
  ) -> String? {
    guard case .expander(let text, let isExpanded) = node.kind else { return nil }
    let shown = renderer.shownAndRecorded(text, id: node.id, in: snapshot)
    if expander.label != shown { expander.label = shown }
    if let isExpanded { renderer.renderState.nodes[node.id] = .isExpanded(isExpanded) }
    return nil
  }

  override func restore(_ state: NodeState) {
    guard case .isExpanded(let isExpanded) = state, expander.isExpanded != isExpanded else {
      return
    }
    expander.isExpanded = isExpanded
  }
}
