import Parlance
import ParlanceGtk

/// `.toggle`: a check button; its tick is the user's unless the model gives one.
final class ToggleNode: ControlNode<CheckButton>, NodeKind {

  static func make(_ kind: ViewNode.Kind, id: String, renderer: Renderer) -> ToggleNode {
    let check = CheckButton(label: "")
    check.onToggled { [weak renderer, weak check] in
      guard let check else { return }
      renderer?.emit(.toggled(node: id, isOn: check.isActive))
    }
    return ToggleNode(check)
  }

  nonisolated static func texts(of kind: ViewNode.Kind) -> [LocalizedText] {
    if case .toggle(let text, _) = kind { [text] } else { [] }
  }

  override var userState: NodeState? { .isOn(control.isActive) }

  override func update(
    with node: ViewNode, renderer: Renderer, snapshot: LocalizationSnapshot
  ) -> String? {
    guard case .toggle(let text, let isOn) = node.kind else { return nil }
    let shown = renderer.shownAndRecorded(text, id: node.id, in: snapshot)
    if control.label != shown { control.label = shown }
    if let isOn { renderer.renderState.nodes[node.id] = .isOn(isOn) }
    return nil
  }

  override func restore(_ state: NodeState) {
    guard case .isOn(let isOn) = state, control.isActive != isOn else { return }
    control.isActive = isOn
  }
}
