import Parlance
import ParlanceGtk

/// `.button`: a push button, reporting `.clicked`.
final class ButtonNode: ControlNode<Button>, NodeKind {

  static func make(_ kind: ViewNode.Kind, id: String, renderer: Renderer) -> ButtonNode {
    let button = Button(label: "")
    button.onClicked { [weak renderer] in renderer?.emit(.clicked(node: id)) }
    return ButtonNode(button)
  }

  nonisolated static func texts(of kind: ViewNode.Kind) -> [LocalizedText] {
    if case .button(let text) = kind { [text] } else { [] }
  }

  override func update(
    with node: ViewNode, renderer: Renderer, snapshot: LocalizationSnapshot
  ) -> String? {
    guard case .button(let text) = node.kind else { return nil }
    let shown = renderer.shownAndRecorded(text, id: node.id, in: snapshot)
    if control.label != shown { control.label = shown }
    return nil
  }
}
