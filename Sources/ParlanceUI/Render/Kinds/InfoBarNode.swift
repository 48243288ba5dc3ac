import Parlance
import ParlanceGtk

/// `.infoBar`: a problem and its details, shown while the model has a message; its close
/// button hides it and reports `.dismissed`.
final class InfoBarNode: ControlNode<InfoBar>, NodeKind {
  private var closeName: String?

  static func make(_ kind: ViewNode.Kind, id: String, renderer: Renderer) -> InfoBarNode {
    let bar = InfoBar(text: "", messageType: .error)
    bar.showCloseButton = true
    // Shown and hidden by the renderer alone: `showAll` of the window leaves it be.
    bar.showAll()
    bar.hide()
    bar.noShowAll = true
    bar.onResponse { [weak renderer, weak bar] response in
      guard response == .close else { return }
      bar?.hide()
      renderer?.emit(.dismissed(node: id))
    }
    return InfoBarNode(bar)
  }

  nonisolated static func texts(of kind: ViewNode.Kind) -> [LocalizedText] {
    if case .infoBar(let message, _, let closeName) = kind {
      [message, closeName].compactMap { $0 }
    } else {
      []
    }
  }

  override func update(
    with node: ViewNode, renderer: Renderer, snapshot: LocalizationSnapshot
  ) -> String? {
    guard case .infoBar(let message, let details, let closeName) = node.kind else { return nil }
    let close = closeName.map { $0.resolve(in: snapshot).text }
    if let close, self.closeName != close, let button = control.closeButton {
      button.accessibleName = close
      self.closeName = close
    }
    if let message {
      let text = ([message.resolve(in: snapshot).text] + details).joined(separator: "\n")
      if control.text != text { control.text = text }
    }
    if control.isVisible != (message != nil) { control.isVisible = message != nil }
    return nil
  }
}
