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
