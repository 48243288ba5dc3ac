/// A printf message turned into a pattern that recognizes the texts a program makes
/// from it, and gives back the arguments it put in.
///
/// ```
/// "%d Dateien"          matches "3 Dateien"            → ["3"]
/// "%2$s von %1$s"       matches "Musik von Anna"       → ["Anna", "Musik"]
/// "%'d files, %s"       matches "1,204 files, 3 MB"    → ["1,204", "3 MB"]
/// "%.1f%% done"         matches "42.5% done"           → ["42.5"]
/// "Punkte: %4u"         matches "Punkte:    0"         → ["0"]
/// ```
///
/// Literal text must match exactly; a number takes digits (ASCII or Arabic-Indic), a
/// sign and the separators locales group digits with; a string (`%s`, `%c`, `%p`) takes
/// the shortest run that lets the rest match. A field width pads an argument with spaces
/// before it (after it with the flag `-`), which are no part of the argument. Matching
/// backtracks over the arguments' lengths within a budget of steps, so a pattern of many
/// strings cannot take long.
struct PrintfPattern: Sendable {
  enum Piece: Sendable {
    case literal([UInt8])
    /// The argument at `index` (from 0), read as `kind`, with the spaces its field width
    /// may pad it with.
    case argument(index: Int, kind: Kind, padding: Padding = .none)
  }

  /// Where a conversion with a field width puts the spaces it pads with.
  enum Padding: Sendable {
    case none
    case before
    case after
  }

  enum Kind: Sendable {
    case integer
    case number
    case text
  }

  let pieces: [Piece]
  /// How many arguments the pattern gives back.
  let argumentCount: Int

  /// The pattern made of `pieces`, which give back `argumentCount` arguments.
  init(pieces: [Piece], argumentCount: Int) {
    self.pieces = pieces
    self.argumentCount = argumentCount
  }

  /// The pattern of `template`; nil when it has no printf conversion (nothing to
  /// recognize beyond the text itself) or has one this grammar does not know.
  init?(_ template: String) {
    let bytes = Array(template.utf8)
    var pieces: [Piece] = []
    var literal: [UInt8] = []
    var next = 0
    var highest = 0
    var index = 0
    var conversions = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "%") else {
        literal.append(bytes[index])
        index += 1
        continue
      }
      guard let specifier = PrintfSpecifier(scanning: bytes, at: index) else { return nil }
      switch specifier.kind {
      case .percent:
        literal.append(UInt8(ascii: "%"))
      case .variable:
        return nil
      case .conversion(let conversion):
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        literal = []
        let argument = specifier.position.map { $0 - 1 } ?? next
        next = argument + 1
        highest = max(highest, argument + 1)
        pieces.append(
          .argument(
            index: argument, kind: Self.kind(of: conversion.conversion),
            padding: Self.padding(of: conversion, in: bytes)))
        conversions += 1
      }
      index = specifier.end
    }
    if !literal.isEmpty { pieces.append(.literal(literal)) }
    guard conversions > 0, highest <= 32 else { return nil }
    self.pieces = pieces
    argumentCount = highest
  }

  /// Where `conversion`'s width pads it with spaces: none without a width or with the
  /// flag `0` (zeros are the number's own digits), after it with the flag `-`.
  private static func padding(of conversion: PrintfSpecifier.Conversion, in bytes: [UInt8])
    -> Padding
  {
    guard let width = conversion.width, width > 1 else { return .none }
    let flags = bytes[conversion.flagsStart..<conversion.flagsEnd]
    if flags.contains(UInt8(ascii: "-")) { return .after }
    let numeric = kind(of: conversion.conversion) != .text
    return numeric && flags.contains(UInt8(ascii: "0")) ? .none : .before
  }

  private static func kind(of conversion: UInt8) -> Kind {
    switch conversion {
    case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "D"),
      UInt8(ascii: "U"), UInt8(ascii: "o"), UInt8(ascii: "O"), UInt8(ascii: "x"),
      UInt8(ascii: "X"):
      .integer
    case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"),
      UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"):
      .number
    default:
      .text
    }
  }

  /// The literal text before the first argument, and after the last (empty when the
  /// pattern starts or ends with an argument): what an index files the pattern under.
  var leadingLiteral: [UInt8] {
    if case .literal(let bytes) = pieces.first { return bytes }
    return []
  }

  var trailingLiteral: [UInt8] {
    if case .literal(let bytes) = pieces.last, pieces.count > 1 { return bytes }
    return []
  }

  /// The arguments that make the pattern show `text`, by index (an argument the
  /// pattern does not use is empty); nil when it cannot show it.
  func match(_ text: [UInt8]) -> [String]? {
    var captures = [Range<Int>?](repeating: nil, count: argumentCount)
    var budget = 10_000
    guard match(piece: 0, at: 0, in: text, captures: &captures, budget: &budget) else {
      return nil
    }
    return captures.map { range in
      range.map { String(decoding: text[$0], as: UTF8.self) } ?? ""
    }
  }

  private func match(
    piece: Int, at position: Int, in text: [UInt8], captures: inout [Range<Int>?],
    budget: inout Int
  ) -> Bool {
    budget -= 1
    guard budget > 0 else { return false }
    guard piece < pieces.count else { return position == text.count }
    switch pieces[piece] {
    case .literal(let literal):
      guard position + literal.count <= text.count,
        text[position..<position + literal.count].elementsEqual(literal)
      else { return false }
      return match(
        piece: piece + 1, at: position + literal.count, in: text, captures: &captures,
        budget: &budget)
    case .argument(let index, let kind, let padding):
      var start = position
      if padding == .before {
        while start < text.count, text[start] == UInt8(ascii: " ") { start += 1 }
      }
      for end in candidateEnds(of: kind, from: start, in: text) {
        // Spaces after the argument are its padding, the more of them first; a string's
        // own run ends before them.
        var shownEnds = [end]
        if padding == .after {
          if kind == .text, end > start, text[end - 1] == UInt8(ascii: " ") { continue }
          while let last = shownEnds.last, last < text.count, text[last] == UInt8(ascii: " ") {
            shownEnds.append(last + 1)
          }
        }
        let previous = captures[index]
        // The same argument shown twice must be the same text.
        if let previous, !text[previous].elementsEqual(text[start..<end]) { continue }
        captures[index] = start..<end
        for shownEnd in shownEnds.reversed()
        where match(
          piece: piece + 1, at: shownEnd, in: text, captures: &captures, budget: &budget)
        {
          return true
        }
        captures[index] = previous
      }
      return false
    }
  }

  /// Where an argument of `kind` starting at `start` may end, in the order to try:
  /// numbers longest first (a number is not cut), strings shortest first.
  private func candidateEnds(of kind: Kind, from start: Int, in text: [UInt8]) -> [Int] {
    switch kind {
    case .text:
      // UTF-8: an argument ends at a scalar boundary.
      var ends: [Int] = []
      var end = start
      while end <= text.count {
        ends.append(end)
        end += 1
        while end < text.count && text[end] & 0xC0 == 0x80 { end += 1 }
      }
      return ends
    case .integer, .number:
      let end = Self.numberEnd(from: start, in: text, fractional: kind == .number)
      guard end > start else { return [] }
      return [end]
    }
  }

  /// The end of the number at `start`: a sign, digits (ASCII, Arabic-Indic, extended
  /// Arabic-Indic) with grouping separators between them, and for `fractional` a
  /// decimal separator and an exponent; `start` when there is no digit.
  static func numberEnd(from start: Int, in text: [UInt8], fractional: Bool) -> Int {
    var index = start
    if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
      index += 1
    }
    var lastDigitEnd: Int?
    while index < text.count {
      if let length = digitLength(at: index, in: text) {
        index += length
        lastDigitEnd = index
        continue
      }
      // A separator counts only between digits.
      guard lastDigitEnd == index, let length = separatorLength(at: index, in: text),
        index + length < text.count, digitLength(at: index + length, in: text) != nil
      else { break }
      index += length
    }
    guard let end = lastDigitEnd else { return start }
    var result = end
    if fractional, result < text.count,
      text[result] == UInt8(ascii: "e") || text[result] == UInt8(ascii: "E")
    {
      var exponent = result + 1
      if exponent < text.count,
        text[exponent] == UInt8(ascii: "-") || text[exponent] == UInt8(ascii: "+")
      {
        exponent += 1
      }
      var digits = exponent
      while digits < text.count, text[digits] >= 0x30, text[digits] <= 0x39 { digits += 1 }
      if digits > exponent { result = digits }
    }
    return result
  }

  /// The length of a decimal digit at `index`: ASCII, U+0660–0669 or U+06F0–06F9.
  private static func digitLength(at index: Int, in text: [UInt8]) -> Int? {
    let byte = text[index]
    if byte >= 0x30 && byte <= 0x39 { return 1 }
    guard index + 1 < text.count else { return nil }
    let next = text[index + 1]
    if byte == 0xD9, (0xA0...0xA9).contains(next) { return 2 }
    if byte == 0xDB, (0xB0...0xB9).contains(next) { return 2 }
    return nil
  }

  /// The length of a grouping or decimal separator at `index`: `,` `.` `'` space,
  /// U+00A0, U+202F, U+066B, U+066C.
  private static func separatorLength(at index: Int, in text: [UInt8]) -> Int? {
    switch text[index] {
    case UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: "'"), UInt8(ascii: " "): return 1
    case 0xC2 where index + 1 < text.count && text[index + 1] == 0xA0: return 2
    case 0xE2 where index + 2 < text.count && text[index + 1] == 0x80 && text[index + 2] == 0xAF:
      return 3
    case 0xD9 where index + 1 < text.count && (text[index + 1] == 0xAB || text[index + 1] == 0xAC):
      return 2
    default: return nil
    }
  }

  /// The value of an integer argument as shown (`"1,204"` → 1204, `"٣"` → 3); nil for
  /// one that is negative or too large.
  static func integerValue(of text: String) -> UInt64? {
    var value: UInt64 = 0
    var digits = 0
    for scalar in text.unicodeScalars {
      let digit: UInt32
      switch scalar.value {
      case 0x30...0x39: digit = scalar.value - 0x30
      case 0x660...0x669: digit = scalar.value - 0x660
      case 0x6F0...0x6F9: digit = scalar.value - 0x6F0
      case 0x2D: return nil
      default: continue
      }
      let (multiplied, overflow) = value.multipliedReportingOverflow(by: 10)
      guard !overflow else { return nil }
      value = multiplied + UInt64(digit)
      digits += 1
    }
    return digits > 0 ? value : nil
  }
}
