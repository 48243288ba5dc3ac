extension ViewNode {
  /// Every text of the tree, in tree order: what each node shows, the items of its menu,
  /// its tooltip and its accessible name.
  ///
  /// What a render of the tree resolves, so that another thread can resolve them first
  /// (`WindowController.prepareFirstRender(of:)`); the messages of an info bar's details
  /// are plain strings and not among them.
  public var localizedTexts: [LocalizedText] {
    var texts: [LocalizedText] = []
    func visit(_ node: ViewNode) {
      switch node.kind {
      case .heading(let text), .label(let text, _), .caption(let text, _), .toggle(let text, _),
        .button(let text), .expander(let text, _), .page(let text, _):
        texts.append(text)
      case .choice(let items, _):
        texts += items.map(\.text)
      case .entry(let placeholder):
        if let placeholder { texts.append(placeholder) }
      case .infoBar(let message, _, let closeName):
        texts += [message, closeName].compactMap { $0 }
      case .column, .row, .scrolledColumn, .numberField, .textArea, .image, .notebook:
        break
      }
      texts += [node.tooltip, node.accessibleName].compactMap { $0 }
      node.children.forEach(visit)
    }
    visit(self)
    return texts
  }
}
