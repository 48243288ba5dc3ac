/// A position in a text file: 1-based line and 1-based column.
///
/// Columns count Unicode scalars from the start of the line, whatever the file's
/// encoding, so a UTF-16 file and its UTF-8 copy report the same column.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The line, from 1.
  public var line: Int
  /// The column in characters, from 1.
  public var column: Int

  /// The position at `line`, `column` (both from 1).
  /// - Parameters:
  ///   - line: the line, from 1.
  ///   - column: the column in characters, from 1.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// `3:1`
  public var description: String { "\(line):\(column)" }

  /// Whether `lhs` comes before `rhs` in the file.
  /// - Parameters:
  ///   - lhs: a position.
  ///   - rhs: another position.
  /// - Returns: true when `lhs` is on an earlier line, or earlier on the same line.
  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}
