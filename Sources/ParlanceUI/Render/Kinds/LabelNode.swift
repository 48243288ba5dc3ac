import Parlance
import ParlanceGtk

/// `.heading`, `.label` and `.caption`: a text. A caption names the control it is for
/// (its mnemonic widget, linked once the whole tree is rendered).
final class LabelNode: RenderedNode, NodeKind {
  private enum Variant { case heading, label, caption }
  private let textLabel: Label
  private let variant: Variant

  private init(_ label: Label, _ variant: Variant) {
    textLabel = label
    self.variant = variant
    super.init(widget: label)
  }

  private static func variant(of kind: ViewNode.Kind) -> Variant {
    switch kind {
    case .heading: .heading
    case .caption: .caption
    default: .label
    }
  }

  static func make(_ kind: ViewNode.Kind, id: String, renderer: Renderer) -> LabelNode {
    let label = Label()
    label.xalign = 0
    let variant = variant(of: kind)
    switch variant {
    case .heading: label.addStyleClass("parlance-heading")
    case .caption: label.addStyleClass("dim-label")
    case .label: break
    }
    return LabelNode(label, variant)
  }

  nonisolated static func texts(of kind: ViewNode.Kind) -> [LocalizedText] {
    switch kind {
    case .heading(let text), .label(let text, _), .caption(let text, _): [text]
    default: []
    }
  }

  override var label: Label? { textLabel }

  override func serves(_ kind: ViewNode.Kind) -> Bool {
    Self.variant(of: kind) == variant
  }

  override func update(
    with node: ViewNode, renderer: Renderer, snapshot: LocalizationSnapshot
  ) -> String? {
    switch node.kind {
    case .heading(let text):
      return renderer.show(text.resolve(in: snapshot), in: textLabel, id: node.id)
    case .caption(let text, let named):
      if let named { renderer.captionTargets[node.id] = named }
      return renderer.show(text.resolve(in: snapshot), in: textLabel, id: node.id)
    case .label(let text, let wraps):
      setWrapping(wraps)
      return renderer.show(text.resolve(in: snapshot), in: textLabel, id: node.id)
    default:
      return nil
    }
  }

  /// A label that wraps does so at 60 characters; one that does not is cut with "…".
  private func setWrapping(_ wraps: Bool) {
    if textLabel.wrap != wraps { textLabel.wrap = wraps }
    if wraps {
      if textLabel.maxWidthChars != 60 { textLabel.maxWidthChars = 60 }
    } else if textLabel.ellipsize != .end {
      // A line too long for the window is cut with "…" (and reported by screenshots)
      // rather than widening the window past the screen.
      textLabel.ellipsize = .end
    }
  }
}
