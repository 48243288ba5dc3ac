import Testing

@testable import Parlance

@Suite("LineLocator")
struct LineLocatorTests {
  /// Line and column of every offset of random text of every kind of line break and of
  /// one- to four-byte characters, against a byte-by-byte count, asked in increasing order
  /// with random steps as the readers ask.
  @Test func everyOffsetAgreesWithAByteByByteCount() {
    let pieces = ["a", "é", "日本", "😀", "\n", "\r\n", "\r", "\n\n", "abcdefgh", "0123456789"]
    var random = SplitMix64(seed: 0x11_0c47_0512)
    for _ in 0..<200 {
      let text = (0..<Int(random.next() % 40)).map { _ in
        pieces[Int(random.next() % UInt64(pieces.count))]
      }.joined()
      let bytes = Array(text.utf8)
      var expected: [Parlance.SourceLocation] = []
      var line = 1
      var column = 1
      for (index, byte) in bytes.enumerated() {
        expected.append(Parlance.SourceLocation(line: line, column: column))
        if byte == 0x0A {
          if !(index > 0 && bytes[index - 1] == 0x0D) { line += 1 }
          column = 1
        } else if byte == 0x0D {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
      }
      expected.append(Parlance.SourceLocation(line: line, column: column))
      bytes.withUnsafeBufferPointer { buffer in
        var locator = LineLocator()
        var offset = 0
        while offset <= bytes.count {
          #expect(
            locator.location(of: offset, in: buffer) == expected[offset],
            "offset \(offset) of \(text.debugDescription)")
          offset += 1 + Int(random.next() % 12)
        }
      }
    }
  }
}
