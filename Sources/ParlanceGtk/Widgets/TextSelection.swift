/// A text selection as two character offsets: where the cursor is, and where it started.
///
/// `cursor == anchor` means nothing is selected and the cursor is at `cursor`.
public struct TextSelection: Hashable, Sendable {
  /// The offset of the insertion cursor (GTK's `insert` mark).
  public var cursor: Int
  /// The offset of the fixed end (GTK's `selection_bound` mark).
  public var anchor: Int

  /// A selection from `anchor` to `cursor` (equal for none).
  /// - Parameters:
  ///   - cursor: where the insertion point is, in characters.
  ///   - anchor: the other end of the selection, in characters.
  public init(cursor: Int, anchor: Int) {
    self.cursor = cursor
    self.anchor = anchor
  }

  /// Whether no character is selected.
  public var isEmpty: Bool { cursor == anchor }

  /// The selected characters, from the lower to the higher offset.
  public var range: Range<Int> { min(cursor, anchor)..<max(cursor, anchor) }
}
