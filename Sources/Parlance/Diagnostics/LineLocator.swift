/// Line and column of byte offsets, computed by walking forward from the last answer.
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
    var index = offset
    let end = min(target, text.count)
    while index < end {
      // Eight bytes at a time while there is no line break: columns count the bytes that
      // are not UTF-8 continuation bytes (10xxxxxx), each of which starts a scalar.
      if index + 8 <= end {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        if !word.containsByte(0x0A) && !word.containsByte(0x0D) {
          let continuationBytes = word & ~(word << 1) & 0x8080_8080_8080_8080
          column += 8 - continuationBytes.nonzeroBitCount
          index += 8
          continue
        }
      }
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
    return SourceLocation(line: line, column: column)
  }
}
