import CGtk

/// A rectangle in pixels, such as the space a widget was allocated inside its toplevel.
public struct Rectangle: Hashable, Sendable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

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
