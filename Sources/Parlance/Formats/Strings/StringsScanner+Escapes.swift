import Foundation

/// Escape sequences in quoted strings, decoded as Apple decodes them.
extension StringsScanner {
  /// Reads the rest of a quoted string that has escapes; `nil` if it never ends.
  mutating func readEscaped(from start: Int, firstEscape: Int) -> String? {
    let end = text.count
    scratch.removeAll(keepingCapacity: true)
    pending.removeAll(keepingCapacity: true)
    pendingBeyond = (0, 0)
    var runStart = start
    var index = firstEscape
    while index < end {
      let byte = text[index]
      if byte == UInt8(ascii: "\"") {
        scratch.append(contentsOf: text[runStart..<index])
        position = index + 1
        for (offset, kind) in pending {
          report(kind, .warning, atOffset: offset)
        }
        if pendingBeyond.count > 0 {
          diagnostics.countBeyond(
            Self.diagnosticLimit, count: pendingBeyond.count, .warning, file: file,
            at: locator.location(of: pendingBeyond.offset, in: text))
        }
        return String(decoding: scratch, as: UTF8.self)
      }
      guard byte == UInt8(ascii: "\\") else {
        index = text.firstOffset(of: UInt8(ascii: "\""), or: UInt8(ascii: "\\"), from: index)
        continue
      }
      scratch.append(contentsOf: text[runStart..<index])
      let backslash = index
      index += 1
      guard index < end else { return nil }
      let escaped = text[index]
      index += 1
      switch escaped {
      case UInt8(ascii: "n"): scratch.append(0x0A)
      case UInt8(ascii: "t"): scratch.append(0x09)
      case UInt8(ascii: "r"): scratch.append(0x0D)
      case UInt8(ascii: "a"): scratch.append(0x07)
      case UInt8(ascii: "b"): scratch.append(0x08)
      case UInt8(ascii: "f"): scratch.append(0x0C)
      case UInt8(ascii: "v"): scratch.append(0x0B)
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "/"),
        UInt8(ascii: "?"), 0x0A, 0x0D:
        // An escaped line break is kept, as Apple keeps it.
        scratch.append(escaped)
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = UInt32(escaped - UInt8(ascii: "0"))
        var digits = 1
        while digits < 3, index < end, text[index] >= UInt8(ascii: "0"),
          text[index] <= UInt8(ascii: "7")
        {
          value = value << 3 | UInt32(text[index] - UInt8(ascii: "0"))
          index += 1
          digits += 1
        }
        TextDecoding.appendUTF8(value, to: &scratch)
      case UInt8(ascii: "U"), UInt8(ascii: "u"):
        readUnicodeEscape(backslash: backslash, index: &index)
      default:
        let (scalar, length) = decodeScalar(at: index - 1)
        scratch.append(contentsOf: text[index - 1..<index - 1 + length])
        index += length - 1
        addPending(.unknownEscape(Character(scalar)), at: backslash)
      }
      runStart = index
    }
    return nil
  }

  mutating func addPending(_ kind: Diagnostic.Kind, at offset: Int) {
    if pending.count <= Self.diagnosticLimit {
      pending.append((offset, kind))
    } else {
      if pendingBeyond.count == 0 { pendingBeyond.offset = offset }
      pendingBeyond.count += 1
    }
  }

  /// Reads the hex digits of `\U` or `\u` (`index` is past the `U`) into `scratch`.
  ///
  /// `\UD83D\UDE00` is one scalar, U+1F600; a surrogate without its other half is U+FFFD.
  mutating func readUnicodeEscape(backslash: Int, index: inout Int) {
    let (value, digitsEnd) = hexValue(from: index)
    guard digitsEnd > index else {
      addPending(.invalidUnicodeEscape(string(backslash..<index)), at: backslash)
      scratch.append(text[index - 1])
      return
    }
    index = digitsEnd
    switch value {
    case 0xD800...0xDBFF:
      if index + 1 < text.count, text[index] == UInt8(ascii: "\\"),
        text[index + 1] == UInt8(ascii: "U") || text[index + 1] == UInt8(ascii: "u")
      {
        let (low, lowEnd) = hexValue(from: index + 2)
        if lowEnd > index + 2 && (0xDC00...0xDFFF).contains(low) {
          index = lowEnd
          TextDecoding.appendUTF8(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00), to: &scratch)
          return
        }
      }
      fallthrough
    case 0xDC00...0xDFFF:
      addPending(.unpairedSurrogate(string(backslash..<index)), at: backslash)
      scratch.append(contentsOf: TextDecoding.replacementCharacter)
    default:
      TextDecoding.appendUTF8(value, to: &scratch)
    }
  }

  /// Up to four hex digits from `start`, as Apple reads them.
  func hexValue(from start: Int) -> (value: UInt32, end: Int) {
    var value: UInt32 = 0
    var index = start
    while index < start + 4 && index < text.count {
      let byte = text[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return (value, index)
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return (value, index)
  }
}
