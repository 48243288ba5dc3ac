import Testing

@testable import Parlance

@Suite struct TextDecodingTests {
  /// ASCII of every length up to five of the check's 32-byte blocks, with an invalid byte
  /// just past its end in memory: the check reads nothing beyond the bytes it is given.
  @Test func aCheckEndsWithTheBytesItIsGiven() {
    for length in 0...160 {
      let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length) + [0xFF]
      let offset = bytes.withUnsafeBufferPointer {
        TextDecoding.firstInvalidUTF8Offset(in: UnsafeBufferPointer(rebasing: $0[..<length]))
      }
      #expect(offset == nil, "\(length) bytes of ASCII, then 0xFF beyond them")
    }
  }

  /// One bad byte (a stray continuation byte, or a lead byte cut short) at every offset
  /// of ASCII and of two-byte letters: the offset said is where its sequence starts.
  @Test func theFirstInvalidByteIsFoundWhereverItStands() {
    func invalid(_ bytes: [UInt8], orNUL: Bool = false) -> Int? {
      bytes.withUnsafeBufferPointer { TextDecoding.firstInvalidUTF8Offset(in: $0, orNUL: orNUL) }
    }
    for length in 1...100 {
      for offset in 0..<length {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
        bytes[offset] = 0x80
        #expect(invalid(bytes) == offset, "continuation byte at \(offset) of \(length)")
        bytes[offset] = 0xC3  // "é" without its second byte
        #expect(invalid(bytes) == offset, "cut lead byte at \(offset) of \(length)")
        // A NUL is UTF-8, and what a reader that takes none asks for.
        bytes[offset] = 0
        #expect(invalid(bytes) == nil, "NUL at \(offset) of \(length)")
        #expect(invalid(bytes, orNUL: true) == offset, "NUL at \(offset) of \(length)")
        // The first of a NUL and a broken byte, either way round.
        if offset + 1 < length {
          bytes[offset + 1] = 0xFF
          #expect(invalid(bytes, orNUL: true) == offset)
          bytes[offset] = 0xFF
          bytes[offset + 1] = 0
          #expect(invalid(bytes, orNUL: true) == offset)
        }
      }
      let letters = Array(String(repeating: "é", count: length).utf8)
      #expect(invalid(letters) == nil)
      #expect(invalid(letters, orNUL: true) == nil)
    }
  }
}
