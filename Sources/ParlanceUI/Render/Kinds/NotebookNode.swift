import Parlance
import ParlanceGtk

/// `.notebook`: its children are pages, each tab reading its page's title; the page shown
/// is the user's unless the model gives one.
final class NotebookNode: ControlNode<Notebook>, NodeKind {

  static func make(_ kind: ViewNode.Kind, id: String, renderer: Renderer) -> NotebookNode {
    let notebook = Notebook()
    notebook.onPageChanged { [weak renderer, weak notebook] in
      guard let notebook else { return }
      renderer?.emit(.pageChanged(node: id, page: notebook.currentPage))
    }
    return NotebookNode(notebook)
  }

  override var userState: NodeState? { .page(control.currentPage) }

  override func update(
    with node: ViewNode, renderer: Renderer, snapshot: LocalizationSnapshot
  ) -> String? {
    if case .notebook(let page?) = node.kind { renderer.renderState.nodes[node.id] = .page(page) }
    return nil
  }

  /// Puts the pages in, in order, each tab reading its page's title.
  override func place(
    _ children: [(node: ViewNode, widget: Widget)], renderer: Renderer,
    snapshot: LocalizationSnapshot
  ) {
    let pages = children.map { node, widget in
      let title: String
      if case .page(let text, _) = node.kind {
        title = renderer.shown(text.resolve(in: snapshot))
      } else {
        title = node.id
      }
      return (widget: widget, title: title)
    }
    let current = control.children
    if current.count != pages.count || zip(current, pages).contains(where: { $0 !== $1.widget }) {
      for child in current { control.remove(child) }
      for page in pages { control.append(page.widget, tab: page.title) }
    }
    for page in pages where control.tabText(of: page.widget) != page.title {
      control.setTabText(page.title, of: page.widget)
    }
  }

  override func restore(_ state: NodeState) {
    guard case .page(let page) = state, control.currentPage != page, page < control.pageCount
    else { return }
    control.currentPage = page
  }
}
