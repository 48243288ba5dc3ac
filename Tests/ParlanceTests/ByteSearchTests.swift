import Testing

@testable import Parlance

@Suite struct ByteSearchTests {
  /// `#@` at every offset of strings of every length up to three 16-byte blocks, and `#`
  /// and `@` apart, against a search of one byte at a time.
  @Test func aPairIsFoundWhereverItStands() {
    for length in 0...48 {
      for offset in 0..<max(length - 1, 0) {
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
        bytes[offset] = UInt8(ascii: "#")
        bytes[offset + 1] = UInt8(ascii: "@")
        #expect(contains(bytes), "#@ at \(offset) of \(length)")
        bytes[offset + 1] = UInt8(ascii: "y")
        if offset + 2 < length { bytes[offset + 2] = UInt8(ascii: "@") }
        #expect(!contains(bytes), "# at \(offset), @ two later, of \(length)")
      }
    }
  }

  /// Bytes next to `#` or `@` in value (`"`, `?`, `A`, 0x80 above and below) never pass
  /// for them, as a test with borrows between bytes would let them.
  @Test func onlyTheBytesThemselvesMatch() {
    let near: [UInt8] = [0x22, 0x24, 0x3F, 0x41, 0xA3, 0xC0, 0x00, 0xFF]
    for first in near {
      for second in near {
        let bytes =
          [UInt8](repeating: first, count: 7) + [second] + [UInt8](repeating: second, count: 9)
        #expect(!contains(bytes))
      }
    }
    #expect(contains([0x00, 0x23, 0x40, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]))
    #expect(contains(Array("é#@é".utf8)))
  }

  private func contains(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { $0.containsPair(UInt8(ascii: "#"), UInt8(ascii: "@")) }
  }
}
