import Parlance
import ParlanceGtk

/// `.choice`: a combo box of items, the model deciding which is selected.
final class ChoiceNode: ControlNode<ComboBoxText>, NodeKind {
  /// The items shown, `[id, text]` each.
  private var items: [[String]] = []

  static func make(_ kind: ViewNode.Kind, id: String, renderer: Renderer) -> ChoiceNode {
    let combo = ComboBoxText()
    combo.onChanged { [weak renderer, weak combo] in
      guard let item = combo?.activeID else { return }
      renderer?.emit(.chose(node: id, item: item))
    }
    return ChoiceNode(combo)
  }

  nonisolated static func texts(of kind: ViewNode.Kind) -> [LocalizedText] {
    if case .choice(let items, _) = kind { items.map(\.text) } else { [] }
  }

  override func update(
    with node: ViewNode, renderer: Renderer, snapshot: LocalizationSnapshot
  ) -> String? {
    guard case .choice(let items, let selected) = node.kind else { return nil }
    let texts = items.map { [$0.id, $0.text.resolve(in: snapshot).text] }
    if self.items != texts {
      setItems(texts)
      self.items = texts
    }
    if control.activeID != selected { _ = control.select(id: selected) }
    return nil
  }

  /// Sets the items over those shown: the same ids in the same order get their changed
  /// texts set in place, so that the combo box whose choice caused a switch keeps its list
  /// and its selection (it never passes through "nothing selected", which a screen reader
  /// would announce); other ids rebuild it.
  private func setItems(_ texts: [[String]]) {
    if items.map({ $0[0] }) == texts.map({ $0[0] }), control.count == texts.count {
      for (index, item) in texts.enumerated() where items[index][1] != item[1] {
        control.setText(item[1], at: index)
      }
      return
    }
    control.removeAll()
    for item in texts { control.append(id: item[0], text: item[1]) }
  }
}
