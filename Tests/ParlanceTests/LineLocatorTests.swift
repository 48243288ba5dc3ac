import Testing

@testable import Parlance

@Suite("LineLocator")
struct LineLocatorTests {
  /// Line and column of every offset of random text of every kind of line break and of
  /// one- to four-byte characters, against a count of the text before it, asked in
  /// increasing order with random steps as the readers ask.
  @Test func everyOffsetAgreesWithACountOfTheTextBeforeIt() {
    let pieces = ["a", "é", "日本", "😀", "\n", "\r\n", "\r", "\n\n", "abcdefgh", "0123456789"]
    var random = SplitMix64(seed: 0x11_0c47_0512)
    for _ in 0..<200 {
      let text = (0..<Int(random.next() % 40)).map { _ in
        pieces[Int(random.next() % UInt64(pieces.count))]
      }.joined()
      let bytes = Array(text.utf8)
      bytes.withUnsafeBufferPointer { buffer in
        var locator = LineLocator()
        var offset = 0
        while offset <= bytes.count {
          #expect(
            locator.location(of: offset, in: buffer) == Self.location(of: offset, in: bytes),
            "offset \(offset) of \(text.debugDescription)")
          offset += 1 + Int(random.next() % 12)
        }
      }
    }
  }

  /// The same with long walks (the locator counts those sixteen bytes at a time), over
  /// text with and without `\r`, starting anywhere: next to a `\r\n`, inside a line,
  /// on a break.
  @Test func longWalksAgreeWithACountOfTheTextBeforeThem() {
    let pieces = ["a", "é", "日本", "😀", "\n", "\n\n", "abcdefgh", "0123456789", "\r\n", "\r"]
    var random = SplitMix64(seed: 0x11_0c47_0513)
    for round in 0..<120 {
      // Every third text has `\r`s, one piece in 40 (or a walk would seldom miss them).
      let text = (0..<Int(random.next() % 400)).map { _ in
        round % 3 == 0 && random.next() % 40 == 0
          ? pieces[pieces.count - 2 + Int(random.next() % 2)]
          : pieces[Int(random.next() % UInt64(pieces.count - 2))]
      }.joined()
      let bytes = Array(text.utf8)
      // Random steps, and the middle of every `\r\n`, so that a walk starts between the two.
      var offsets: Set<Int> = []
      var offset = Int(random.next() % 40)
      while offset <= bytes.count {
        offsets.insert(offset)
        offset += 1 + Int(random.next() % 900)
      }
      for index in bytes.indices.dropFirst() where bytes[index - 1] == 0x0D && bytes[index] == 0x0A
      {
        offsets.insert(index)
      }
      bytes.withUnsafeBufferPointer { buffer in
        var locator = LineLocator()
        for offset in offsets.sorted() {
          #expect(
            locator.location(of: offset, in: buffer) == Self.location(of: offset, in: bytes),
            "offset \(offset) of \(text.debugDescription)")
        }
      }
    }
  }

  /// The lines before `offset` (each `\r\n`, `\r` and `\n` ends one), and the scalars
  /// started since the last of them, counted afresh.
  private static func location(of offset: Int, in bytes: [UInt8]) -> Parlance.SourceLocation {
    let before = bytes[..<offset]
    let breaks = before.indices.filter {
      before[$0] == 0x0D || (before[$0] == 0x0A && ($0 == 0 || before[$0 - 1] != 0x0D))
    }
    let lineStart = before.lastIndex { $0 == 0x0A || $0 == 0x0D }.map { $0 + 1 } ?? 0
    let scalars = before[lineStart...].filter { $0 & 0xC0 != 0x80 }.count
    return Parlance.SourceLocation(line: 1 + breaks.count, column: 1 + scalars)
  }
}
