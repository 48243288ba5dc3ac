import Foundation

/// Quoted strings and their C escapes, decoded into the current field.
extension PoScanner {
  /// Reads the string at the opening quote into the current field.
  mutating func readString() {
    let open = position
    scratch.removeAll(keepingCapacity: true)
    // Before the string's escapes are reported: the locator only walks forward cheaply.
    let segmentLocation = recordHeaderSegments ? locator.location(of: open + 1, in: text) : nil
    guard scanString() else {
      report(.unterminatedString, .error, atOffset: open)
      pending.broken = true
      field = .ignored
      return
    }
    switch field {
    case .none, .ignored: break
    case .context: pending.context.append(contentsOf: scratch)
    case .msgid: pending.msgid.append(contentsOf: scratch)
    case .msgidPlural: pending.msgidPlural.append(contentsOf: scratch)
    case .msgstr:
      if let segmentLocation {
        pending.segments.append((pending.msgstr.count, segmentLocation))
      }
      pending.msgstr.append(contentsOf: scratch)
    case .form(let index):
      if index < pending.forms.count { pending.forms[index].append(contentsOf: scratch) }
    }
  }

  /// Decodes the string at `position` into `scratch`; `false` when the line ends first.
  mutating func scanString() -> Bool {
    let count = text.count
    var index = position + 1
    var runStart = index
    while index < count {
      let byte = text[index]
      if byte == UInt8(ascii: "\"") {
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
        position = index + 1
        return true
      }
      if byte == 0x0A || byte == 0x0D { break }
      if byte != UInt8(ascii: "\\") {
        index += 1
        continue
      }
      scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
      index += 1
      guard index < count else { break }
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
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "?"), UInt8(ascii: "'"):
        scratch.append(escaped)
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = UInt32(escaped - 0x30)
        var digits = 1
        while digits < 3 && index < count && text[index] >= 0x30 && text[index] <= 0x37 {
          value = value * 8 + UInt32(text[index] - 0x30)
          index += 1
          digits += 1
        }
        scratch.append(UInt8(truncatingIfNeeded: value))
      case UInt8(ascii: "x") where index < count && PoBytes.hexValue(text[index]) != nil:
        var value: UInt8 = 0
        var digits = 0
        while digits < 2, index < count, let digit = PoBytes.hexValue(text[index]) {
          value = value << 4 | digit
          index += 1
          digits += 1
        }
        scratch.append(value)
      case 0x0A, 0x0D:
        // A backslash at the end of the line does not continue the string in a `.po` file.
        index -= 1
        position = index
        return false
      default:
        // Keep the whole escaped scalar, not only its first byte.
        var end = index
        while end < count && text[end] & 0xC0 == 0x80 { end += 1 }
        let scalar = String(decoding: text[(index - 1)..<end], as: UTF8.self)
        report(.unknownEscape(scalar.first ?? "?"), .warning, atOffset: index - 2)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[(index - 1)..<end]))
        index = end
      }
      runStart = index
    }
    position = index
    return false
  }
}
