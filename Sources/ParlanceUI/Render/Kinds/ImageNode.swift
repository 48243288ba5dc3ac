import Parlance
import ParlanceGtk

/// `.image`: a localized image, the file of the snapshot's language.
final class ImageNode: RenderedNode, NodeKind {
  private let image: Image
  private var path: String?

  private init(_ image: Image) {
    self.image = image
    super.init(widget: image)
  }

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
      if let path { image.setFromFile(path) } else { image.clear() }
      self.path = path
    }
    return nil
  }
}
