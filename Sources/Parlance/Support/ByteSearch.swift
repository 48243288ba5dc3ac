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
  /// plural variable): a 10 MB value is read in about a millisecond and a half.
  func containsPair(_ first: UInt8, _ second: UInt8) -> Bool {
    guard let base = baseAddress else { return false }
    var index = 0
    #if _endian(little)
      // A byte's flag moves onto the byte before it with `>> 8`; the last byte of a word
      // is paired with the first of the next through `carried`.
      var carried = false
      while index + 8 <= count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        let seconds = word.bytesEqual(second)
        if carried && seconds & 0x80 != 0 { return true }
        let firsts = word.bytesEqual(first)
        if firsts & (seconds >> 8) != 0 { return true }
        carried = firsts >> 63 != 0
        index += 8
      }
      if carried && index < count && base[index] == second { return true }
    #endif
    while index + 1 < count {
      if base[index] == first && base[index + 1] == second { return true }
      index += 1
    }
    return false
  }
}
