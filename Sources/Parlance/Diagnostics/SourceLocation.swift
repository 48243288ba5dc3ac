/// A position in a text file: 1-based line and 1-based column.
///
/// Columns count Unicode scalars from the start of the line, whatever the file's
/// encoding, so a UTF-16 file and its UTF-8 copy report the same column.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// `3:1`
  public var description: String { "\(line):\(column)" }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}
