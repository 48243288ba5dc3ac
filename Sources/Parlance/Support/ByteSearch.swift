/// Searches over bytes eight at a time, for the readers' long strings.
extension UInt64 {
  /// Whether any of the eight bytes is `byte` (the classic has-zero-byte test, exact).
  @inline(__always)
  func containsByte(_ byte: UInt8) -> Bool {
    let difference = self ^ (0x0101_0101_0101_0101 &* UInt64(byte))
    return (difference &- 0x0101_0101_0101_0101) & ~difference & 0x8080_8080_8080_8080 != 0
  }

  /// The high bit of each of the eight bytes that is `byte`, and no other bit: unlike
  /// `containsByte`, no borrow runs from one byte into the next.
  @inline(__always)
  func bytesEqual(_ byte: UInt8) -> UInt64 {
    let difference = self ^ (0x0101_0101_0101_0101 &* UInt64(byte))
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    return ~(((difference & low) &+ low) | difference | low)
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// Whether every byte is below 0x80.
  var isASCII: Bool {
    guard let base = baseAddress else { return true }
    var index = 0
    var high: UInt64 = 0
    while index + 8 <= count {
      high |= UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      index += 8
    }
    while index < count {
      high |= UInt64(base[index])
      index += 1
    }
    return high & 0x8080_8080_8080_8080 == 0
  }

  /// Whether `first` is directly followed by `second` somewhere (`#@`, which starts a
  /// plural variable): a 10 MB value is read in about half a millisecond.
  func containsPair(_ first: UInt8, _ second: UInt8) -> Bool {
    guard let base = baseAddress else { return false }
    let bytes = UnsafeRawPointer(base)
    var index = 0
    // The word at `index` against `first` and the word one byte later against `second`:
    // a byte that matches in both is a pair, found as a zero byte of the two differences
    // or-ed (no carry from one word to the next). Two such words a test.
    let ones: UInt64 = 0x0101_0101_0101_0101
    let firsts = ones &* UInt64(first)
    let seconds = ones &* UInt64(second)
    @inline(__always) func pairs(at offset: Int) -> UInt64 {
      let difference =
        (bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ firsts)
        | (bytes.loadUnaligned(fromByteOffset: offset + 1, as: UInt64.self) ^ seconds)
      return (difference &- ones) & ~difference & 0x8080_8080_8080_8080
    }
    while index + 17 <= count {
      if pairs(at: index) | pairs(at: index + 8) != 0 { return true }
      index += 16
    }
    while index + 9 <= count {
      if pairs(at: index) != 0 { return true }
      index += 8
    }
    while index + 1 < count {
      if base[index] == first && base[index + 1] == second { return true }
      index += 1
    }
    return false
  }
}
