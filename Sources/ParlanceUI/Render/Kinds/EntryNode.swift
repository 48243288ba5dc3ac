import Parlance
import ParlanceGtk

/// `.entry`: one line of text, with a placeholder; its text, cursor and selection are the
/// user's.
final class EntryNode: ControlNode<Entry>, NodeKind {

  static func make(_ kind: ViewNode.Kind, id: String, renderer: Renderer) -> EntryNode {
    EntryNode(Entry())
  }

  nonisolated static func texts(of kind: ViewNode.Kind) -> [LocalizedText] {
    if case .entry(let placeholder?) = kind { [placeholder] } else { [] }
  }

  override var userState: NodeState? {
    .text(control.text, selection: control.selection, scrollOffset: 0)
  }

  override func update(
    with node: ViewNode, renderer: Renderer, snapshot: LocalizationSnapshot
  ) -> String? {
    guard case .entry(let placeholder) = node.kind else { return nil }
    let hint = placeholder.map { renderer.shown($0.resolve(in: snapshot)) }
    if control.placeholderText != hint { control.placeholderText = hint }
    return nil
  }

  override func restore(_ state: NodeState) {
    guard case .text(let text, let selection, _) = state else { return }
    if control.text != text { control.text = text }
    let fitted = selection.within(control.characterCount)
    if control.selection != fitted { control.selection = fitted }
  }
}
