@testable import Parlance

/// Where the keys of a String Catalog are in its raw JSON, which `JSONDecoder` does not
/// say, and where the JSON first goes wrong, which it does not say on Linux either.
///
/// One pass of a small tokenizer that tracks the path of object keys:
///
/// ```
/// {                                   depth 1
///   "strings" : {                     depth 2
///     "Hello" : {                     string key 'Hello'            → keys
///       "localizations" : {           depth 4
///         "de" : { … }                language 'de' of 'Hello'      → languages
/// ```
///
/// Only keys at those two levels are decoded (escapes included: `\"`, `\u00e9`, surrogate
/// pairs); other strings are skipped byte by byte. Time is linear in the size of the text.
struct LegacyJSONKeyLocator {
  /// The first occurrence of each string key (`JSONDecoder` keeps the first value).
  private(set) var keys: [String: SourceLocation] = [:]
  /// Keys of `strings` written more than once.
  private(set) var duplicates: [(key: String, first: SourceLocation, again: SourceLocation)] = []
  /// Each string key's localizations by language code.
  private(set) var languages: [String: [String: SourceLocation]] = [:]
  /// The first syntax error: where, and why. A trailing comma is one,
  /// but the scan goes on past it.
  private(set) var syntaxError: (location: SourceLocation, reason: String)?

  /// Where the scan stopped at a mistake it could not read past (anything but a
  /// trailing comma); keys after it have no location.
  private(set) var stoppedAt: Int?
  private let locatingKeys: Bool

  /// Scans `text`; with `locatingKeys` false, only `syntaxError` and `stoppedAt` are
  /// found (no key is decoded or kept), which is what a caller that has the keys from
  /// elsewhere needs.
  init(utf8 text: [UInt8], locatingKeys: Bool = true) {
    self.locatingKeys = locatingKeys
    text.withUnsafeBufferPointer { scan($0) }
  }

  private struct Frame {
    var isObject: Bool
    var lastKey: String?
  }

  /// The open containers. Only the first four levels matter to the path (their last
  /// keys); deeper ones keep only their kind, so that 10 MB of `[` costs 10 MB, not 240.
  private struct Frames {
    private var top: [Frame] = []
    private var deep: [Bool] = []

    var count: Int { top.count + deep.count }
    var isEmpty: Bool { top.isEmpty }
    var last: Frame? { deep.last.map { Frame(isObject: $0) } ?? top.last }

    subscript(level: Int) -> Frame { top[level] }

    mutating func append(_ frame: Frame) {
      if top.count < 4 { top.append(frame) } else { deep.append(frame.isObject) }
    }

    mutating func removeLast() {
      if deep.isEmpty { top.removeLast() } else { deep.removeLast() }
    }

    mutating func setLastKey(_ key: String, depth: Int) {
      if depth <= top.count { top[depth - 1].lastKey = key }
    }
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
    var locator = LineLocator()
    var frames = Frames()
    var expecting = Expecting.value
    var index = 0
    var lastComma = 0
    func fail(_ at: Int, _ found: String, _ locator: inout LineLocator) -> (SourceLocation, String)
    {
      (locator.location(of: at, in: text), found)
    }
    /// A mistake the scan cannot read past: it is the one reported, and the scan ends.
    func stop(_ at: Int, _ found: String) {
      syntaxError = fail(at, found, &locator)
      stoppedAt = at
    }
    // A UTF-8 byte order mark is allowed before the value.
    if text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF { index = 3 }
    while true {
      while index < text.count, text[index].legacyIsJSONWhitespace { index += 1 }
      guard index < text.count else {
        if expecting != .end {
          stop(index, "unexpected end of file")
        }
        return
      }
      let byte = text[index]
      switch (expecting, byte) {
      case (.value, UInt8(ascii: "{")):
        frames.append(Frame(isObject: true))
        expecting = .firstKey
        index += 1
      case (.value, UInt8(ascii: "[")):
        frames.append(Frame(isObject: false))
        index += 1
        // `[]`: the closing bracket is handled as the end of a container.
        var next = index
        while next < text.count, text[next].legacyIsJSONWhitespace { next += 1 }
        if next < text.count, text[next] == UInt8(ascii: "]") {
          index = next
          expecting = .separator
        }
      case (.firstKey, UInt8(ascii: "}")), (.separator, UInt8(ascii: "}")):
        guard frames.last?.isObject == true else {
          stop(index, "unexpected '}'")
          return
        }
        frames.removeLast()
        index += 1
        expecting = frames.isEmpty ? .end : .separator
      case (.separator, UInt8(ascii: "]")):
        guard frames.last?.isObject == false else {
          stop(index, "unexpected ']'")
          return
        }
        frames.removeLast()
        index += 1
        expecting = frames.isEmpty ? .end : .separator
      case (.key, UInt8(ascii: "}")), (.value, UInt8(ascii: "]")):
        // A trailing comma: not JSON, but `JSONDecoder` reads past it, so keep locating.
        guard let frame = frames.last, frame.isObject == (byte == UInt8(ascii: "}")) else {
          stop(index, "unexpected \(Self.describe(byte))")
          return
        }
        if syntaxError == nil {
          syntaxError = fail(lastComma, "trailing ','", &locator)
        }
        frames.removeLast()
        index += 1
        expecting = frames.isEmpty ? .end : .separator
      case (.separator, UInt8(ascii: ",")):
        lastComma = index
        index += 1
        expecting = frames.last?.isObject == true ? .key : .value
      case (.colon, UInt8(ascii: ":")):
        index += 1
        expecting = .value
      case (.firstKey, UInt8(ascii: "\"")), (.key, UInt8(ascii: "\"")):
        let start = index
        let depth = frames.count
        let wanted =
          depth == 2 && frames[0].lastKey == "strings"
          || depth == 4 && frames[0].lastKey == "strings" && frames[2].lastKey == "localizations"
        // The path needs the keys above the languages; deeper ones are skipped.
        guard
          let (key, end) = Self.string(
            in: text, from: index, decode: locatingKeys && depth <= 4)
        else {
          stop(start, "unterminated string")
          return
        }
        index = end
        frames.setLastKey(key, depth: depth)
        if locatingKeys && wanted {
          let location = locator.location(of: start, in: text)
          if depth == 2 {
            if let first = keys[key] {
              duplicates.append((key, first, location))
            } else {
              keys[key] = location
            }
          } else if let parent = frames[1].lastKey, languages[parent]?[key] == nil {
            languages[parent, default: [:]][key] = location
          }
        }
        expecting = .colon
      case (.value, UInt8(ascii: "\"")):
        guard let (_, end) = Self.string(in: text, from: index, decode: false) else {
          stop(index, "unterminated string")
          return
        }
        index = end
        expecting = frames.isEmpty ? .end : .separator
      case (.value, _) where byte.legacyIsJSONScalarByte:
        let start = index
        while index < text.count, text[index].legacyIsJSONScalarByte { index += 1 }
        let word = String(
          decoding: UnsafeBufferPointer(rebasing: text[start..<index]), as: UTF8.self)
        guard ["true", "false", "null"].contains(word) || Double(word) != nil else {
          stop(start, "expected a value, found '\(word)'")
          return
        }
        expecting = frames.isEmpty ? .end : .separator
      default:
        stop(index, "expected \(expecting.noun), found \(Self.describe(byte))")
        return
      }
    }
  }

  private static func describe(_ byte: UInt8) -> String {
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return String(format: "byte 0x%02X", byte)
  }

  /// The string starting at the `"` at `start`, decoded when asked, and the offset just
  /// past its closing quote; nil when it never closes.
  private static func string(
    in text: UnsafeBufferPointer<UInt8>, from start: Int, decode: Bool
  ) -> (String, Int)? {
    var index = start + 1
    var hasEscape = false
    while index < text.count {
      switch text[index] {
      case UInt8(ascii: "\""):
        guard decode else { return ("", index + 1) }
        let body = UnsafeBufferPointer(rebasing: text[(start + 1)..<index])
        let value = hasEscape ? unescape(body) : String(decoding: body, as: UTF8.self)
        return (value, index + 1)
      case UInt8(ascii: "\\"):
        hasEscape = true
        index += 2
      case UInt8(ascii: "\n"):
        // JSON strings cannot hold a raw line break; treat it as unterminated here.
        return nil
      default:
        index += 1
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
  fileprivate var legacyIsJSONWhitespace: Bool {
    self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09
  }

  /// Bytes of numbers and of `true`, `false`, `null`.
  fileprivate var legacyIsJSONScalarByte: Bool {
    isASCIIAlphanumeric || self == UInt8(ascii: "-") || self == UInt8(ascii: "+")
      || self == UInt8(ascii: ".")
  }
}
