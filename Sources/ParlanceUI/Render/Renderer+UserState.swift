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
    // Before the window is shown, its size would be computed from every widget's size
    // request (`gtk_window_get_size`), a measure of the whole window made only to compare:
    // the size is asked for instead, and the window opens at it (or as large as its
    // content needs), measured once, as it is shown.
    if let size = state.windowSize, !window.isMapped || window.size != size {
      window.resize(to: size)
    }
  }
}
