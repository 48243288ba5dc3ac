import Foundation

/// One pass over the UTF-8 text of a `.po` file.
struct PoScanner {
  enum Field {
    case none, context, msgid, msgidPlural, msgstr
    case form(Int)
    /// Strings of a broken entry: read and dropped.
    case ignored
  }

  /// The entry being read.
  struct Pending {
    var started = false
    var broken = false
    var fuzzy = false
    var hasContext = false
    var context: [UInt8] = []
    var hasMsgid = false
    var msgid: [UInt8] = []
    var msgidOffset = 0
    var msgidLocation = SourceLocation(line: 1, column: 1)
    var hasPlural = false
    var msgidPlural: [UInt8] = []
    var hasMsgstr = false
    var msgstr: [UInt8] = []
    var forms: [[UInt8]] = []
    /// Where each string of the header's `msgstr` starts in the value and in the file,
    /// to place header diagnostics; only kept for the header.
    var segments: [(offset: Int, location: SourceLocation)] = []

    var isComplete: Bool { hasMsgstr || !forms.isEmpty }
    var isHeaderCandidate: Bool { hasMsgid && msgid.isEmpty && !hasContext && !hasPlural }
  }

  /// An entry to serve, before the header's `Plural-Forms` is known for certain.
  struct Served {
    var key: String
    var msgid: String
    var value: String
    var forms: [String]?
    var plural: String?
    var location: SourceLocation
  }

  /// Beyond this many, diagnostics are only counted: 10 MB of `\’` must not become
  /// millions of warnings.
  static let diagnosticLimit = Diagnostic.limitPerFile

  let text: UnsafeBufferPointer<UInt8>
  let file: String
  var position = 0
  var locator = LineLocator()
  var diagnostics: [Diagnostic] = []
  var pending = Pending()
  var field = Field.none
  /// A `#, fuzzy` seen since the last entry, for the next one.
  var nextIsFuzzy = false
  var served: [Served] = []
  var firstLocations: [String: SourceLocation] = [:]
  var statistics = PoFile.Statistics()
  var header: [String: String] = [:]
  var headerSeen = false
  var language: LanguageTag?
  var pluralForms: PluralForms?
  var pluralFormsInvalid = false
  var scratch: [UInt8] = []
  /// Whether the strings read now are the header's, whose positions are kept.
  var recordHeaderSegments = false

  init(text: UnsafeBufferPointer<UInt8>, file: String) {
    self.text = text
    self.file = file
    served.reserveCapacity(min(text.count / 64, 1 << 16))
    firstLocations.reserveCapacity(min(text.count / 64, 1 << 16))
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

  mutating func skipWhitespace() {
    let count = text.count
    while position < count {
      switch text[position] {
      case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D: position += 1
      case 0xEF
      where position + 2 < count && text[position + 1] == 0xBB && text[position + 2] == 0xBF:
        // A byte order mark left in the middle by concatenating files.
        position += 3
      default: return
      }
    }
  }

  mutating func skipLine() {
    let count = text.count
    while position < count && text[position] != 0x0A && text[position] != 0x0D { position += 1 }
  }

  func containsWord(_ word: String, in range: Range<Int>) -> Bool {
    let pattern = Array(word.utf8)
    var index = range.lowerBound
    while index + pattern.count <= range.upperBound {
      if text[index] == pattern[0]
        && UnsafeBufferPointer(rebasing: text[index..<index + pattern.count]).elementsEqual(pattern)
        && (index == range.lowerBound || !PoBytes.isWordByte(text[index - 1]))
        && (index + pattern.count == range.upperBound
          || !PoBytes.isWordByte(text[index + pattern.count]))
      {
        return true
      }
      index += 1
    }
    return false
  }

  func describe(_ offset: Int) -> String {
    guard offset < text.count else { return "the end of the file" }
    if text[offset] == 0x0A || text[offset] == 0x0D { return "the end of the line" }
    var end = offset
    while end < text.count && end - offset < 40
      && text[end] != 0x20 && text[end] != 0x09 && text[end] != 0x0A && text[end] != 0x0D
    {
      end += 1
    }
    // Never cut a scalar in two.
    while end < text.count && text[end] & 0xC0 == 0x80 { end += 1 }
    return "'" + String(decoding: text[offset..<end], as: UTF8.self) + "'"
  }
}

/// Byte classes of the `.po` grammar.
enum PoBytes {

  @inline(__always)
  static func isLetter(_ byte: UInt8) -> Bool {
    byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")
  }

  @inline(__always)
  static func isWordByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: "_")
  }

  @inline(__always)
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
