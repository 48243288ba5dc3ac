/// A position in a catalog file: a line and column of a text file, or, in a binary
/// catalog (a compiled gettext `.mo`), a byte offset or an entry.
///
/// Columns count Unicode scalars from the start of the line, whatever the file's
/// encoding, so a UTF-16 file and its UTF-8 copy report the same column. A binary file
/// has no lines: its problems are at a byte (`byte(_:)`), its messages at an entry, the
/// index gettext gives them in the file's table of originals (`entry(_:)`).
///
/// ```
/// SourceLocation(line: 3, column: 1)   3:1
/// SourceLocation.byte(4_712)           byte 4712
/// SourceLocation.entry(12)             entry 12
/// ```
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The line, from 1; 0 for a byte of a binary file, -1 for one of its entries.
  public var line: Int
  /// The column in characters, from 1; in a binary file the byte offset or entry index.
  public var column: Int

  /// The position at `line`, `column` (both from 1).
  /// - Parameters:
  ///   - line: the line, from 1.
  ///   - column: the column in characters, from 1.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// The byte at `offset` (from 0) of a binary file.
  public static func byte(_ offset: Int) -> SourceLocation {
    SourceLocation(line: 0, column: offset)
  }

  /// The entry with index `index` (from 0) of a binary file's table of messages.
  public static func entry(_ index: Int) -> SourceLocation {
    SourceLocation(line: -1, column: index)
  }

  /// The byte offset, for a position in a binary file given as one.
  public var byteOffset: Int? { line == 0 ? column : nil }

  /// The entry index, for a message of a binary file.
  public var entryIndex: Int? { line == -1 ? column : nil }

  /// Whether this is a line and column of a text file.
  public var isTextPosition: Bool { line > 0 }

  /// `3:1`, `byte 4712` or `entry 12`.
  public var description: String {
    if let byteOffset { return "byte \(byteOffset)" }
    if let entryIndex { return "entry \(entryIndex)" }
    return "\(line):\(column)"
  }

  /// Whether `lhs` comes before `rhs` in the file.
  /// - Parameters:
  ///   - lhs: a position.
  ///   - rhs: another position.
  /// - Returns: true when `lhs` is on an earlier line, or earlier on the same line (in a
  ///   binary file: at an earlier byte or entry).
  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}
