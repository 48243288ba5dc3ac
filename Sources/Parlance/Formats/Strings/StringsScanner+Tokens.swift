import Foundation

/// Keys and values, quoted or not, and what the scanner found when it expected one.
extension StringsScanner {
  mutating func readToken() -> Token {
    guard position < text.count else { return .absent }
    if text[position] == UInt8(ascii: "\"") {
      return readQuoted()
    }
    let length = unquotedLength(at: position)
    guard length > 0 else { return .absent }
    let token = string(position..<position + length)
    position += length
    return .string(token)
  }

  /// The length of the unquoted key or value at `start`: Apple's `[A-Za-z0-9_.$:/-]`,
  /// plus non-ASCII letters and digits.
  func unquotedLength(at start: Int) -> Int {
    var index = start
    let end = text.count
    while index < end {
      let byte = text[index]
      if byte < 0x80 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."),
          UInt8(ascii: "$"), UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "-"):
          index += 1
        default:
          return index - start
        }
      } else {
        let (scalar, length) = decodeScalar(at: index)
        let properties = scalar.properties
        guard properties.isAlphabetic || properties.numericType != nil else {
          return index - start
        }
        index += length
      }
    }
    return index - start
  }

  /// The scalar starting at `offset`; the text is valid UTF-8, as decoded.
  func decodeScalar(at offset: Int) -> (Unicode.Scalar, length: Int) {
    let lead = text[offset]
    var value: UInt32
    let length: Int
    switch lead {
    case 0..<0x80: return (Unicode.Scalar(lead), 1)
    case 0xC0..<0xE0: value = UInt32(lead & 0x1F); length = 2
    case 0xE0..<0xF0: value = UInt32(lead & 0x0F); length = 3
    default: value = UInt32(lead & 0x07); length = 4
    }
    var index = offset + 1
    while index < offset + length && index < text.count {
      value = value << 6 | UInt32(text[index] & 0x3F)
      index += 1
    }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", index - offset)
  }

  /// `'='`, `end of file`, or `U+000A` for invisible characters.
  func describe(_ offset: Int) -> String {
    guard offset < text.count else { return "end of file" }
    let (scalar, _) = decodeScalar(at: offset)
    let properties = scalar.properties
    switch properties.generalCategory {
    case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator,
      .unassigned, .privateUse, .surrogate:
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    default:
      return "'\(Character(scalar))'"
    }
  }

  mutating func readQuoted() -> Token {
    let open = position
    let end = text.count
    // Most strings have no escape: make them straight from the bytes.
    let index = text.firstOffset(of: UInt8(ascii: "\""), or: UInt8(ascii: "\\"), from: open + 1)
    if index < end && text[index] == UInt8(ascii: "\"") {
      position = index + 1
      return .string(string(open + 1..<index))
    }
    if index < end, let token = readEscaped(from: open + 1, firstEscape: index) {
      return .string(token)
    }
    report(.unterminatedString, .error, atOffset: open)
    recovering = true
    position = end
    return .broken
  }
}
