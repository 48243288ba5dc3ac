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
        #expect(
          escaped.reading { $0.string(at: 1) } == before + "\n" + after,
          "\\n at \(offset) of \(length)")
        let control = try #require(JSONTape.scan(Array("[\"\(before)\u{1}\(after)\"]".utf8)))
        #expect(control.reading { $0.string(at: 1) } == nil, "0x01 at \(offset) of \(length)")
        let letter = try #require(JSONTape.scan(Array("[\"\(before)é\(after)\"]".utf8)))
        #expect(
          letter.reading { $0.string(at: 1) } == before + "é" + after, "é at \(offset) of \(length)"
        )
        let ended = try #require(JSONTape.scan(Array("[\"\(before)\", \"\(after)\"]".utf8)))
        #expect(ended.reading { $0.string(at: 1) } == before, "a quote at \(offset) of \(length)")
        #expect(ended.reading { $0.string(at: 2) } == after, "a quote at \(offset) of \(length)")
      }
    }
  }

  /// `#@` and a byte beyond ASCII are noted wherever they stand in a string: in either
  /// half of a 16-byte block, across two blocks, or among the last bytes of the text,
  /// which are read one at a time. The flag says "may hold": a pair the scan missed
  /// would leave a plural variable unread.
  @Test func aVariablesStartAndBrokenUTF8AreNotedWhereverTheyStand() throws {
    func tape(_ bytes: [UInt8]) throws -> JSONTape { try #require(JSONTape.scan(bytes)) }
    for length in 0...40 {
      for offset in 0...length {
        let before = Array(repeating: UInt8(ascii: "a"), count: offset)
        let after = Array(repeating: UInt8(ascii: "b"), count: length - offset)
        // Near the end of the text, and with 20 bytes after the string.
        for tail in [[], Array(repeating: UInt8(ascii: " "), count: 20)] {
          func string(_ middle: String) -> [UInt8] {
            Array("[\"".utf8) + before + Array(middle.utf8) + after + Array("\"]".utf8) + tail
          }
          let place = "at \(offset) of \(length), \(tail.count) bytes after"
          #expect(try tape(string("#@")).mayContainVariable(1), "#@ \(place)")
          #expect(!(try tape(string("#a@")).mayContainVariable(1)), "#a@ \(place)")
          #expect(!(try tape(string("@#")).mayContainVariable(1)), "@# \(place)")
          #expect(try tape(string("é")).isUTF8, "é \(place)")
          // `é` with its second byte cut off, and a byte no UTF-8 has.
          var cut = string("é")
          cut[2 + offset + 1] = UInt8(ascii: "x")
          #expect(!(try tape(cut).isUTF8), "a cut é \(place)")
          var invalid = string("x")
          invalid[2 + offset] = 0xFF
          #expect(!(try tape(invalid).isUTF8), "0xFF \(place)")
        }
      }
    }
  }

  /// Broken UTF-8 is found inside an escape's four bytes too, and `#@` spelled with
  /// escapes (`#\u0040`) counts: a string with an escape always may hold one.
  @Test func escapesAreCheckedWhole() throws {
    var broken = Array(#"["a\u00"#.utf8) + [0xFF, UInt8(ascii: "9")] + Array(#"b"]"#.utf8)
    #expect(JSONTape.scan(broken).map(\.isUTF8) == false)
    broken[broken.count - 5] = UInt8(ascii: "c")
    #expect(JSONTape.scan(broken).map(\.isUTF8) == true)
    let escaped = try #require(JSONTape.scan(Array(##"["#\u0040", "#\n@"]"##.utf8)))
    #expect(escaped.mayContainVariable(1) && escaped.mayContainVariable(2))
    #expect(escaped.reading { $0.string(at: 1) } == "#@")
  }

  /// A tape's text is in reach only inside `reading`: outside it, the first access stops
  /// the program instead of reading memory that may be gone.
  @Test func aTapeReadOutsideReadingStops() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let tape = JSONTape.scan(Array(#"["a"]"#.utf8))
        _ = tape?.string(at: 1)
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("a JSONTape read outside `reading`"), "\(message)")
  }
}
