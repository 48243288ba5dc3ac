import Testing

@testable import Parlance

@Suite struct JSONTapeTests {
  /// A string of every length up to three of the scan's 16-byte blocks with, at every
  /// offset, an escape, a control character, a two-byte letter, or the closing quote:
  /// each is seen where it stands, whichever block or word it falls in.
  @Test func everyByteThatEndsARunIsSeenWhereverItStands() throws {
    for length in 0...48 {
      for offset in 0...length {
        let before = String(repeating: "a", count: offset)
        let after = String(repeating: "b", count: length - offset)
        let escaped = try #require(JSONTape.scan(Array("[\"\(before)\\n\(after)\"]".utf8)))
        #expect(escaped.string(at: 1) == before + "\n" + after, "\\n at \(offset) of \(length)")
        let control = try #require(JSONTape.scan(Array("[\"\(before)\u{1}\(after)\"]".utf8)))
        #expect(control.string(at: 1) == nil, "0x01 at \(offset) of \(length)")
        let letter = try #require(JSONTape.scan(Array("[\"\(before)é\(after)\"]".utf8)))
        #expect(letter.string(at: 1) == before + "é" + after, "é at \(offset) of \(length)")
        let ended = try #require(JSONTape.scan(Array("[\"\(before)\", \"\(after)\"]".utf8)))
        #expect(ended.string(at: 1) == before, "a quote at \(offset) of \(length)")
        #expect(ended.string(at: 2) == after, "a quote at \(offset) of \(length)")
      }
    }
  }
}
