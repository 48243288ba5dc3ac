import CGtk

/// A rectangle in pixels, such as the space a widget was allocated inside its toplevel
/// (in JSON: `{"x", "y", "width", "height"}`).
public struct Rectangle: Hashable, Sendable, Codable {
  /// The left edge in pixels.
  public var x: Int
  /// The top edge in pixels.
  public var y: Int
  /// The width in pixels.
  public var width: Int
  /// The height in pixels.
  public var height: Int

  /// A rectangle at (`x`, `y`) of `width` × `height` pixels.
  /// - Parameters:
  ///   - x: the left edge in pixels.
  ///   - y: the top edge in pixels.
  ///   - width: the width in pixels.
  ///   - height: the height in pixels.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  init(_ rectangle: GdkRectangle) {
    self.init(
      x: Int(rectangle.x), y: Int(rectangle.y),
      width: Int(rectangle.width), height: Int(rectangle.height))
  }
}
