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
    for length in 1...100 {
      for offset in 0..<length {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
        bytes[offset] = 0x80
        #expect(
          bytes.withUnsafeBufferPointer(TextDecoding.firstInvalidUTF8Offset(in:)) == offset,
          "continuation byte at \(offset) of \(length)")
        bytes[offset] = 0xC3  // "é" without its second byte
        #expect(
          bytes.withUnsafeBufferPointer(TextDecoding.firstInvalidUTF8Offset(in:)) == offset,
          "cut lead byte at \(offset) of \(length)")
      }
      let letters = Array(String(repeating: "é", count: length).utf8)
      #expect(letters.withUnsafeBufferPointer(TextDecoding.firstInvalidUTF8Offset(in:)) == nil)
    }
  }
}
