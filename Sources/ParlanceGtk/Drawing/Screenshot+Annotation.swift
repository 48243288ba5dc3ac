import CGtk

extension Screenshot {
  /// A rectangle to outline on a screenshot, labelled.
  public struct Annotation: Hashable, Sendable {
    /// The rectangle, in the screenshot's pixels.
    public let rectangle: Rectangle
    /// The label written beside it (one line).
    public let label: String
    /// The colour of its outline and label, `0xRRGGBB`.
    public let color: UInt32

    /// `rectangle` outlined in `color`, labelled `label`.
    public init(rectangle: Rectangle, label: String, color: UInt32) {
      self.rectangle = rectangle
      self.label = label
      self.color = color
    }
  }

  /// A copy with each of `annotations` drawn over it: the rectangle outlined, and its
  /// label in white on the outline's colour, above the rectangle where there is room,
  /// else below it, else inside its top. The pixels themselves are this screenshot's otherwise.
  ///
  /// Needs no display and no GLib: any thread may annotate its own images.
  public func annotated(_ annotations: [Annotation]) -> Screenshot {
    guard let surface = imageSurface() else { return self }
    defer { cairo_surface_destroy(surface) }
    guard let context = cairo_create(surface) else { return self }
    cairo_select_font_face(
      context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(context, 9)
    cairo_set_line_width(context, 1)
    for annotation in annotations {
      let red = Double((annotation.color >> 16) & 0xFF) / 255
      let green = Double((annotation.color >> 8) & 0xFF) / 255
      let blue = Double(annotation.color & 0xFF) / 255
      let box = annotation.rectangle
      cairo_set_source_rgb(context, red, green, blue)
      cairo_rectangle(
        context, Double(box.x) + 0.5, Double(box.y) + 0.5, Double(max(box.width - 1, 0)),
        Double(max(box.height - 1, 0)))
      cairo_stroke(context)
      guard !annotation.label.isEmpty else { continue }
      var extents = cairo_text_extents_t()
      cairo_text_extents(context, annotation.label, &extents)
      let labelHeight = 11.0
      let below = Double(box.y + box.height)
      let top =
        Double(box.y) >= labelHeight
        ? Double(box.y) - labelHeight
        : below + labelHeight <= Double(height) ? below : Double(box.y)
      cairo_rectangle(context, Double(box.x), top, extents.x_advance + 4, labelHeight)
      cairo_fill(context)
      cairo_set_source_rgb(context, 1, 1, 1)
      cairo_move_to(context, Double(box.x) + 2, top + 8.5)
      cairo_show_text(context, annotation.label)
    }
    cairo_destroy(context)
    return (try? Screenshot(surface: surface)) ?? self
  }
}
