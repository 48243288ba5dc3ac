/// Where the JSON of a String Catalog first goes wrong, in the String Catalog reader's
/// words and at its place (`JSONDecoder` does not say where on Linux), and where that
/// reading stopped.
///
/// One pass of a small tokenizer: a trailing comma is a mistake (the first one is
/// reported) that it reads past, as `JSONDecoder` does; any other mistake ends the pass
/// (`stoppedAt`). Strings are skipped byte by byte (a line break ends one). Time and
/// memory are linear in the size of the text; 10 MB of `[` keeps a 10 MB stack of bits.
struct JSONSyntaxLocator {
  /// The first syntax error: where, and why. A trailing comma is one,
  /// but the scan goes on past it.
  private(set) var syntaxError: (location: SourceLocation, reason: String)?
  /// Where the scan stopped at a mistake it could not read past (anything but a
  /// trailing comma).
  private(set) var stoppedAt: Int?

  init(utf8 text: UnsafeBufferPointer<UInt8>) {
    scan(text)
  }

  private enum Expecting {
    case value
    /// A key or `}` (just after `{`).
    case firstKey
    /// A key (after `,` in an object).
    case key
    case colon
    /// `,` or the end of the current container.
    case separator
    case end

    var noun: String {
      switch self {
      case .value: "a value"
      case .firstKey: "a key or '}'"
      case .key: "a key"
      case .colon: "':'"
      case .separator: "',' or a closing bracket"
      case .end: "the end of the file"
      }
    }
  }

  private mutating func scan(_ text: UnsafeBufferPointer<UInt8>) {
    var scan = Scan(text: text)
    scan.run()
    syntaxError = scan.syntaxError
    stoppedAt = scan.stoppedAt
  }

  /// The tokenizer over one text.
  private struct Scan {
    let text: UnsafeBufferPointer<UInt8>
    var locator = LineLocator()
    var frames: [Bool] = []  // isObject, per open container
    var expecting = Expecting.value
    var index = 0
    var lastComma = 0
    var syntaxError: (location: SourceLocation, reason: String)?
    var stoppedAt: Int?

    init(text: UnsafeBufferPointer<UInt8>) { self.text = text }

    mutating func run() {
      // A UTF-8 byte order mark is allowed before the value.
      if text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF { index = 3 }
      while true {
        while index < text.count, text[index].isJSONWhitespace { index += 1 }
        guard index < text.count else {
          if expecting != .end { stop(index, "unexpected end of file") }
          return
        }
        guard step(text[index]) else { return }
      }
    }

    /// Reads the token that starts with `byte` at `index`; false when the scan stops.
    private mutating func step(_ byte: UInt8) -> Bool {
      switch (expecting, byte) {
      case (.value, UInt8(ascii: "{")):
        frames.append(true)
        expecting = .firstKey
        index += 1
      case (.value, UInt8(ascii: "[")):
        frames.append(false)
        index += 1
        // `[]`: the closing bracket is handled as the end of a container.
        var next = index
        while next < text.count, text[next].isJSONWhitespace { next += 1 }
        if next < text.count, text[next] == UInt8(ascii: "]") {
          index = next
          expecting = .separator
        }
      case (.firstKey, UInt8(ascii: "}")), (.separator, UInt8(ascii: "}")),
        (.separator, UInt8(ascii: "]")):
        return close(byte, afterComma: false)
      case (.key, UInt8(ascii: "}")), (.value, UInt8(ascii: "]")):
        // A trailing comma: not JSON, but `JSONDecoder` reads past it, so keep locating.
        return close(byte, afterComma: true)
      case (.separator, UInt8(ascii: ",")):
        lastComma = index
        index += 1
        expecting = frames.last == true ? .key : .value
      case (.colon, UInt8(ascii: ":")):
        index += 1
        expecting = .value
      case (.firstKey, UInt8(ascii: "\"")), (.key, UInt8(ascii: "\"")),
        (.value, UInt8(ascii: "\"")):
        guard let end = JSONSyntaxLocator.stringEnd(in: text, from: index) else {
          stop(index, "unterminated string")
          return false
        }
        index = end
        expecting = expecting == .value ? (frames.isEmpty ? .end : .separator) : .colon
      case (.value, _) where byte.isJSONScalarByte:
        let start = index
        while index < text.count, text[index].isJSONScalarByte { index += 1 }
        let word = String(
          decoding: UnsafeBufferPointer(rebasing: text[start..<index]), as: UTF8.self)
        guard ["true", "false", "null"].contains(word) || Double(word) != nil else {
          stop(start, "expected a value, found '\(word)'")
          return false
        }
        expecting = frames.isEmpty ? .end : .separator
      default:
        stop(index, "expected \(expecting.noun), found \(JSONSyntaxLocator.describe(byte))")
        return false
      }
      return true
    }

    /// The `}` or `]` at `index` closes the innermost container, which must be of its
    /// kind; after a comma, the first such comma is the error reported.
    private mutating func close(_ byte: UInt8, afterComma: Bool) -> Bool {
      guard let isObject = frames.last, isObject == (byte == UInt8(ascii: "}")) else {
        stop(index, "unexpected \(JSONSyntaxLocator.describe(byte))")
        return false
      }
      if afterComma, syntaxError == nil {
        syntaxError = (locator.location(of: lastComma, in: text), "trailing ','")
      }
      frames.removeLast()
      index += 1
      expecting = frames.isEmpty ? .end : .separator
      return true
    }

    /// A mistake the scan cannot read past: it is the one reported, and the scan ends.
    private mutating func stop(_ at: Int, _ found: String) {
      syntaxError = (locator.location(of: at, in: text), found)
      stoppedAt = at
    }
  }

  private static func describe(_ byte: UInt8) -> String {
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return String(format: "byte 0x%02X", byte)
  }

  /// The offset just past the closing quote of the string whose `"` is at `start`; nil
  /// when it never closes (a raw line break counts as never closing).
  private static func stringEnd(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var index = start + 1
    while index < text.count {
      switch text[index] {
      case UInt8(ascii: "\""): return index + 1
      case UInt8(ascii: "\\"): index += 2
      case UInt8(ascii: "\n"): return nil
      default: index += 1
      }
    }
    return nil
  }

  /// A key's text between its quotes as the locator decodes it (leniently: `\x` is `x`,
  /// an unpaired surrogate U+FFFD).
  static func decodeKey(_ body: [UInt8]) -> String {
    body.withUnsafeBufferPointer { buffer in
      buffer.contains(UInt8(ascii: "\\"))
        ? unescape(buffer) : String(decoding: buffer, as: UTF8.self)
    }
  }

  private static func unescape(_ body: UnsafeBufferPointer<UInt8>) -> String {
    var scalars = String.UnicodeScalarView()
    var bytes: [UInt8] = []
    func flush() {
      if !bytes.isEmpty {
        scalars.append(contentsOf: String(decoding: bytes, as: UTF8.self).unicodeScalars)
        bytes.removeAll(keepingCapacity: true)
      }
    }
    var index = 0
    var pendingHigh: UInt32?
    while index < body.count {
      let byte = body[index]
      guard byte == UInt8(ascii: "\\"), index + 1 < body.count else {
        bytes.append(byte)
        index += 1
        continue
      }
      let escaped = body[index + 1]
      index += 2
      if escaped == UInt8(ascii: "u"), index + 4 <= body.count,
        let unit = UInt32(
          String(decoding: UnsafeBufferPointer(rebasing: body[index..<(index + 4)]), as: UTF8.self),
          radix: 16)
      {
        index += 4
        flush()
        if (0xD800..<0xDC00).contains(unit) {
          pendingHigh = unit
          continue
        }
        if (0xDC00..<0xE000).contains(unit), let high = pendingHigh {
          let value = 0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)
          scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        } else {
          scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
        }
        pendingHigh = nil
        continue
      }
      switch escaped {
      case UInt8(ascii: "n"): bytes.append(0x0A)
      case UInt8(ascii: "t"): bytes.append(0x09)
      case UInt8(ascii: "r"): bytes.append(0x0D)
      case UInt8(ascii: "b"): bytes.append(0x08)
      case UInt8(ascii: "f"): bytes.append(0x0C)
      default: bytes.append(escaped)  // \" \\ \/
      }
    }
    flush()
    return String(scalars)
  }
}

extension UInt8 {
  /// Bytes of numbers and of `true`, `false`, `null`.
  fileprivate var isJSONScalarByte: Bool {
    isASCIIAlphanumeric || self == UInt8(ascii: "-") || self == UInt8(ascii: "+")
      || self == UInt8(ascii: ".")
  }
}
