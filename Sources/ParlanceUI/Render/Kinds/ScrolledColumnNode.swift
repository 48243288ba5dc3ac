import Parlance
import ParlanceGtk

/// `.scrolledColumn`: a column in a scrolled window that takes the space left; how far it
/// is scrolled is the user's.
final class ScrolledColumnNode: RenderedNode, NodeKind {
  private let scrolled: ScrolledWindow
  private let column: Box

  private init(_ scrolled: ScrolledWindow, _ column: Box) {
    self.scrolled = scrolled
    self.column = column
    super.init(widget: scrolled)
  }

  static func make(_ kind: ViewNode.Kind, id: String, renderer: Renderer) -> ScrolledColumnNode {
    let spacing = if case .scrolledColumn(let spacing) = kind { spacing } else { 0 }
    let box = Box(orientation: .vertical, spacing: spacing)
    let scrolled = ScrolledWindow()
    scrolled.setPolicy(horizontal: .never, vertical: .automatic)
    scrolled.vexpand = true
    scrolled.hexpand = true
    scrolled.child = box
    return ScrolledColumnNode(scrolled, box)
  }

  override var widgets: [Widget] { [scrolled, column] }
  override var box: Box? { column }
  override var userState: NodeState? { .scrollOffset(scrolled.verticalAdjustment.value) }

  override func restore(_ state: NodeState) {
    guard case .scrollOffset(let offset) = state else { return }
    let adjustment = scrolled.verticalAdjustment
    if adjustment.value != offset { adjustment.value = offset }
  }
}
