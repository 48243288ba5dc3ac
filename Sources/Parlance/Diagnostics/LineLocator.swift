/// Line and column of byte offsets, computed by walking forward from the last answer,
/// eight bytes at a time where there is no `\r` (on little-endian machines).
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

  /// How many of the word's bytes are UTF-8 continuation bytes (`10xxxxxx`).
  @inline(__always)
  private static func continuationBytes(_ word: UInt64) -> Int {
    (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
  }
}
