import Parlance
import ParlanceGtk

/// `.numberField`: a spin button in a range; its number is the user's unless the model
/// gives one.
final class NumberFieldNode: RenderedNode, NodeKind {
  private let spin: SpinButton

  private init(_ spin: SpinButton) {
    self.spin = spin
    super.init(widget: spin)
  }

  static func make(_ kind: ViewNode.Kind, id: String, renderer: Renderer) -> NumberFieldNode {
    let range = if case .numberField(_, let range) = kind { range } else { 0...0 }
    let spin = SpinButton(range: Double(range.lowerBound)...Double(range.upperBound), step: 1)
    spin.onValueChanged { [weak renderer, weak spin] in
      guard let spin else { return }
      renderer?.emit(.numberChanged(node: id, value: spin.intValue))
    }
    return NumberFieldNode(spin)
  }

  override var userState: NodeState? { .number(spin.intValue) }

  override func update(
    with node: ViewNode, renderer: Renderer, snapshot: LocalizationSnapshot
  ) -> String? {
    guard case .numberField(let value, let range) = node.kind else { return nil }
    let bounds = Double(range.lowerBound)...Double(range.upperBound)
    if spin.range != bounds { spin.range = bounds }
    if let value { renderer.renderState.nodes[node.id] = .number(value) }
    return nil
  }

  override func restore(_ state: NodeState) {
    guard case .number(let number) = state, spin.intValue != number else { return }
    spin.value = Double(number)
  }
}
