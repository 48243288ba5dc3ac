#if canImport(Glibc)
  import Glibc
#endif

/// Line and column of byte offsets, computed by walking forward from the last answer:
/// a long walk without `\r` counts line breaks sixteen bytes at a time and the column
/// from the last of them; a short one, or one over a `\r`, eight bytes at a time where
/// there is no `\r` (on little-endian machines).
///
/// The scanner asks for offsets in increasing order, so the total work over a file is
/// linear even when the file is one long line; an earlier offset restarts from the top.
struct LineLocator {
  private var offset = 0
  private var line = 1
  private var column = 1

  mutating func location(of target: Int, in text: UnsafeBufferPointer<UInt8>) -> SourceLocation {
    guard let base = text.baseAddress else { return SourceLocation(line: 1, column: 1) }
    if target < offset {
      self = LineLocator()
    }
    // Locals, not the stored properties, through the loop: they stay in registers.
    var index = offset
    var line = line
    var column = column
    let end = min(target, text.count)
    if end - index >= Self.longWalk, memchr(base + index, 0x0D, end - index) == nil {
      // The `\n` of a `\r\n` whose `\r` ended the walk before is no line of its own.
      let joined = index > 0 && base[index - 1] == 0x0D && base[index] == 0x0A ? 1 : 0
      let breaks = Self.count(0x0A, in: base + index, end - index) - joined
      if let last = Self.lastNewline(in: base + index, end - index) {
        line += breaks
        let lineStart = index + last + 1
        column = 1 + Self.scalars(in: base + lineStart, end - lineStart)
      } else {
        column += Self.scalars(in: base + index, end - index)
      }
      index = end
    }
    while index < end {
      #if _endian(little)
        // Eight bytes at a time (the last few of a walk masked out of a whole word) unless
        // there is a `\r`: columns count the bytes that are not UTF-8 continuation bytes
        // (10xxxxxx), each of which starts a scalar.
        if index + 8 <= text.count {
          let count = min(8, end - index)
          var word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
          if count < 8 { word &= (1 << UInt64(8 * count)) &- 1 }
          if !word.containsByte(0x0D) {
            let breaks = word.bytesEqual(0x0A)
            if breaks == 0 {
              column += count - Self.continuationBytes(word)
              index += count
              continue
            }
            // `\n`s only (one at the word's start is not the end of a `\r\n`): the
            // column restarts after the last of them.
            if breaks & 0x80 == 0 || index == 0 || base[index - 1] != 0x0D {
              line += breaks.nonzeroBitCount
              let last = (63 - breaks.leadingZeroBitCount) / 8
              let after = word >> UInt64((last + 1) * 8)
              column = 1 + (count - 1 - last) - Self.continuationBytes(after)
              index += count
              continue
            }
          }
        }
      #endif
      let byte = base[index]
      if byte == 0x0A {
        // The `\n` of `\r\n` ends the line the `\r` already ended.
        if !(index > 0 && base[index - 1] == 0x0D) { line += 1 }
        column = 1
      } else if byte == 0x0D {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      index += 1
    }
    offset = index
    self.line = line
    self.column = column
    return SourceLocation(line: line, column: column)
  }

  /// Walks of at least this many bytes count sixteen at a time.
  private static let longWalk = 256

  /// How many of the `count` bytes at `start` are `byte`.
  private static func count(_ byte: UInt8, in start: UnsafePointer<UInt8>, _ count: Int) -> Int {
    countBlocks(start, count, lane: { $0 .== SIMD16(repeating: byte) }, byte: { $0 == byte })
  }

  /// The offset of the last `\n` of the `count` bytes at `start`, searched eight bytes at
  /// a time from the end.
  private static func lastNewline(in start: UnsafePointer<UInt8>, _ count: Int) -> Int? {
    var end = count
    while end >= 8 {
      let breaks = UnsafeRawPointer(start + end - 8).loadUnaligned(as: UInt64.self)
        .littleEndian.bytesEqual(0x0A)
      if breaks != 0 { return end - 8 + (63 - breaks.leadingZeroBitCount) / 8 }
      end -= 8
    }
    while end > 0 {
      end -= 1
      if start[end] == 0x0A { return end }
    }
    return nil
  }

  /// How many scalars the `count` bytes at `start` start: the bytes that are not UTF-8
  /// continuation bytes (`10xxxxxx`).
  private static func scalars(in start: UnsafePointer<UInt8>, _ count: Int) -> Int {
    countBlocks(
      start, count, lane: { $0 & SIMD16(repeating: 0xC0) .!= SIMD16(repeating: 0x80) },
      byte: { $0 & 0xC0 != 0x80 })
  }

  /// How many of the `count` bytes at `start` are picked: sixteen a step, in lanes of
  /// counters that are added up before they can overflow.
  @inline(__always)
  private static func countBlocks(
    _ start: UnsafePointer<UInt8>, _ count: Int,
    lane: (SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>>, byte: (UInt8) -> Bool
  ) -> Int {
    var total = 0
    var offset = 0
    let raw = UnsafeRawPointer(start)
    while count - offset >= 16 {
      var lanes = SIMD16<UInt8>()
      var steps = 0
      while steps < 255, count - offset >= 16 {
        let block = raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
        lanes &+= SIMD16<UInt8>(repeating: 0).replacing(with: 1, where: lane(block))
        offset += 16
        steps += 1
      }
      for index in lanes.indices { total += Int(lanes[index]) }
    }
    while offset < count {
      if byte(start[offset]) { total += 1 }
      offset += 1
    }
    return total
  }

  /// How many of the word's bytes are UTF-8 continuation bytes (`10xxxxxx`).
  @inline(__always)
  private static func continuationBytes(_ word: UInt64) -> Int {
    (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
  }
}
