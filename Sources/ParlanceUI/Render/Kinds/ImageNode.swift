import Parlance
import ParlanceGtk

/// `.image`: a localized image, the file of the snapshot's language.
final class ImageNode: ControlNode<Image>, NodeKind {
  private var path: String?

  static func make(_ kind: ViewNode.Kind, id: String, renderer: Renderer) -> ImageNode {
    let image = Image()
    image.halign = .start
    return ImageNode(image)
  }

  override func update(
    with node: ViewNode, renderer: Renderer, snapshot: LocalizationSnapshot
  ) -> String? {
    guard case .image(let resource) = node.kind else { return nil }
    let path = snapshot.resourceURL(named: resource)?.path
    if self.path != path {
      if let path { control.setFromFile(path) } else { control.clear() }
      self.path = path
    }
    return nil
  }
}
