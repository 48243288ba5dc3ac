/// The header entry of a compiled gettext catalog (the translation of the empty msgid)
/// and the rules a reader takes from it, as glibc takes them.
///
/// ```
/// Content-Type: text/plain; charset=KOI8-R      → charset "KOI8-R" (decoded to UTF-8)
/// Plural-Forms: nplurals=3; plural=(n%10==1 …); → the rule of plural messages
/// Language: sr@latin                             → sr-Latn
/// ```
///
/// No `Plural-Forms`, or one that does not parse, is gettext's default
/// `nplurals=2; plural=n != 1` (`MOFile.validate()` reports it). Opening reads only the
/// charset and where the plural rule is; the rule is parsed when a plural message is
/// first read (`MOFile.pluralForms`), the other fields when asked for.
public struct GettextHeader: Sendable {
  /// The header's bytes as written.
  private let bytes: [UInt8]

  /// The header's text as written (field values are ASCII in practice; a legacy
  /// charset's bytes are not decoded here).
  public var text: String { String(decoding: bytes, as: UTF8.self) }
  /// Where the text starts in the file.
  let offset: Int
  /// The charset of the messages (`UTF-8` when the header names none).
  public private(set) var charset = "UTF-8"
  /// The `Plural-Forms` value as written, and where it starts in the file.
  public private(set) var pluralFormsText: String?
  private var pluralFormsOffset = 0

  /// Whether the header has a `Plural-Forms`.
  public var declaresPluralForms: Bool { pluralFormsText != nil }

  /// The rule plural messages choose their form by, parsed now: the header's
  /// `Plural-Forms`, or gettext's default when it has none or one that does not parse
  /// (then with the error at its byte, in `file`).
  public func parsePluralForms(file: String) -> (rule: PluralForms, problem: Diagnostic?) {
    guard let pluralFormsText else { return (.germanic, nil) }
    do {
      return (try PluralForms(parsing: pluralFormsText), nil)
    } catch {
      return (
        .germanic,
        Diagnostic(
          file: file, location: .byte(pluralFormsOffset + error.offset), severity: .error,
          kind: .invalidCompiledPluralForms(reason: error.reason))
      )
    }
  }

  /// An empty header: UTF-8, gettext's default plural rule.
  public init() {
    bytes = []
    offset = 0
  }

  /// The fields by name, as written: `Content-Type`, `Plural-Forms`, `Language`, …
  public var fields: [String: String] {
    var fields: [String: String] = [:]
    var scanner = FieldScanner()
    while let (name, value) = scanner.next(in: bytes) {
      fields[String(decoding: bytes[name], as: UTF8.self)] = String(
        decoding: bytes[value], as: UTF8.self)
    }
    return fields
  }

  /// Where the value of field `name` starts in the file.
  public func offset(ofField name: String) -> Int? {
    var scanner = FieldScanner()
    while let (field, value) = scanner.next(in: bytes) {
      if bytes[field].elementsEqual(name.utf8) { return offset + value.lowerBound }
    }
    return nil
  }

  /// The `Language` field, when it is a valid tag.
  public var language: LanguageTag? {
    fields["Language"].flatMap { $0.isEmpty ? nil : try? LanguageTag($0) }
  }

  /// What the fields say that a reader of the messages does not need: an invalid
  /// `Language` (which `MOFile.validate()` reports).
  func problems(path: String) -> [Diagnostic] {
    guard let value = fields["Language"], !value.isEmpty, (try? LanguageTag(value)) == nil
    else { return [] }
    return [
      Diagnostic(
        file: path, location: .byte(offset(ofField: "Language") ?? offset), severity: .warning,
        kind: .invalidLanguageHeader(value))
    ]
  }

  /// The header in `entry`: its bytes and their offset in the file.
  init(_ entry: (text: UnsafeBufferPointer<UInt8>, offset: Int)?) {
    guard let entry else {
      bytes = []
      offset = 0
      return
    }
    bytes = Array(entry.text)
    offset = entry.offset
    var plural: (value: String, start: Int)?
    var scanner = FieldScanner()
    while let (name, value) = scanner.next(in: bytes) {
      if bytes[name].elementsEqual("Content-Type".utf8) {
        if let charset = Self.charset(in: bytes[value]) { self.charset = charset }
      } else if bytes[name].elementsEqual("Plural-Forms".utf8) {
        plural = (String(decoding: bytes[value], as: UTF8.self), value.lowerBound)
      }
    }
    if let plural {
      pluralFormsText = plural.value
      pluralFormsOffset = entry.offset + plural.start
    }
  }

  /// The `Name: value` lines of a header, one after another: each line's name and value
  /// (spaces around both trimmed) as ranges of the text.
  private struct FieldScanner {
    private var lineStart = 0

    mutating func next<Bytes: RandomAccessCollection<UInt8>>(in text: Bytes) -> (
      name: Range<Int>, value: Range<Int>
    )? where Bytes.Index == Int {
      func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
      while lineStart < text.count {
        var lineEnd = lineStart
        while lineEnd < text.count && text[lineEnd] != 0x0A && text[lineEnd] != 0 {
          lineEnd += 1
        }
        let start = lineStart
        lineStart = lineEnd + 1
        guard let colon = text[start..<lineEnd].firstIndex(of: UInt8(ascii: ":")) else {
          continue
        }
        var nameStart = start
        while nameStart < colon && isSpace(text[nameStart]) { nameStart += 1 }
        var nameEnd = colon
        while nameEnd > nameStart && isSpace(text[nameEnd - 1]) { nameEnd -= 1 }
        var valueStart = colon + 1
        while valueStart < lineEnd && isSpace(text[valueStart]) { valueStart += 1 }
        var valueEnd = lineEnd
        while valueEnd > valueStart && isSpace(text[valueEnd - 1]) { valueEnd -= 1 }
        return (nameStart..<nameEnd, valueStart..<valueEnd)
      }
      return nil
    }
  }

  /// The value after `charset=` in a `Content-Type`, up to `;` or a space.
  private static func charset<Bytes: RandomAccessCollection<UInt8>>(in value: Bytes) -> String?
  where Bytes.Index == Int {
    let marker = Array("charset=".utf8)
    var index = value.startIndex
    while index + marker.count <= value.endIndex {
      if value[index..<index + marker.count].elementsEqual(marker) {
        let start = index + marker.count
        var end = start
        while end < value.endIndex && value[end] != UInt8(ascii: ";") && value[end] != 0x20 {
          end += 1
        }
        return end > start ? String(decoding: value[start..<end], as: UTF8.self) : nil
      }
      index += 1
    }
    return nil
  }
}
