import Foundation

/// A JSON text read once into a flat list of tokens ("a tape"), with every byte kept, so
/// that a reader can walk the structure, skip what it does not need, and turn into
/// `String`s only the strings it uses.
///
/// ```
/// {"a": [1, "b"], "c": null}
/// 0 object(end 6)  1 "a"  2 array(end 5)  3 1  4 "b"  5 "c"  6 null
/// ```
///
/// It accepts what Foundation's `JSONDecoder` accepts, so that a catalog it read keeps
/// reading: a trailing comma before `]` or `}`, control characters and unknown escapes
/// inside strings and any run of `0-9 . + - e E` as a number are tokens here, and become
/// errors only if the reader decodes that string or number (`string(at:)`,
/// `integer(at:)`), as `JSONDecoder` does. Whether the text was strict JSON throughout
/// is kept in `isStrict`. Nesting deeper than 512 containers, a missing bracket, comma,
/// colon or quote, and anything after the top-level value are errors (`scan` returns
/// nil). Time and memory are linear in the size of the text.
///
/// The text is read where it is, not copied: a tape keeps its `Source` (the caller's
/// `Data`, or bytes of the reader's own for a file it had to decode) and reaches its
/// bytes only inside `reading`, which asks the source for them once. The accessors
/// (`string(at:)`, `equals`, …) are for the tape `reading` hands its body; a tape
/// outside it stops the program at its first access rather than read freed memory.
struct JSONTape: @unchecked Sendable {  // `text` is empty except inside `reading`
  enum Kind: UInt8, Sendable {
    case object, array, string, number, `true`, `false`, null
  }

  /// Where the text lives.
  enum Source: Sendable {
    /// The caller's bytes, UTF-8 without a byte order mark.
    case data(Data)
    /// Bytes the reader made (a file decoded from UTF-16, or repaired).
    case bytes([UInt8])

    /// Calls `body` with the bytes: one call of `Data.withUnsafeBytes`, whose cost (a
    /// run-time check of exclusive access each time) is why the tape does not ask for
    /// them per token.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
      switch self {
      case .data(let data): data.withUnsafeBytes { body($0.bindMemory(to: UInt8.self)) }
      case .bytes(let bytes): bytes.withUnsafeBufferPointer(body)
      }
    }
  }

  /// One value or object key. For strings, `start..<end` are the bytes between the
  /// quotes; for numbers and literals, their bytes; for objects and arrays, `start` is the
  /// bracket and `end` the index of the token after the container (its next sibling).
  struct Token: Sendable {
    var kind: Kind
    var flags: UInt8
    var start: UInt32
    var end: UInt32
  }

  let source: Source
  /// The source's bytes while `reading` runs; empty otherwise.
  private var text = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
  private(set) var tokens: [Token] = []
  /// False when the text relies on one of `JSONDecoder`'s tolerances (see the type).
  private(set) var isStrict = true
  /// False when a string is not valid UTF-8 (outside strings, a byte beyond ASCII is
  /// not JSON): the caller decodes the text, replacing what is broken, and reads it again.
  private(set) var isUTF8 = true

  static let hasEscapes: UInt8 = 1
  /// A string `JSONDecoder` would refuse to decode (control character, bad escape).
  static let isInvalid: UInt8 = 2
  /// A number that is not JSON's grammar (`01`, `1.`, `-`, `1e`).
  static let isMalformed: UInt8 = 4
  /// A string whose bytes, as written, hold `#@` (a plural variable's start).
  static let holdsPair: UInt8 = 8
  static let maximumDepth = 512

  /// Reads `source`; nil when `JSONDecoder` would not read it either.
  static func scan(_ source: Source) -> JSONTape? {
    var tape = JSONTape(source: source)
    let scanned = source.withBytes { text in
      // Offsets are 32-bit: a larger catalog is not one anybody can ship.
      text.count < Int(UInt32.max) && tape.scan(text)
    }
    return scanned ? tape : nil
  }

  /// Reads `bytes` (the tests' way in).
  static func scan(_ bytes: [UInt8]) -> JSONTape? {
    scan(.bytes(bytes))
  }

  private init(source: Source) {
    self.source = source
  }

  /// Calls `body` with this tape, its text in reach.
  func reading<R>(_ body: (JSONTape) -> R) -> R {
    source.withBytes { text in
      var bound = self
      bound.text = text
      return body(bound)
    }
  }

  /// The text, for the accessors; on a tape outside `reading` the program stops here.
  @inline(__always)
  var bytes: UnsafeBufferPointer<UInt8> {
    precondition(text.baseAddress != nil, "a JSONTape read outside `reading`")
    return text
  }

  // MARK: Scanning

  private enum State {
    case value, firstMember, firstElement, afterValue
  }

  private mutating func scan(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = text.count
    // A token takes at least two bytes of text (`1,`, `"":`) and most take many more: a
    // quarter of the text never grows the tape (each growth copied it and touched new
    // pages), and pages reserved but never written cost nothing.
    tokens.reserveCapacity(count / 4 + 8)
    var open: [Int] = []  // tape indices of the containers not closed yet
    var index = 0
    // JSONDecoder skips a UTF-8 byte order mark (one was already removed by the caller).
    if count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF { index = 3 }
    var state = State.value
    while true {
      Self.skipWhitespace(text, at: &index)
      let next: State?
      switch state {
      case .value:
        next = scanValue(text, at: &index, open: &open)
      case .firstMember:
        guard index < count else { return false }
        if text[index] == UInt8(ascii: "}") {
          index += 1
          close(&open)
          next = .afterValue
        } else {
          next = scanKey(text, at: &index, count: count) ? .value : nil
        }
      case .firstElement:
        guard index < count else { return false }
        if text[index] == UInt8(ascii: "]") {
          index += 1
          close(&open)
          next = .afterValue
        } else {
          next = .value
        }
      case .afterValue:
        guard let container = open.last else {
          // Only whitespace may follow the top-level value.
          return index == count
        }
        next = scanAfterValue(text, at: &index, in: container, open: &open)
      }
      guard let next else { return false }
      state = next
    }
  }

  /// The value at `index`: a string, number or literal read whole, or the `{` or `[`
  /// that opens a container. Returns the state after it; nil when it is not JSON.
  @inline(__always)
  private mutating func scanValue(
    _ text: UnsafeBufferPointer<UInt8>, at index: inout Int, open: inout [Int]
  ) -> State? {
    let count = text.count
    guard index < count else { return nil }
    let byte = text[index]
    switch byte {
    case UInt8(ascii: "\""):
      return scanString(text, at: &index) ? .afterValue : nil
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard open.count < Self.maximumDepth else { return nil }
      let isObject = byte == UInt8(ascii: "{")
      open.append(tokens.count)
      tokens.append(
        Token(kind: isObject ? .object : .array, flags: 0, start: UInt32(index), end: 0))
      index += 1
      return isObject ? .firstMember : .firstElement
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      let (word, kind): (StaticString, Kind) =
        byte == UInt8(ascii: "t")
        ? ("true", .true) : byte == UInt8(ascii: "f") ? ("false", .false) : ("null", .null)
      guard text.matches(word, at: index) else { return nil }
      tokens.append(
        Token(
          kind: kind, flags: 0, start: UInt32(index),
          end: UInt32(index + word.utf8CodeUnitCount)))
      index += word.utf8CodeUnitCount
      return .afterValue
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let start = index
      index += 1
      while index < count, text[index].isJSONNumberByte { index += 1 }
      let wellFormed = Self.isJSONNumber(UnsafeBufferPointer(rebasing: text[start..<index]))
      if !wellFormed { isStrict = false }
      tokens.append(
        Token(
          kind: .number, flags: wellFormed ? 0 : Self.isMalformed, start: UInt32(start),
          end: UInt32(index)))
      return .afterValue
    default:
      return nil
    }
  }

  /// What follows a value in the open `container` (a tape index): its end, or a comma and
  /// the next member's key or the next element. Returns the state after it; nil when it
  /// is not JSON.
  @inline(__always)
  private mutating func scanAfterValue(
    _ text: UnsafeBufferPointer<UInt8>, at index: inout Int, in container: Int,
    open: inout [Int]
  ) -> State? {
    let count = text.count
    guard index < count else { return nil }
    let isObject = tokens[container].kind == .object
    let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
    switch text[index] {
    case closing:
      index += 1
      close(&open)
      return .afterValue
    case UInt8(ascii: ","):
      index += 1
      Self.skipWhitespace(text, at: &index)
      if index < count, text[index] == closing {
        // A trailing comma: JSONDecoder reads past it.
        isStrict = false
        index += 1
        close(&open)
        return .afterValue
      }
      if isObject { return scanKey(text, at: &index, count: count) ? .value : nil }
      return .value
    default:
      return nil
    }
  }

  /// Moves `index` past spaces, tabs and line breaks.
  ///
  /// A static function with `index` passed in, not a function nested in `scan` that
  /// captures it: `scan` also passes `index` inout to `scanString`, so a capture boxed
  /// it and every access was checked for exclusivity at run time (`swift_beginAccess`,
  /// 5% of reading a 10 MB catalog).
  @inline(__always)
  private static func skipWhitespace(_ text: UnsafeBufferPointer<UInt8>, at index: inout Int) {
    while index < text.count, text[index].isJSONWhitespace { index += 1 }
  }

  private mutating func close(_ open: inout [Int]) {
    let container = open.removeLast()
    tokens[container].end = UInt32(tokens.count)
  }

  /// A member's key and the `:` after it.
  private mutating func scanKey(
    _ text: UnsafeBufferPointer<UInt8>, at index: inout Int, count: Int
  ) -> Bool {
    guard index < count, text[index] == UInt8(ascii: "\""), scanString(text, at: &index) else {
      return false
    }
    Self.skipWhitespace(text, at: &index)
    guard index < count, text[index] == UInt8(ascii: ":") else { return false }
    index += 1
    return true
  }

  /// The string whose opening quote is at `index`; `index` ends past the closing quote.
  ///
  /// Its bytes are read sixteen at a time while none is a quote, a backslash or a control
  /// character, and the same pass notes whether they hold `#@` (`holdsPair`) and a byte
  /// beyond ASCII, so that no later pass reads the text again for either: a string with
  /// such a byte, or with an escape, is checked for UTF-8 here, while it is in cache.
  private mutating func scanString(_ text: UnsafeBufferPointer<UInt8>, at index: inout Int)
    -> Bool
  {
    let count = text.count
    let start = index + 1
    var flags: UInt8 = 0
    var position = start
    let base = UnsafeRawPointer(text.baseAddress.unsafelyUnwrapped)
    // Every byte of the string is or-ed into `high` and tested for `#@`, in a block or in
    // the byte loop; so are the bytes after the string in its last block, which can only
    // make either answer more cautious.
    var high = SIMD16<UInt8>()
    var pairs = SIMD16<UInt8>()
    // Made here, not kept in `static let`s: each of those is a check of its lazy start.
    let quotes = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
    let backslashes = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
    let hashes = SIMD16<UInt8>(repeating: UInt8(ascii: "#"))
    let ats = SIMD16<UInt8>(repeating: UInt8(ascii: "@"))
    let controlBits = SIMD16<UInt8>(repeating: 0xE0)  // a byte below 0x20 has none
    var loose: (high: UInt8, pair: Bool) = (0, false)
    var ended = false
    #if _endian(little)
      // A short string (most keys, many values) ends within its first eight bytes: one
      // word tells, without the blocks (whose set-up made a catalog of a million short
      // keys 7% slower to read).
      if position + 9 <= count {
        let word = base.loadUnaligned(fromByteOffset: position, as: UInt64.self)
        let stops = word.endsJSONRun
        let stop = position + stops.trailingZeroBitCount >> 3
        if stops != 0, text[stop] == UInt8(ascii: "\"") {
          let next = base.loadUnaligned(fromByteOffset: position + 1, as: UInt64.self)
          loose = (word & 0x8080_8080_8080_8080 != 0 ? 0x80 : 0, word.hashAtPairs(with: next) != 0)
          position = stop
          ended = true
        }
      }
    #endif
    while !ended {
      var stopped = false
      // The second load, one byte on, holds the byte after each lane's (`@` after `#`).
      while position + 17 <= count {
        let block = base.loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self)
        let next = base.loadUnaligned(fromByteOffset: position + 1, as: SIMD16<UInt8>.self)
        high |= block
        pairs |= Self.lanes(block .== hashes) & Self.lanes(next .== ats)
        let stops =
          Self.lanes(block .== quotes) | Self.lanes(block .== backslashes)
          | Self.lanes(block & controlBits .== SIMD16())
        if let lane = Self.firstLane(stops) {
          position += lane
          stopped = true
          break
        }
        position += 16
      }
      if !stopped {
        // The last bytes of the text, one at a time.
        while position < count {
          let byte = text[position]
          if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
          loose.high |= byte
          if byte == UInt8(ascii: "#"), position + 1 < count,
            text[position + 1] == UInt8(ascii: "@")
          {
            loose.pair = true
          }
          position += 1
        }
      }
      guard position < count else { return false }
      let byte = text[position]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") {
        flags |= Self.hasEscapes
        guard position + 1 < count else { return false }
        let escaped = text[position + 1]
        if escaped == UInt8(ascii: "u") {
          // JSONDecoder wants four bytes, none of them a quote; hex digits it checks later.
          guard position + 6 <= count else { return false }
          for offset in 2..<6 where text[position + offset] == UInt8(ascii: "\"") {
            return false
          }
          position += 6
        } else {
          if !escaped.isSimpleJSONEscape { flags |= Self.isInvalid }
          position += 2
        }
        continue
      }
      if byte < 0x20 { flags |= Self.isInvalid }
      position += 1
    }
    let body = UnsafeBufferPointer(rebasing: text[start..<position])
    if loose.pair || (!ended && Self.firstLane(pairs) != nil) { flags |= Self.holdsPair }
    // Escapes skip bytes the blocks did not see: their strings are checked whole.
    if loose.high >= 0x80 || flags & Self.hasEscapes != 0
      || (!ended && Self.firstLane(high & SIMD16(repeating: 0x80)) != nil),
      TextDecoding.firstInvalidUTF8Offset(in: body) != nil
    {
      isUTF8 = false
    }
    if flags & Self.hasEscapes != 0, flags & Self.isInvalid == 0,
      !Self.unicodeEscapesAreValid(body)
    {
      flags |= Self.isInvalid
    }
    if flags & Self.isInvalid != 0 { isStrict = false }
    tokens.append(Token(kind: .string, flags: flags, start: UInt32(start), end: UInt32(position)))
    index = position + 1
    return true
  }
}
