import Parlance
import ParlanceGtk

/// `.textArea`: a text view in a scrolled window. Its text, cursor, selection and scroll
/// are the user's; its buffer is kept per node across renders, so a rebuild gives the new
/// view the same document.
final class TextAreaNode: RenderedNode, NodeKind {
  private let scrolled: ScrolledWindow
  private let view: TextView

  private init(_ scrolled: ScrolledWindow, _ view: TextView) {
    self.scrolled = scrolled
    self.view = view
    super.init(widget: scrolled)
  }

  static func make(_ kind: ViewNode.Kind, id: String, renderer: Renderer) -> TextAreaNode {
    let buffer = renderer.textBuffers[id] ?? TextBuffer()
    renderer.textBuffers[id] = buffer
    let view = TextView(buffer: buffer)
    view.wrapMode = .wordCharacter
    let scrolled = ScrolledWindow()
    scrolled.setPolicy(horizontal: .never, vertical: .automatic)
    scrolled.vexpand = true
    scrolled.child = view
    return TextAreaNode(scrolled, view)
  }

  override var widgets: [Widget] { [scrolled, view] }
  override var focusTarget: Widget { view }

  override var userState: NodeState? {
    .text(
      view.buffer.text, selection: view.buffer.selection,
      scrollOffset: scrolled.verticalAdjustment.value)
  }

  override func update(
    with node: ViewNode, renderer: Renderer, snapshot: LocalizationSnapshot
  ) -> String? {
    if case .textArea(let height) = node.kind, scrolled.minContentHeight != height {
      scrolled.minContentHeight = height
    }
    return nil
  }

  override func restore(_ state: NodeState) {
    guard case .text(let text, let selection, let offset) = state else { return }
    let buffer = view.buffer
    if buffer.text != text { buffer.text = text }
    let fitted = selection.within(buffer.characterCount)
    if buffer.selection != fitted { buffer.selection = fitted }
    let adjustment = scrolled.verticalAdjustment
    if adjustment.value != offset { adjustment.value = offset }
  }
}
