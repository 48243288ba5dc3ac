/// A width and height in pixels.
public struct Size: Hashable, Sendable {
  /// The width in pixels.
  public var width: Int
  /// The height in pixels.
  public var height: Int

  /// A size of `width` × `height` pixels.
  /// - Parameters:
  ///   - width: the width in pixels.
  ///   - height: the height in pixels.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}
