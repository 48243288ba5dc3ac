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
/// `nplurals=2; plural=n != 1` (with a diagnostic when the file has plural messages).
public struct GettextHeader: Sendable {
  /// The fields by name, as written.
  public var fields: [String: String] = [:]
  /// Where each field's value starts in the file.
  public var fieldOffsets: [String: Int] = [:]
  /// The charset of the messages (`UTF-8` when the header names none).
  public var charset = "UTF-8"
  /// The rule plural messages choose their form by.
  public var pluralForms = PluralForms.germanic
  /// Whether `pluralForms` was read from the file (false: gettext's default).
  public var declaresPluralForms = false
  /// The `Language` field, when it is a valid tag.
  public var language: LanguageTag?

  /// An empty header: UTF-8, gettext's default plural rule.
  public init() {}

  /// The header in `entry` (its bytes and their offset in the file), reporting problems
  /// of its fields at their bytes.
  static func read(
    _ entry: (text: UnsafeBufferPointer<UInt8>, offset: Int)?, path: String,
    diagnostics: inout [Diagnostic]
  ) -> GettextHeader {
    var header = GettextHeader()
    guard let entry else { return header }
    let text = entry.text
    var lineStart = 0
    while lineStart < text.count {
      var lineEnd = lineStart
      while lineEnd < text.count && text[lineEnd] != 0x0A && text[lineEnd] != 0 { lineEnd += 1 }
      defer { lineStart = lineEnd + 1 }
      guard let colon = text[lineStart..<lineEnd].firstIndex(of: UInt8(ascii: ":")) else {
        continue
      }
      var valueStart = colon + 1
      while valueStart < lineEnd && (text[valueStart] == 0x20 || text[valueStart] == 0x09) {
        valueStart += 1
      }
      var valueEnd = lineEnd
      while valueEnd > valueStart && (text[valueEnd - 1] == 0x20 || text[valueEnd - 1] == 0x09) {
        valueEnd -= 1
      }
      let name = String(decoding: text[lineStart..<colon], as: UTF8.self).trimmingWhitespace()
      // Field values are ASCII in practice; a legacy charset's bytes are not decoded here.
      let value = String(decoding: text[valueStart..<valueEnd], as: UTF8.self)
      header.fields[name] = value
      header.fieldOffsets[name] = entry.offset + valueStart
      let at = SourceLocation.byte(entry.offset + valueStart)
      switch name {
      case "Content-Type":
        if let range = value.range(of: "charset=") {
          let charset = value[range.upperBound...].prefix { $0 != ";" && $0 != " " }
          if !charset.isEmpty { header.charset = String(charset) }
        }
      case "Plural-Forms":
        do {
          header.pluralForms = try PluralForms(parsing: value)
          header.declaresPluralForms = true
        } catch {
          diagnostics.append(
            Diagnostic(
              file: path, location: .byte(entry.offset + valueStart + error.offset),
              severity: .error, kind: .invalidCompiledPluralForms(reason: error.reason)))
        }
      case "Language" where !value.isEmpty:
        do {
          header.language = try LanguageTag(value)
        } catch {
          diagnostics.append(
            Diagnostic(
              file: path, location: at, severity: .warning, kind: .invalidLanguageHeader(value)))
        }
      default:
        break
      }
    }
    return header
  }
}
