import Parlance
import ParlanceGtk

/// `.button`: a push button, reporting `.clicked`.
final class ButtonNode: RenderedNode, NodeKind {
  private let button: Button

  private init(_ button: Button) {
    self.button = button
    super.init(widget: button)
  }

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
    if button.label != shown { button.label = shown }
    return nil
  }
}
