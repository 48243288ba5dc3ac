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

  /// `<`, `&`, a letter beyond ASCII, and bytes next to them in value, at every offset
  /// of strings up to three 16-byte blocks, alone or followed by another stop or a byte
  /// one above `<` (which a borrow from the byte below can mark too), searched from every
  /// start: the first stop is found exactly as a search of one byte at a time finds it.
  @Test func theFirstStopIsFoundWhereverItStands() {
    let stops: [UInt8] = [0x3C, 0x26, 0xC3, 0x80, 0xFF]
    let near: [UInt8] = [0x3B, 0x3D, 0x25, 0x27, 0x7F, 0x00, 0x61]
    for length in 0...48 {
      for offset in 0..<length {
        for byte in stops + near {
          for follower in [nil, 0x3D, 0x26] as [UInt8?] {
            var bytes = [UInt8](repeating: near[(offset + length) % near.count], count: length)
            bytes[offset] = byte
            if let follower, offset + 1 < length { bytes[offset + 1] = follower }
            for start in [0, offset / 2, offset] {
              for orNonASCII in [false, true] {
                let expected =
                  bytes[start...].firstIndex {
                    $0 == 0x3C || $0 == 0x26 || (orNonASCII && $0 >= 0x80)
                  } ?? length
                let found = bytes.withUnsafeBufferPointer {
                  $0.firstOffset(of: 0x3C, or: 0x26, orNonASCII: orNonASCII, from: start)
                }
                #expect(found == expected, "\(byte) at \(offset) of \(length) from \(start)")
              }
            }
          }
        }
      }
    }
  }

  private func contains(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { $0.containsPair(UInt8(ascii: "#"), UInt8(ascii: "@")) }
  }
}
