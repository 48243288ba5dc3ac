import Parlance
import ParlanceGtk

/// `.numberField`: a spin button in a range; its number is the user's unless the model
/// gives one.
final class NumberFieldNode: ControlNode<SpinButton>, NodeKind {

  static func make(_ kind: ViewNode.Kind, id: String, renderer: Renderer) -> NumberFieldNode {
    let range = if case .numberField(_, let range) = kind { range } else { 0...0 }
    let spin = SpinButton(range: Double(range.lowerBound)...Double(range.upperBound), step: 1)
    spin.onValueChanged { [weak renderer, weak spin] in
      guard let spin else { return }
      renderer?.emit(.numberChanged(node: id, value: spin.intValue))
    }
    return NumberFieldNode(spin)
  }

  override var userState: NodeState? { .number(control.intValue) }

  override func update(
    with node: ViewNode, renderer: Renderer, snapshot: LocalizationSnapshot
  ) -> String? {
    guard case .numberField(let value, let range) = node.kind else { return nil }
    let bounds = Double(range.lowerBound)...Double(range.upperBound)
    if control.range != bounds { control.range = bounds }
    if let value { renderer.renderState.nodes[node.id] = .number(value) }
    return nil
  }

  override func restore(_ state: NodeState) {
    guard case .number(let number) = state, control.intValue != number else { return }
    control.value = Double(number)
  }
}
