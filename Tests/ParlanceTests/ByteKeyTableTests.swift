import Testing

@testable import Parlance

@Suite struct ByteKeyTableTests {
  /// Keys of every length up to three words, each inserted once and then asked again,
  /// across the table's growth from 16 slots: each is found with its own value, and a
  /// key that differs in one byte, or only in length, is not.
  @Test func eachKeyIsFoundWithItsOwnValueAcrossGrowth() {
    var text: [UInt8] = []
    var ranges: [Range<Int>] = []
    for index in 0..<2_000 {
      let key = Array("key \(index) \(String(repeating: "x", count: index % 24))".utf8)
      ranges.append(text.count..<text.count + key.count)
      text += key
    }
    let probe = Array("key 7 xxxxxxy".utf8)  // key 7 has seven x: one byte differs
    let shorter = Array("key 1".utf8)  // a prefix of key 1, key 10, key 100 …
    text += probe + shorter
    text.withUnsafeBufferPointer { buffer in
      var table = ByteKeyTable(keys: ranges.count, bytes: buffer.count)
      for (value, range) in ranges.enumerated() {
        guard case .absent(let position) = table.probe(range.lowerBound, range.count, in: buffer)
        else {
          Issue.record("key \(value) found before it was inserted")
          return
        }
        table.insert(value, at: position)
      }
      for (value, range) in ranges.enumerated() {
        guard case .found(let found) = table.probe(range.lowerBound, range.count, in: buffer)
        else {
          Issue.record("key \(value) not found")
          continue
        }
        #expect(found == value)
      }
      let probeStart = buffer.count - shorter.count - probe.count
      if case .found(let value) = table.probe(probeStart, probe.count, in: buffer) {
        Issue.record("a key one byte apart was found as key \(value)")
      }
      if case .found(let value) = table.probe(
        buffer.count - shorter.count, shorter.count, in: buffer)
      {
        Issue.record("a prefix of longer keys was found as key \(value)")
      }
    }
  }

  /// A key of up to eight bytes is one word where eight bytes can be read from it, and
  /// bytes one by one within the last eight of the text: the same key either way is
  /// found, whichever was inserted first, and a key that differs in its last byte is not.
  @Test func aShortKeyIsTheSameKeyAtTheEndOfTheText() {
    for length in 1...8 {
      let key = Array("abcdefgh".utf8.prefix(length))
      var other = key
      other[length - 1] = UInt8(ascii: "z")
      // The key, the one that differs, padding, and the key again as the text's last bytes.
      let text = key + other + Array(repeating: UInt8(ascii: "-"), count: 16) + key
      let early = 0
      let late = text.count - length
      text.withUnsafeBufferPointer { buffer in
        for (first, second) in [(early, late), (late, early)] {
          var table = ByteKeyTable(keys: 4, bytes: buffer.count)
          guard case .absent(let position) = table.probe(first, length, in: buffer) else {
            Issue.record("\(length) bytes at \(first) found in an empty table")
            return
          }
          table.insert(7, at: position)
          guard case .found(let value) = table.probe(second, length, in: buffer) else {
            Issue.record("\(length) bytes at \(second) not found after those at \(first)")
            return
          }
          #expect(value == 7)
          if case .found = table.probe(length, length, in: buffer) {
            Issue.record("a key of \(length) bytes that differs in its last was found")
          }
        }
      }
    }
  }

  /// Past its budget of probe steps the table answers `.overBudget`, not a wrong
  /// answer and not a longer search: a file made to collide costs a bounded time.
  @Test func aSpentBudgetIsSaidAndNothingElse() {
    let text = Array("abcdefghijklmnopqrstuvwxyz".utf8)
    text.withUnsafeBufferPointer { buffer in
      var table = ByteKeyTable(keys: 26, bytes: 26, budget: 10)
      var answered = 0
      for offset in 0..<26 {
        switch table.probe(offset, 1, in: buffer) {
        case .absent(let position):
          table.insert(offset, at: position)
          answered += 1
        case .found(let value):
          Issue.record("\(offset) found as \(value)")
        case .overBudget:
          #expect(answered <= 10, "every probe step counts")
          return
        }
      }
      Issue.record("26 lookups ran on a budget of 10 steps")
    }
  }

  /// Keys longer than `sampledBeyond` are hashed by samples: two keys that differ only
  /// where the hash does not look are still told apart, and each is found again.
  @Test func longKeysThatDifferOnlyBetweenSamplesAreToldApart() {
    let length = 2_000
    var text: [UInt8] = []
    for variant in 0..<2 {
      var key = [UInt8](repeating: UInt8(ascii: "k"), count: length)
      key[140] = UInt8(ascii: "a") + UInt8(variant)  // between the first two samples
      text += key
    }
    text.withUnsafeBufferPointer { buffer in
      var table = ByteKeyTable(keys: 2, bytes: buffer.count)
      for variant in 0..<2 {
        guard case .absent(let position) = table.probe(variant * length, length, in: buffer)
        else {
          Issue.record("variant \(variant) found before it was inserted")
          return
        }
        table.insert(variant, at: position)
      }
      for variant in 0..<2 {
        guard case .found(let value) = table.probe(variant * length, length, in: buffer) else {
          Issue.record("variant \(variant) not found")
          continue
        }
        #expect(value == variant)
      }
    }
  }

  /// Long keys made to collide cost at most twice the file's bytes in comparisons: the
  /// table then says it is out of budget (the reader falls back to strings), where
  /// comparing each new key with every one before would cost the square.
  @Test func collidingLongKeysSpendTheComparisonBudget() {
    let length = 1_000
    let keys = 50
    var text: [UInt8] = []
    for variant in 0..<keys {
      var key = [UInt8](repeating: UInt8(ascii: "k"), count: length)
      key[140] = UInt8(variant)
      text += key
    }
    text.withUnsafeBufferPointer { buffer in
      var table = ByteKeyTable(keys: keys, bytes: buffer.count)
      for variant in 0..<keys {
        switch table.probe(variant * length, length, in: buffer) {
        case .absent(let position): table.insert(variant, at: position)
        case .found(let value): Issue.record("variant \(variant) found as \(value)")
        case .overBudget:
          // Σ i·1,000 over the first i keys passes 2·50,000 + 4,096 bytes at about 15.
          #expect(variant < 20)
          return
        }
      }
      Issue.record("50 colliding keys compared whole with every key before them")
    }
  }

  @Test func asciiIsEveryByteBelow0x80() {
    for length in 0...20 {
      let plain = [UInt8](repeating: UInt8(ascii: "a"), count: length)
      #expect(plain.withUnsafeBufferPointer(\.isASCII))
      for offset in 0..<length {
        var bytes = plain
        bytes[offset] = 0x80
        #expect(!bytes.withUnsafeBufferPointer(\.isASCII), "0x80 at \(offset) of \(length)")
      }
    }
  }
}
