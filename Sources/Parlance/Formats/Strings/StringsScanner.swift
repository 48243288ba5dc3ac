import Foundation

/// The state of one pass over the UTF-8 text of a `.strings` file.
struct StringsScanner {
  enum Token {
    case string(String)
    /// Nothing here can start a key or value.
    case absent
    /// An unterminated string, already reported; the scanner is at the end.
    case broken
  }

  /// Beyond this many, diagnostics are only counted: 10 MB of `\’` must not become
  /// millions of warnings.
  static let diagnosticLimit = Diagnostic.limitPerFile

  let text: UnsafeBufferPointer<UInt8>
  let file: String
  var position = 0
  var entries: [StringsEntry] = []
  var diagnostics: [Diagnostic] = []
  var firstLocations: [String: SourceLocation] = [:]
  /// Set by an error until an entry parses cleanly, so that one mistake gives one error
  /// rather than a cascade of them while the scanner finds its footing again.
  var recovering = false
  var locator = LineLocator()
  /// Reused for every string with escapes.
  var scratch: [UInt8] = []
  /// Warnings of the string being read: dropped if it never ends, as it is then no string.
  /// Capped like `diagnostics`: beyond the cap, only counted, from the first one's offset.
  var pending: [(offset: Int, kind: Diagnostic.Kind)] = []
  var pendingBeyond = (count: 0, offset: 0)

  init(text: UnsafeBufferPointer<UInt8>, file: String) {
    self.text = text
    self.file = file
    // Growing a dictionary rehashes every key: start near the size typical files need
    // (an entry with its comment is rarely under 64 bytes).
    firstLocations.reserveCapacity(min(text.count / 64, 1 << 16))
    entries.reserveCapacity(min(text.count / 64, 1 << 16))
  }

  mutating func finish() -> StringsFile {
    // Duplicate-key warnings are raised after the escapes of their value: restore file
    // order, keeping the order of diagnostics at the same place.
    let sorted = diagnostics.enumerated().sorted {
      ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
    }
    return StringsFile(entries: entries, diagnostics: sorted.map(\.element))
  }

  mutating func report(
    _ kind: Diagnostic.Kind, _ severity: Diagnostic.Severity, at location: SourceLocation
  ) {
    diagnostics.append(
      Diagnostic(file: file, location: location, severity: severity, kind: kind),
      upTo: Self.diagnosticLimit)
  }

  mutating func report(
    _ kind: Diagnostic.Kind, _ severity: Diagnostic.Severity, atOffset offset: Int
  ) {
    report(kind, severity, at: locator.location(of: offset, in: text))
  }

  /// Reports an unexpected token at the current position unless the scanner is still
  /// recovering from the previous error.
  mutating func failUnexpected(_ kind: (_ found: String) -> Diagnostic.Kind) {
    if !recovering {
      report(kind(describe(position)), .error, atOffset: position)
    }
    recovering = true
  }

  func byte(at offset: Int) -> UInt8? {
    offset < text.count ? text[offset] : nil
  }

  func string(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// The offset of the first `first` or `second` at or after `start`, or `count`; with
  /// `orNonASCII`, of the first byte above 0x7F too. Sixteen bytes a test, after the first
  /// eight.
  @inline(__always)
  func firstOffset(
    of first: UInt8, or second: UInt8, orNonASCII: Bool = false, from start: Int
  ) -> Int {
    guard let base = baseAddress else { return count }
    let bytes = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    let firsts = ones &* UInt64(first)
    let seconds = ones &* UInt64(second)
    // Nonzero when the word has a byte that stops the search: a zero byte of either
    // difference (a borrow can mark a byte above a true one, never a word without one).
    @inline(__always) func stops(at offset: Int) -> UInt64 {
      let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      let one = word ^ firsts
      let other = word ^ seconds
      let found = ((one &- ones) & ~one | (other &- ones) & ~other) & high
      return orNonASCII ? found | word & high : found
    }
    // The lowest byte marked is a true stop: a borrow marks only bytes above one.
    var index = start
    // Most names and values are short: their first word, before the loop's set-up.
    if index + 8 <= count {
      let found = stops(at: index)
      if found != 0 { return index + found.trailingZeroBitCount >> 3 }
      index += 8
    }
    while index + 16 <= count, stops(at: index) | stops(at: index + 8) == 0 { index += 16 }
    while index + 8 <= count {
      let found = stops(at: index)
      if found != 0 { return index + found.trailingZeroBitCount >> 3 }
      index += 8
    }
    while index < count, base[index] != first, base[index] != second,
      !orNonASCII || base[index] < 0x80
    {
      index += 1
    }
    return index
  }
}
