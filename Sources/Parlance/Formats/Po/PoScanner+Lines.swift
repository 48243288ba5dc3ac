import Foundation

/// The line-level grammar: comments, keywords and where each string goes.
extension PoScanner {
  mutating func scanFile() {
    let count = text.count
    while true {
      skipWhitespace()
      guard position < count else { break }
      switch text[position] {
      case UInt8(ascii: "#"):
        scanComment()
      case UInt8(ascii: "\""):
        if case .none = field {
          report(
            .unexpectedPoToken(expected: Self.keywordExpectation, found: "a string"), .error,
            atOffset: position)
          skipLine()
        } else {
          readString()
        }
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
        scanKeyword()
      default:
        report(
          .unexpectedPoToken(expected: Self.keywordExpectation, found: describe(position)), .error,
          atOffset: position)
        skipLine()
      }
    }
    if pending.started && !pending.broken && !pending.isComplete {
      report(
        .unexpectedPoToken(expected: "'msgstr'", found: "the end of the file"), .error,
        atOffset: count)
      pending.broken = true
    }
    finishEntry()
  }

  static let keywordExpectation = "'msgctxt', 'msgid', 'msgstr' or a comment"

  mutating func scanComment() {
    let start = position
    skipLine()
    let second = start + 1 < text.count ? text[start + 1] : 0
    // A comment ends an entry whose `msgstr` is read; the next entry's comments follow.
    if pending.isComplete { finishEntry() }
    switch second {
    case UInt8(ascii: ","):
      if containsWord("fuzzy", in: start + 2..<position) { nextIsFuzzy = true }
    case UInt8(ascii: "~"):
      // The flags before an obsolete entry are its own.
      nextIsFuzzy = false
    default:
      break
    }
  }

  mutating func scanKeyword() {
    let start = position
    while position < text.count
      && (PoBytes.isLetter(text[position]) || text[position] == UInt8(ascii: "_"))
    {
      position += 1
    }
    let word = UnsafeBufferPointer(rebasing: text[start..<position])
    var index: Int?
    if position < text.count && text[position] == UInt8(ascii: "[") {
      var next = position + 1
      var value = 0
      while next < text.count && text[next] >= 0x30 && text[next] <= 0x39 && value < 1_000_000 {
        value = value * 10 + Int(text[next] - 0x30)
        next += 1
      }
      if next > position + 1 && next < text.count && text[next] == UInt8(ascii: "]") {
        index = value
        position = next + 1
      }
    }
    let found = "'" + String(decoding: text[start..<position], as: UTF8.self) + "'"
    if word.elementsEqual("msgctxt".utf8) && index == nil {
      startEntry(at: start, found: found)
      pending.hasContext = true
      expectString(for: .context, keyword: found)
    } else if word.elementsEqual("msgid".utf8) && index == nil {
      // After `msgctxt` the same entry goes on; anything else starts a new one.
      if !(pending.started && pending.hasContext && !pending.hasMsgid) {
        startEntry(at: start, found: found)
      }
      pending.hasMsgid = true
      pending.msgidOffset = start
      pending.msgidLocation = locator.location(of: start, in: text)
      expectString(for: .msgid, keyword: found)
    } else if word.elementsEqual("msgid_plural".utf8) && index == nil {
      if pending.hasMsgid && !pending.hasPlural && !pending.isComplete {
        pending.hasPlural = true
        expectString(for: .msgidPlural, keyword: found)
      } else {
        misplaced(found, at: start, expected: pending.hasMsgid ? "'msgstr'" : "'msgid'")
      }
    } else if word.elementsEqual("msgstr".utf8) {
      scanMsgstr(index: index, at: start, found: found)
    } else {
      report(
        .unexpectedPoToken(expected: Self.keywordExpectation, found: found), .error,
        atOffset: start)
      skipLine()
    }
  }

  mutating func scanMsgstr(index: Int?, at start: Int, found: String) {
    guard pending.hasMsgid, !pending.hasMsgstr else {
      misplaced(found, at: start, expected: pending.hasMsgid ? "'msgctxt' or 'msgid'" : "'msgid'")
      return
    }
    switch (pending.hasPlural, index) {
    case (false, nil):
      pending.hasMsgstr = true
      if pending.isHeaderCandidate && !headerSeen { recordHeaderSegments = true }
      expectString(for: .msgstr, keyword: found)
    case (true, let index?) where index == pending.forms.count:
      pending.forms.append([])
      expectString(for: .form(index), keyword: found)
    case (true, _):
      misplaced(found, at: start, expected: "'msgstr[\(pending.forms.count)]'")
    case (false, _?):
      misplaced(found, at: start, expected: "'msgstr'")
    }
  }

  /// Ends the entry before `msgctxt` or `msgid` when it has one, and starts a new one.
  mutating func startEntry(at offset: Int, found: String) {
    if pending.started && !pending.isComplete && !pending.broken {
      report(.unexpectedPoToken(expected: "'msgstr'", found: found), .error, atOffset: offset)
      pending.broken = true
    }
    finishEntry()
    pending.started = true
    pending.fuzzy = nextIsFuzzy
    nextIsFuzzy = false
  }

  mutating func misplaced(_ found: String, at offset: Int, expected: String) {
    // A whole entry before the stray keyword is kept; what follows is dropped.
    if pending.isComplete && !pending.broken { finishEntry() }
    if !pending.broken {
      report(.unexpectedPoToken(expected: expected, found: found), .error, atOffset: offset)
    }
    pending.started = true
    pending.broken = true
    field = .ignored
    skipLine()
  }

  /// After a keyword: spaces, then the first string of its value on the same line.
  mutating func expectString(for next: Field, keyword: String) {
    while position < text.count && (text[position] == 0x20 || text[position] == 0x09) {
      position += 1
    }
    guard position < text.count, text[position] == UInt8(ascii: "\"") else {
      if !pending.broken {
        report(
          .unexpectedPoToken(expected: "a string after \(keyword)", found: describe(position)),
          .error, atOffset: position)
      }
      pending.broken = true
      field = .ignored
      skipLine()
      return
    }
    field = next
    readString()
  }
}
