/// The byte-level grammar `JSONTape`'s scan tests against: JSON's escapes, numbers and
/// whitespace, and the tests of eight or sixteen bytes at a time the scan reads strings
/// with. `JSONSyntaxLocator` shares the byte classes.
extension JSONTape {
  /// A comparison's lanes as bytes, 0xFF where it holds: with vectors compared to
  /// vectors and or-ed as bytes, the compiler keeps to vector instructions (comparing
  /// to a scalar, or-ing the masks and `any` went lane by lane).
  @inline(__always)
  static func lanes(_ mask: SIMDMask<SIMD16<Int8>>) -> SIMD16<UInt8> {
    unsafeBitCast(mask, to: SIMD16<UInt8>.self)
  }

  /// The first lane of `bytes` that is not zero; nil when all are.
  @inline(__always)
  static func firstLane(_ bytes: SIMD16<UInt8>) -> Int? {
    let halves = unsafeBitCast(bytes, to: SIMD2<UInt64>.self)
    guard halves[0] | halves[1] != 0 else { return nil }
    #if _endian(little)
      return halves[0] != 0
        ? halves[0].trailingZeroBitCount >> 3 : 8 + (halves[1].trailingZeroBitCount >> 3)
    #else
      return bytes.indices.first { bytes[$0] != 0 }
    #endif
  }

  /// Whether every `\uXXXX` has four hex digits and surrogates come in pairs, as
  /// `JSONDecoder` requires when it decodes the string.
  static func unicodeEscapesAreValid(_ body: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < body.count {
      guard body[index] == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      guard body[index + 1] == UInt8(ascii: "u") else {
        index += 2
        continue
      }
      guard let unit = hexUnit(body, at: index + 2) else { return false }
      index += 6
      if UTF16.isLeadSurrogate(unit) {
        guard index + 6 <= body.count, body[index] == UInt8(ascii: "\\"),
          body[index + 1] == UInt8(ascii: "u"), let trail = hexUnit(body, at: index + 2),
          UTF16.isTrailSurrogate(trail)
        else { return false }
        index += 6
      } else if UTF16.isTrailSurrogate(unit) {
        return false
      }
    }
    return true
  }

  /// The four hex digits at `index` as a UTF-16 code unit.
  static func hexUnit(_ body: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16? {
    guard index + 4 <= body.count else { return nil }
    var value: UInt16 = 0
    for offset in 0..<4 {
      let byte = body[index + offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt16(digit)
    }
    return value
  }

  /// JSON's number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  static func isJSONNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = text.count
    func digits() -> Int {
      let start = index
      while index < count, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
        index += 1
      }
      return index - start
    }
    if index < count, text[index] == UInt8(ascii: "-") { index += 1 }
    guard index < count else { return false }
    if text[index] == UInt8(ascii: "0") {
      index += 1
    } else if digits() == 0 {
      return false
    }
    if index < count, text[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { return false }
    }
    if index < count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
      index += 1
      if index < count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard digits() > 0 else { return false }
    }
    return index == count
  }
}

extension UInt8 {
  var isJSONWhitespace: Bool {
    self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09
  }

  /// What `JSONDecoder`'s scanner takes into a number after its first byte.
  var isJSONNumberByte: Bool {
    (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9")) || self == UInt8(ascii: ".")
      || self == UInt8(ascii: "+") || self == UInt8(ascii: "-") || self == UInt8(ascii: "e")
      || self == UInt8(ascii: "E")
  }

  /// `\" \\ \/ \b \f \n \r \t` (`\u` is checked on its own).
  var isSimpleJSONEscape: Bool {
    switch self {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      true
    default: false
    }
  }
}

extension UInt64 {
  /// Zero when none of the eight bytes ends a run of a string's plain bytes: a quote, a
  /// backslash or a control character (below 0x20). One test for the three, with no
  /// branch between them.
  @inline(__always)
  var endsJSONRun: UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quotes = self ^ (ones &* 0x22)
    let backslashes = self ^ (ones &* 0x5C)
    // A zero byte (of `quotes` or `backslashes`) and a byte below 0x20 (of `self`) are
    // those for which the subtraction borrows into the top bit, counting only bytes
    // whose own top bit was clear.
    let found =
      ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
      | ((self &- ones &* 0x20) & ~self)
    return found & 0x8080_8080_8080_8080
  }

  /// Not zero when one of these eight bytes is `#` and the byte after it (the same byte
  /// of `next`, the word one byte on) is `@`.
  @inline(__always)
  func hashAtPairs(with next: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    // A zero byte where both match: whether there is one is exact.
    let differences = (self ^ (ones &* 0x23)) | (next ^ (ones &* 0x40))
    return (differences &- ones) & ~differences & 0x8080_8080_8080_8080
  }
}

extension UnsafeBufferPointer<UInt8> {
  func matches(_ word: StaticString, at index: Int) -> Bool {
    let length = word.utf8CodeUnitCount
    guard index + length <= count else { return false }
    for offset in 0..<length where self[index + offset] != word.utf8Start[offset] {
      return false
    }
    return true
  }
}
