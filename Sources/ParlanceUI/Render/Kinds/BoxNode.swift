import Parlance
import ParlanceGtk

/// `.column`, `.row` and `.page`: children laid out in a line.
final class BoxNode: RenderedNode, NodeKind {
  private enum Variant { case column, row, page }
  private let lineBox: Box
  private let variant: Variant

  private init(_ box: Box, _ variant: Variant) {
    lineBox = box
    self.variant = variant
    super.init(widget: box)
  }

  private static func variant(of kind: ViewNode.Kind) -> (Variant, spacing: Int) {
    switch kind {
    case .row(let spacing): (.row, spacing)
    case .page(_, let spacing): (.page, spacing)
    case .column(let spacing): (.column, spacing)
    default: (.column, 0)
    }
  }

  static func make(_ kind: ViewNode.Kind, id: String, renderer: Renderer) -> BoxNode {
    let (variant, spacing) = variant(of: kind)
    let box = Box(orientation: variant == .row ? .horizontal : .vertical, spacing: spacing)
    switch variant {
    case .column: box.setMargins(18)
    case .page: box.setMargins(12)
    case .row: break
    }
    return BoxNode(box, variant)
  }

  nonisolated static func texts(of kind: ViewNode.Kind) -> [LocalizedText] {
    if case .page(let title, _) = kind { [title] } else { [] }
  }

  override var box: Box? { lineBox }

  override func serves(_ kind: ViewNode.Kind) -> Bool {
    Self.variant(of: kind).0 == variant
  }

  override func update(
    with node: ViewNode, renderer: Renderer, snapshot: LocalizationSnapshot
  ) -> String? {
    // A page's title is its tab's, set by the notebook; recorded here for reports.
    if case .page(let title, _) = node.kind {
      renderer.resolvedTexts.append((node.id, title.resolve(in: snapshot)))
    }
    return nil
  }
}
