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
      texts += node.kind.rendering.texts(of: node.kind)
      texts += [node.tooltip, node.accessibleName].compactMap { $0 }
      node.children.forEach(visit)
    }
    visit(self)
    return texts
  }
}
