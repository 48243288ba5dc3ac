#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension JSONTape {
  @inline(__always)
  func kind(_ index: Int) -> Kind { tokens[index].kind }

  /// The members of the object at `index`: the index of each key (its value follows it).
  func memberKeys(of index: Int) -> [Int] {
    Array(members(of: index))
  }

  /// The members of the object at `index`, as `memberKeys(of:)` lists them, walked in
  /// place: no array per object (a catalog has a few objects per key).
  func members(of index: Int) -> Members {
    Members(tokens: tokens, member: index + 1, end: Int(tokens[index].end))
  }

  /// The key indices of one object's members, in file order.
  struct Members: Sequence, IteratorProtocol {
    fileprivate let tokens: [Token]
    fileprivate var member: Int
    fileprivate let end: Int

    /// The next key; the one after it follows this key's value (past a container's
    /// tokens, which end where its `end` says).
    mutating func next() -> Int? {
      guard member < end else { return nil }
      let key = member
      let value = tokens[key + 1]
      switch value.kind {
      case .object, .array: member = Int(value.end)
      default: member = key + 2
      }
      return key
    }

    /// How many members there are (a walk of the object).
    var count: Int {
      var walk = self
      var count = 0
      while walk.next() != nil { count += 1 }
      return count
    }
  }

  /// Whether every key of the object at `index` can be decoded.
  func keysAreValid(_ index: Int) -> Bool {
    members(of: index).allSatisfy { tokens[$0].flags & Self.isInvalid == 0 }
  }

  /// The first member of the object at `index` whose key is `name` (the one
  /// `JSONDecoder` uses), as the index of its value.
  func member(_ name: StaticString, of index: Int) -> Int? {
    members(of: index).first { equals($0, name) }.map { $0 + 1 }
  }

  /// Whether the string at `index` is `name`, an ASCII word (escapes decoded).
  func equals(_ index: Int, _ name: StaticString) -> Bool {
    let token = tokens[index]
    if token.flags & Self.hasEscapes != 0 {
      return string(at: index).map { $0 == String(describing: name) } ?? false
    }
    let length = Int(token.end - token.start)
    guard length == name.utf8CodeUnitCount else { return false }
    let start = Int(token.start)
    // One memcmp: a byte loop with its bounds checks was a tenth of reading a catalog,
    // which asks each object for its fields by name.
    return memcmp(bytes.baseAddress.unsafelyUnwrapped + start, name.utf8Start, length) == 0
  }

  /// The bytes between the quotes of the string at `index`, escapes as written.
  func bytes(of index: Int) -> [UInt8] {
    Array(bytes[Int(tokens[index].start)..<Int(tokens[index].end)])
  }

  /// Whether the string at `index` is empty (escapes always stand for something).
  func isEmptyString(_ index: Int) -> Bool {
    tokens[index].start == tokens[index].end
  }

  /// Whether a string of the file holds `#@`, before or after its escapes are decoded
  /// (the scan noted the pair as written).
  func mayContainVariable(_ index: Int) -> Bool {
    tokens[index].flags & (Self.hasEscapes | Self.holdsPair) != 0
  }

  /// The string at `index`, escapes decoded; nil when `JSONDecoder` could not decode it
  /// (a control character, an unknown escape, an unpaired surrogate).
  func string(at index: Int) -> String? {
    let token = tokens[index]
    guard token.flags & Self.isInvalid == 0 else { return nil }
    let body = UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)])
    guard token.flags & Self.hasEscapes != 0 else {
      return String(decoding: body, as: UTF8.self)
    }
    return Self.unescape(body)
  }

  /// The body of a valid string with its escapes decoded.
  private static func unescape(_ body: UnsafeBufferPointer<UInt8>) -> String {
    String(unsafeUninitializedCapacity: body.count) { output in
      // Decoding never lengthens: `\uXXXX` (6 bytes) is at most 3 bytes of UTF-8, a
      // surrogate pair (12) 4, any other escape (2) 1.
      var written = 0
      var index = 0
      while index < body.count {
        let byte = body[index]
        guard byte == UInt8(ascii: "\\") else {
          output[written] = byte
          written += 1
          index += 1
          continue
        }
        let escaped = body[index + 1]
        index += 2
        var scalar: UInt32
        switch escaped {
        case UInt8(ascii: "b"): scalar = 0x08
        case UInt8(ascii: "f"): scalar = 0x0C
        case UInt8(ascii: "n"): scalar = 0x0A
        case UInt8(ascii: "r"): scalar = 0x0D
        case UInt8(ascii: "t"): scalar = 0x09
        case UInt8(ascii: "u"):
          let unit = hexUnit(body, at: index) ?? 0xFFFD
          index += 4
          scalar = UInt32(unit)
          if UTF16.isLeadSurrogate(unit), let trail = hexUnit(body, at: index + 2) {
            index += 6
            scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00)
          } else if UTF16.isTrailSurrogate(unit) || UTF16.isLeadSurrogate(unit) {
            scalar = 0xFFFD
          }
        default: scalar = UInt32(escaped)  // \" \\ \/
        }
        written += encodeUTF8(scalar, into: output, at: written)
      }
      return written
    }
  }

  /// Writes `scalar` as UTF-8 at `offset`; returns the number of bytes written.
  private static func encodeUTF8(
    _ scalar: UInt32, into output: UnsafeMutableBufferPointer<UInt8>, at offset: Int
  ) -> Int {
    switch scalar {
    case 0..<0x80:
      output[offset] = UInt8(scalar)
      return 1
    case 0x80..<0x800:
      output[offset] = UInt8(0xC0 | scalar >> 6)
      output[offset + 1] = UInt8(0x80 | scalar & 0x3F)
      return 2
    case 0x800..<0x10000:
      output[offset] = UInt8(0xE0 | scalar >> 12)
      output[offset + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
      output[offset + 2] = UInt8(0x80 | scalar & 0x3F)
      return 3
    default:
      output[offset] = UInt8(0xF0 | scalar >> 18)
      output[offset + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
      output[offset + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
      output[offset + 3] = UInt8(0x80 | scalar & 0x3F)
      return 4
    }
  }

  /// The number at `index` as `JSONDecoder` decodes an `Int`; nil when it refuses
  /// (`1.5`, `1e400`, `9223372036854775808`, `01`): then the whole document fails.
  ///
  /// Integral spellings count: `2.0` and `2e0` are 2. Beyond 2⁵³, where a `Double`
  /// cannot tell neighbouring integers apart, the digits decide, with any fraction cut
  /// off (`JSONDecoder` goes through `Decimal` there).
  func integer(at index: Int) -> Int? {
    let token = tokens[index]
    guard token.kind == .number, token.flags & Self.isMalformed == 0 else { return nil }
    let text = Array(bytes[Int(token.start)..<Int(token.end)])
    if let plain = Self.plainInteger(text) { return plain }
    guard let double = Double(String(decoding: text, as: UTF8.self)),
      let value = Int(exactly: double)
    else { return nil }
    if double.magnitude < 0x20_0000_0000_0000 { return value }
    return Self.truncatedInteger(text)
  }

  /// `-?[0-9]+` within `Int`.
  private static func plainInteger(_ text: [UInt8]) -> Int? {
    var index = 0
    let negative = text.first == UInt8(ascii: "-")
    if negative { index = 1 }
    guard index < text.count else { return nil }
    var value = 0
    while index < text.count {
      let byte = text[index]
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let digit = Int(byte - UInt8(ascii: "0"))
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) =
        negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
      guard !overflow, !overflow2 else { return nil }
      value = sum
      index += 1
    }
    return value
  }

  /// A well-formed JSON number as an integer, any fraction cut off; nil outside `Int`.
  private static func truncatedInteger(_ text: [UInt8]) -> Int? {
    var digits: [Int] = []
    var fractionDigits = 0
    var exponent = 0
    var index = 0
    let negative = text.first == UInt8(ascii: "-")
    if negative { index = 1 }
    var inFraction = false
    while index < text.count {
      let byte = text[index]
      if byte == UInt8(ascii: ".") {
        inFraction = true
      } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
        guard let value = Int(String(decoding: text[(index + 1)...], as: UTF8.self)) else {
          return nil
        }
        exponent = value
        break
      } else {
        digits.append(Int(byte - UInt8(ascii: "0")))
        if inFraction { fractionDigits += 1 }
      }
      index += 1
    }
    // value = digits × 10^(exponent − fractionDigits), truncated toward zero.
    let shift = exponent - fractionDigits
    let kept = shift >= 0 ? digits.count : digits.count + shift
    guard kept > 0 else { return 0 }
    var value = 0
    for digit in digits.prefix(kept) {
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(digit)
      guard !overflow, !overflow2 else { return nil }
      value = sum
    }
    for _ in 0..<max(shift, 0) {
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      guard !overflow else { return nil }
      value = times
    }
    return negative ? -value : value
  }
}
