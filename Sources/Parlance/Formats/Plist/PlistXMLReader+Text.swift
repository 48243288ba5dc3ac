/// `PlistXMLReader`'s text with entities, and the byte-level steps every part of it takes.
extension PlistXMLReader {
  /// The text up to `end`, and whether its entities were decoded into `tape.decoded`
  /// (else it is where it is written); nil on `<` or an entity outside the subset.
  mutating func text(until end: StaticString) -> (PlistTape.Span, decoded: Bool)? {
    // The text between entities is copied only from the first entity on; the `<` or `&`
    // is found eight bytes at a time.
    var decodedStart: Int?
    var start = index
    while true {
      index = text.firstOffset(of: UInt8(ascii: "<"), or: UInt8(ascii: "&"), from: index)
      guard index < text.count else { return nil }
      let stop = index
      if text[stop] == UInt8(ascii: "<") {
        guard consume(end) else { return nil }
        guard let decodedStart else {
          return (PlistTape.Span(start: Int32(start), count: Int32(stop - start)), false)
        }
        tape.decoded += text[start..<stop]
        let count = tape.decoded.count - decodedStart
        return (PlistTape.Span(start: Int32(decodedStart), count: Int32(count)), true)
      }
      if decodedStart == nil { decodedStart = tape.decoded.count }
      if start < stop { tape.decoded += text[start..<stop] }
      // `&amp;` runs (an escaped URL's query, a value of ampersands) a word at a time.
      while index + 5 <= text.count, text[index] == UInt8(ascii: "&"),
        UnsafeRawPointer(text.baseAddress.unsafelyUnwrapped + index + 1)
          .loadUnaligned(as: UInt32.self) == Self.ampersandName
      {
        tape.decoded.append(UInt8(ascii: "&"))
        index += 5
      }
      if index < text.count, text[index] != UInt8(ascii: "&") {
        start = index
        continue
      }
      guard let scalar = entity() else { return nil }
      TextDecoding.appendUTF8(scalar.value, to: &tape.decoded)
      start = index
    }
  }

  /// `amp;` as the word it is in memory.
  private static let ampersandName = UInt32(littleEndian: 0x3B70_6D61)

  /// `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&#65;` `&#x41;` (not NUL, not a surrogate).
  private mutating func entity() -> Unicode.Scalar? {
    // The five named entities, told apart by the byte after `&`.
    switch index + 1 < text.count ? text[index + 1] : 0 {
    case UInt8(ascii: "a"):
      if consume("&amp;") { return "&" }
      if consume("&apos;") { return "'" }
    case UInt8(ascii: "l"): if consume("&lt;") { return "<" }
    case UInt8(ascii: "g"): if consume("&gt;") { return ">" }
    case UInt8(ascii: "q"): if consume("&quot;") { return "\"" }
    default: break
    }
    guard let semicolon = find(";"), semicolon - index <= 12 else { return nil }
    let name = String(decoding: text[(index + 1)..<semicolon], as: UTF8.self)
    index = semicolon + 1
    guard name.hasPrefix("#") else { return nil }
    let digits = name.dropFirst()
    let value =
      digits.hasPrefix("x")
      ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
    guard let value, value != 0, digits.allSatisfy({ $0.isHexDigit || $0 == "x" }) else {
      return nil
    }
    return Unicode.Scalar(value)
  }

  // MARK: Bytes

  @inline(__always)
  mutating func skipSpace() {
    while index < text.count, text[index].isXMLSpace { index += 1 }
  }

  @inline(__always)
  func starts(with prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard index + count <= text.count, let base = text.baseAddress else { return false }
    let expected = prefix.utf8Start
    for offset in 0..<count where base[index + offset] != expected[offset] { return false }
    return true
  }

  @inline(__always)
  mutating func consume(_ prefix: StaticString) -> Bool {
    guard starts(with: prefix) else { return false }
    index += prefix.utf8CodeUnitCount
    return true
  }

  /// Where `pattern` next starts at or after `index`.
  func find(_ pattern: StaticString) -> Int? {
    let count = pattern.utf8CodeUnitCount
    let first = pattern.utf8Start[0]
    var position = index
    while position + count <= text.count {
      if text[position] == first {
        var matches = true
        for offset in 1..<count where text[position + offset] != pattern.utf8Start[offset] {
          matches = false
          break
        }
        if matches { return position }
      }
      position += 1
    }
    return nil
  }
}

extension UInt8 {
  /// A space, tab, line feed or carriage return: XML's white space.
  var isXMLSpace: Bool {
    self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09
  }
}
