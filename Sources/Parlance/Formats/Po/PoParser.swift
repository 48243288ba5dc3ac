import Foundation

/// The usable entries of a gettext `.po` file, its header and the problems found in it.
public struct PoFile: Sendable {
  /// How many entries are translated, fuzzy or untranslated, counted as
  /// `msgfmt --statistics` counts them (the header is not an entry).
  public struct Statistics: Hashable, Sendable {
    /// Entries with every `msgstr` filled in and no `fuzzy` flag.
    public var translated = 0
    /// Entries flagged `fuzzy`, which are not served.
    public var fuzzy = 0
    /// Entries with an empty `msgstr`.
    public var untranslated = 0

    /// Counts of translated, fuzzy and untranslated entries.
    public init(translated: Int = 0, fuzzy: Int = 0, untranslated: Int = 0) {
      self.translated = translated
      self.fuzzy = fuzzy
      self.untranslated = untranslated
    }
  }

  /// The translated entries, in file order; fuzzy, untranslated and obsolete ones are left
  /// out. A duplicated key appears twice (with a warning); the last one wins in a table.
  public var entries: [ParsedEntry] = []
  /// The header's fields by name: `Language`, `Plural-Forms`, `Content-Type`, …
  public var header: [String: String] = [:]
  /// The `Language` header, when it is a valid tag.
  public var language: LanguageTag?
  /// The `Plural-Forms` header; `nil` when it is missing or malformed (with a diagnostic).
  public var pluralForms: PluralForms?
  /// The charset the header declares (`UTF-8` when it declares none), as written.
  public var charset = "UTF-8"
  /// How many entries are translated, fuzzy or untranslated.
  public var statistics = Statistics()
  /// Sorted by location.
  public var diagnostics: [Diagnostic] = []

  /// An empty file: no entries, no header.
  public init() {}
}

/// Reads gettext `.po` files into catalog entries.
///
/// The whole file is first decoded to UTF-8 from the charset its header declares
/// (`Content-Type: text/plain; charset=KOI8-R`), then scanned byte by byte: in Shift_JIS
/// or Big5 a second byte can be 0x5C, which raw bytes would take for a backslash.
///
/// Served: entries with a `msgstr` (or every `msgstr[n]` of a plural entry) non-empty and
/// no `fuzzy` flag. Obsolete (`#~`) entries and comments are skipped. Strings use C escapes
/// (`\n \t \r \" \\ \a \b \f \v \?`, octal `\NNN`, hex `\xHH`; the numeric ones give
/// bytes of the UTF-8 text). A malformed entry gets an error at its line and column and is
/// skipped; the scanner resumes at the next line, so the rest of the file still loads.
public enum PoParser {
  /// Parses the bytes of a `.po` file; `file` is only the path shown in diagnostics.
  ///
  /// Never fails: unreadable parts become diagnostics. Time is linear in the size.
  public static func parse(_ bytes: [UInt8], file: String) -> PoFile {
    var diagnostics: [Diagnostic] = []
    let decoded: DecodedText
    var declaredCharset: String?
    if TextDecoding.encoding(of: bytes) != .unmarkedUTF8 {
      decoded = TextDecoding.decodeUnicode(bytes)
    } else if let declaration = PoCharsetDeclaration(scanning: bytes) {
      declaredCharset = declaration.name
      if CharsetDecoding.isUTF8Compatible(declaration.name) {
        decoded = TextDecoding.decodeUTF8(bytes)
      } else if let converted = CharsetDecoding.decode(bytes, charset: declaration.name) {
        decoded = converted
      } else {
        var locator = LineLocator()
        let location = bytes.withUnsafeBufferPointer {
          locator.location(of: declaration.offset, in: $0)
        }
        diagnostics.append(
          Diagnostic(
            file: file, location: location, severity: .warning,
            kind: .unknownCharset(declaration.name)))
        decoded = TextDecoding.decodeUTF8(bytes)
      }
    } else {
      decoded = TextDecoding.decodeUTF8(bytes)
    }

    var result = decoded.utf8.withUnsafeBufferPointer { text in
      var scanner = PoScanner(text: text, file: file)
      if let offset = decoded.firstInvalidOffset {
        var locator = LineLocator()
        scanner.report(
          .invalidEncoding(charset: decoded.encodingName), .error,
          at: locator.location(of: offset, in: text))
      }
      scanner.scanFile()
      return scanner.finish()
    }
    result.diagnostics = (diagnostics + result.diagnostics).enumerated().sorted {
      ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
    }.map(\.element)
    result.charset = declaredCharset ?? charset(fromContentType: result.header["Content-Type"])
    return result
  }

  /// Reads and parses a `.po` file; diagnostics name it by `url.path`.
  ///
  /// Throws only when the file cannot be read.
  public static func parse(contentsOf url: URL) throws -> PoFile {
    let data = try Data(contentsOf: url)
    return parse([UInt8](data), file: url.path)
  }

  private static func charset(fromContentType value: String?) -> String {
    guard let value, let range = value.range(of: "charset=") else { return "UTF-8" }
    let name = value[range.upperBound...].prefix { $0 != ";" && $0 != " " }
    return name.isEmpty ? "UTF-8" : String(name)
  }
}
