/// The bytes of a text file as UTF-8, with the encoding they were read as.
struct DecodedText: Hashable, Sendable {
  /// The text as UTF-8 without a byte order mark; invalid input is replaced by U+FFFD.
  var utf8: [UInt8]
  /// `UTF-8`, `UTF-16LE` or `UTF-16BE`, as used in `.invalidEncoding(charset:)`.
  var encodingName: String
  /// Offset in `utf8` of the first U+FFFD that replaced invalid input.
  var firstInvalidOffset: Int?
}

/// Turns the bytes of a Unicode text file into UTF-8, for parsers that scan bytes.
///
/// Shared by the catalog parsers so that every format reads byte order marks and
/// broken bytes the same way; a parser then reports `firstInvalidOffset` as a
/// diagnostic at its line and column.
enum TextDecoding {
  static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

  /// Decodes UTF-8 (with or without a BOM) or UTF-16 (BOM, or no BOM but zero bytes
  /// on one side of each code unit, as ASCII text in UTF-16 has).
  ///
  /// Valid UTF-8 without a BOM is returned without copying. Cost is linear in the size.
  ///
  /// `"a" = "b";` written as UTF-16LE without a BOM is `22 00 61 00 22 00 …`: zero bytes
  /// at odd offsets only, so it is read as UTF-16LE.
  static func decodeUnicode(_ bytes: [UInt8]) -> DecodedText {
    switch encoding(of: bytes) {
    case .utf8(let from): decodeUTF8(from == 0 ? bytes : Array(bytes[from...]))
    case .utf16(let from, let bigEndian): decodeUTF16(bytes, from: from, bigEndian: bigEndian)
    }
  }

  /// How `decodeUnicode` reads a file, from where (past a byte order mark).
  enum Encoding: Equatable {
    case utf8(from: Int)
    case utf16(from: Int, bigEndian: Bool)

    /// UTF-8 as the bytes stand: valid, `decodeUnicode` returns them unchanged, and a
    /// reader that checks that itself can read them in place.
    static let unmarkedUTF8 = Encoding.utf8(from: 0)
  }

  /// The byte order mark at the start of `bytes`, or else a guess from their first 256
  /// bytes (`guessUTF16ByteOrder`).
  static func encoding(of bytes: [UInt8]) -> Encoding {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return .utf8(from: 3) }
    if bytes.starts(with: [0xFF, 0xFE]) { return .utf16(from: 2, bigEndian: false) }
    if bytes.starts(with: [0xFE, 0xFF]) { return .utf16(from: 2, bigEndian: true) }
    if let bigEndian = guessUTF16ByteOrder(bytes) { return .utf16(from: 0, bigEndian: bigEndian) }
    return .unmarkedUTF8
  }

  /// `encoding(of:)` of bytes in place (only their first 256 are read).
  static func encoding(of bytes: UnsafeBufferPointer<UInt8>) -> Encoding {
    encoding(of: Array(bytes.prefix(256)))
  }

  /// Reads UTF-8, replacing each maximal invalid subsequence with U+FFFD.
  static func decodeUTF8(_ bytes: [UInt8]) -> DecodedText {
    let firstInvalid = bytes.withUnsafeBufferPointer { firstInvalidUTF8Offset(in: $0) }
    guard let firstInvalid else {
      return DecodedText(utf8: bytes, encodingName: "UTF-8", firstInvalidOffset: nil)
    }
    // Rare path: the standard library's parser gives the maximal subparts that
    // Unicode recommends replacing one by one.
    var output = Array(bytes[..<firstInvalid])
    output.reserveCapacity(bytes.count + 16)
    var iterator = bytes[firstInvalid...].makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    loop: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): output.append(contentsOf: encoded)
      case .error: output.append(contentsOf: replacementCharacter)
      case .emptyInput: break loop
      }
    }
    return DecodedText(utf8: output, encodingName: "UTF-8", firstInvalidOffset: firstInvalid)
  }

  /// Reads UTF-16 code units from `start`; an unpaired surrogate or a trailing odd byte
  /// becomes U+FFFD.
  static func decodeUTF16(_ bytes: [UInt8], from start: Int, bigEndian: Bool) -> DecodedText {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count - start)
    var firstInvalid: Int?
    let count = bytes.count
    func unit(at index: Int) -> UInt32 {
      bigEndian
        ? UInt32(bytes[index]) << 8 | UInt32(bytes[index + 1])
        : UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index])
    }
    var index = start
    while index + 1 < count {
      let first = unit(at: index)
      index += 2
      if first < 0xD800 || first > 0xDFFF {
        appendUTF8(first, to: &output)
        continue
      }
      if first <= 0xDBFF, index + 1 < count {
        let second = unit(at: index)
        if second >= 0xDC00 && second <= 0xDFFF {
          index += 2
          appendUTF8(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00), to: &output)
          continue
        }
      }
      if firstInvalid == nil { firstInvalid = output.count }
      output.append(contentsOf: replacementCharacter)
    }
    if index < count {
      if firstInvalid == nil { firstInvalid = output.count }
      output.append(contentsOf: replacementCharacter)
    }
    return DecodedText(
      utf8: output, encodingName: bigEndian ? "UTF-16BE" : "UTF-16LE",
      firstInvalidOffset: firstInvalid)
  }

  /// `true` for big-endian, `false` for little-endian, `nil` when the bytes do not
  /// look like UTF-16.
  ///
  /// Text files start with mostly ASCII (quotes, comments, keys), so UTF-16 shows as zero
  /// bytes on one side of each code unit; UTF-8 text has no zero bytes at all.
  static func guessUTF16ByteOrder(_ bytes: [UInt8]) -> Bool? {
    let sample = min(bytes.count, 256) & ~1
    var zerosAtEven = 0
    var zerosAtOdd = 0
    var index = 0
    while index < sample {
      if bytes[index] == 0 { zerosAtEven += 1 }
      if bytes[index + 1] == 0 { zerosAtOdd += 1 }
      index += 2
    }
    if zerosAtOdd > 0 && zerosAtEven * 4 < zerosAtOdd { return false }
    if zerosAtEven > 0 && zerosAtOdd * 4 < zerosAtEven { return true }
    return nil
  }

  /// The offset of the first byte that does not start a well-formed UTF-8 sequence;
  /// with `orNUL`, of the first NUL byte too (one pass where a `memchr` would be another).
  static func firstInvalidUTF8Offset(in bytes: UnsafeBufferPointer<UInt8>, orNUL: Bool = false)
    -> Int?
  {
    guard let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    // The bytes to look at one by one: beyond ASCII, or (with `orNUL`) zero.
    @inline(__always) func stops(_ word: UInt64) -> UInt64 {
      orNUL ? (word | (word &- ones) & ~word) & high : word & high
    }
    var index = 0
    while index < count {
      // Most catalog text is ASCII: check 32 bytes at a time (one test of four words
      // together), then eight.
      while index + 32 <= count {
        let words = UnsafeRawPointer(base + index)
        let any =
          stops(words.loadUnaligned(as: UInt64.self))
          | stops(words.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
          | stops(words.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
          | stops(words.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
        guard any == 0 else { break }
        index += 32
      }
      guard index < count else { break }
      if index + 8 <= count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        if stops(word) == 0 {
          index += 8
          continue
        }
      }
      let lead = base[index]
      if lead < 0x80 {
        if orNUL, lead == 0 { return index }
        index += 1
        continue
      }
      let length: Int
      var secondRange: ClosedRange<UInt8> = 0x80...0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: length = 3; secondRange = 0xA0...0xBF
      case 0xED: length = 3; secondRange = 0x80...0x9F  // no UTF-16 surrogates
      case 0xE1...0xEF: length = 3
      case 0xF0: length = 4; secondRange = 0x90...0xBF
      case 0xF4: length = 4; secondRange = 0x80...0x8F  // nothing above U+10FFFF
      case 0xF1...0xF3: length = 4
      default: return index
      }
      guard index + length <= count, secondRange.contains(base[index + 1]) else { return index }
      var next = index + 2
      while next < index + length {
        guard base[next] & 0xC0 == 0x80 else { return index }
        next += 1
      }
      index += length
    }
    return nil
  }

  /// Appends the UTF-8 form of a scalar value; surrogates and values above U+10FFFF
  /// become U+FFFD.
  @inline(__always)
  static func appendUTF8(_ value: UInt32, to output: inout [UInt8]) {
    switch value {
    case 0..<0x80:
      output.append(UInt8(value))
    case 0x80..<0x800:
      output.append(UInt8(0xC0 | value >> 6))
      output.append(UInt8(0x80 | value & 0x3F))
    case 0xD800...0xDFFF:
      output.append(contentsOf: replacementCharacter)
    case 0x800..<0x10000:
      output.append(UInt8(0xE0 | value >> 12))
      output.append(UInt8(0x80 | value >> 6 & 0x3F))
      output.append(UInt8(0x80 | value & 0x3F))
    case 0x10000...0x10FFFF:
      output.append(UInt8(0xF0 | value >> 18))
      output.append(UInt8(0x80 | value >> 12 & 0x3F))
      output.append(UInt8(0x80 | value >> 6 & 0x3F))
      output.append(UInt8(0x80 | value & 0x3F))
    default:
      output.append(contentsOf: replacementCharacter)
    }
  }
}
