import Foundation

/// The grammar of a `.strings` file: entries, comments, recovery after a mistake.
extension StringsScanner {
  mutating func scanFile() {
    skipTrivia()
    // `{ "a" = "b"; }` is the same table written as an old-style plist dictionary.
    var braced = byte(at: position) == UInt8(ascii: "{")
    if braced {
      position += 1
    }
    while true {
      skipTrivia()
      guard position < text.count else { return }
      if braced && text[position] == UInt8(ascii: "}") {
        position += 1
        braced = false
        continue
      }
      scanEntry()
    }
  }

  /// `key = value ;` or `key ;`
  mutating func scanEntry() {
    let keyLocation = locator.location(of: position, in: text)
    let key: String
    switch readToken() {
    case .string(let string): key = string
    case .broken: return
    case .absent:
      failUnexpected(Diagnostic.Kind.expectedKey(found:))
      skipPastMistake()
      return
    }
    skipTrivia()
    switch byte(at: position) {
    case UInt8(ascii: ";"):
      position += 1
      add(key: key, value: key, at: keyLocation)
    case UInt8(ascii: "="):
      position += 1
      skipTrivia()
      let value: String
      switch readToken() {
      case .string(let string): value = string
      case .broken: return
      case .absent:
        failUnexpected(Diagnostic.Kind.expectedValue(found:))
        skipPastMistake()
        return
      }
      let crossedLine = skipTrivia()
      if byte(at: position) == UInt8(ascii: ";") {
        position += 1
        add(key: key, value: value, at: keyLocation)
        return
      }
      failUnexpected(Diagnostic.Kind.expectedSemicolon(found:))
      // Key and value are whole, so keep them; a forgotten `;` at the end of a line
      // leaves the next line's entry intact.
      add(key: key, value: value, at: keyLocation)
      recovering = true
      if !crossedLine {
        skipPastMistake()
      }
    default:
      failUnexpected(Diagnostic.Kind.expectedEquals(found:))
      skipPastMistake()
    }
  }

  mutating func add(key: String, value: String, at location: SourceLocation) {
    if let first = firstLocations[key] {
      report(.duplicateKey(key, firstAt: first), .warning, at: location)
    } else {
      firstLocations[key] = location
    }
    entries.append(StringsEntry(key: key, value: value, location: location))
    recovering = false
  }

  /// Moves past a malformed entry: after the next `;`, or to the next line that starts
  /// with something that can start an entry or a comment. Always moves forward.
  mutating func skipPastMistake() {
    let end = text.count
    var index = position
    while index < end {
      let byte = text[index]
      index += 1
      if byte == UInt8(ascii: ";") {
        position = index
        return
      }
      guard byte == 0x0A || byte == 0x0D else { continue }
      while index < end && (text[index] == 0x20 || text[index] == 0x09) {
        index += 1
      }
      if index < end && (text[index] == UInt8(ascii: "\"") || unquotedLength(at: index) > 0) {
        position = index
        return
      }
    }
    position = end
  }

  /// Skips whitespace and comments; returns whether a line ended in them.
  @discardableResult
  mutating func skipTrivia() -> Bool {
    var crossedLine = false
    let end = text.count
    while position < end {
      switch text[position] {
      case 0x20, 0x09, 0x0B, 0x0C:
        position += 1
      case 0x0A, 0x0D:
        crossedLine = true
        position += 1
      case UInt8(ascii: "/") where position + 1 < end && text[position + 1] == UInt8(ascii: "/"):
        position += 2
        while position < end && text[position] != 0x0A && text[position] != 0x0D {
          position += 1
        }
      case UInt8(ascii: "/") where position + 1 < end && text[position + 1] == UInt8(ascii: "*"):
        let open = position
        var index = text.firstOffset(of: UInt8(ascii: "*"), or: UInt8(ascii: "*"), from: open + 2)
        while index + 1 < end && text[index + 1] != UInt8(ascii: "/") {
          index = text.firstOffset(of: UInt8(ascii: "*"), or: UInt8(ascii: "*"), from: index + 1)
        }
        // Line breaks inside a block comment do not count for `crossedLine`: that only
        // guesses where a forgotten `;` was, and scanning for them would slow every file.
        guard index + 1 < end else {
          report(.unterminatedComment, .error, atOffset: open)
          recovering = true
          position = end
          return crossedLine
        }
        position = index + 2
      case 0xEF
      where position + 2 < end && text[position + 1] == 0xBB
        && text[position + 2] == 0xBF:
        // A byte order mark left in the middle by concatenating files.
        position += 3
      default:
        return crossedLine
      }
    }
    return crossedLine
  }
}
