import ParlanceGtk

extension Renderer {
  /// Reads the user's state out of the widgets of the last render into `state`.
  func capture(into state: inout UserState) {
    guard !rendered.isEmpty else { return }
    for (id, node) in rendered {
      if let nodeState = node.userState { state.nodes[id] = nodeState }
    }
    if let focused = window.focusWidget {
      state.focusedNode = rendered.first { $0.value.owns(focused) }?.key
    } else {
      state.focusedNode = nil
    }
    let size = window.size
    if size.width > 1, size.height > 1 { state.windowSize = size }
  }

  /// Gives `state` back to the widgets just rendered: the focus, then each node the state
  /// of its kind, then the window size. Forgets the state of nodes no longer shown.
  func restore(_ state: UserState) {
    // Focus first: an entry that takes the focus selects all of its text.
    if let focus = state.focusedNode, let node = rendered[focus], !node.focusTarget.isFocus {
      node.focusTarget.grabFocus()
    }
    for id in order {
      guard let node = rendered[id], let nodeState = state.nodes[id] else { continue }
      node.restore(nodeState)
    }
    renderState.nodes = state.nodes.filter { rendered[$0.key] != nil }
    if let size = state.windowSize, window.size != size {
      window.resize(to: size)
    }
  }
}

extension RenderedNode {
  /// What the user set in this node's widgets, for the kinds that keep any.
  var userState: NodeState? {
    switch self {
    case .textArea(let scrolled, let view):
      .text(
        view.buffer.text, selection: view.buffer.selection,
        scrollOffset: scrolled.verticalAdjustment.value)
    case .entry(let entry): .text(entry.text, selection: entry.selection, scrollOffset: 0)
    case .toggle(let check): .isOn(check.isActive)
    case .numberField(let spin): .number(spin.intValue)
    case .expander(let expander, _): .isExpanded(expander.isExpanded)
    case .notebook(let notebook): .page(notebook.currentPage)
    case .scrolledColumn(let scrolled, _): .scrollOffset(scrolled.verticalAdjustment.value)
    default: nil
    }
  }

  /// Sets `state` on the widgets when it is of their kind and differs from what they show.
  func restore(_ state: NodeState) {
    switch (state, self) {
    case (.text(let text, let selection, let offset), .textArea(let scrolled, let view)):
      let buffer = view.buffer
      if buffer.text != text { buffer.text = text }
      let count = buffer.characterCount
      let fitted = TextSelection(
        cursor: min(selection.cursor, count), anchor: min(selection.anchor, count))
      if buffer.selection != fitted { buffer.selection = fitted }
      let adjustment = scrolled.verticalAdjustment
      if adjustment.value != offset { adjustment.value = offset }
    case (.text(let text, let selection, _), .entry(let entry)):
      if entry.text != text { entry.text = text }
      let count = entry.characterCount
      let fitted = TextSelection(
        cursor: min(selection.cursor, count), anchor: min(selection.anchor, count))
      if entry.selection != fitted { entry.selection = fitted }
    case (.isOn(let isOn), .toggle(let check)):
      if check.isActive != isOn { check.isActive = isOn }
    case (.number(let number), .numberField(let spin)):
      if spin.intValue != number { spin.value = Double(number) }
    case (.isExpanded(let isExpanded), .expander(let expander, _)):
      if expander.isExpanded != isExpanded { expander.isExpanded = isExpanded }
    case (.page(let page), .notebook(let notebook)):
      if notebook.currentPage != page, page < notebook.pageCount { notebook.currentPage = page }
    case (.scrollOffset(let offset), .scrolledColumn(let scrolled, _)):
      let adjustment = scrolled.verticalAdjustment
      if adjustment.value != offset { adjustment.value = offset }
    default:
      break
    }
  }
}
