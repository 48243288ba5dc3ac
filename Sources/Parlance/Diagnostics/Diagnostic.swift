/// A problem found in a catalog or a setting, with where it is.
///
/// Parsers recover and return what they could read plus diagnostics; they throw only
/// for I/O. `description` is the line editors and CI annotate:
/// `Resources/de.lproj/Localizable.strings:3:1: warning: duplicate key 'greeting' (first defined at 1:1)`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  public enum Severity: String, Hashable, Sendable, Codable {
    case error
    case warning
  }

  /// What went wrong; each case renders its own lowercase message.
  public enum Kind: Hashable, Sendable {
    // Text and encoding
    case unreadableFile(reason: String)
    case invalidEncoding(charset: String)
    // .strings
    case duplicateKey(String, firstAt: SourceLocation)
    case unterminatedString
    case unterminatedComment
    case expectedKey(found: String)
    case expectedEquals(found: String)
    case expectedSemicolon(found: String)
    case expectedValue(found: String)
    case unknownEscape(Character)
    case invalidUnicodeEscape(String)
    case unpairedSurrogate(String)
    case invalidPropertyList(reason: String)
    /// The parser stopped recording after `limit` diagnostics.
    case tooManyDiagnostics(limit: Int)
    // Catalogs and settings
    case invalidLanguageFolder(String)
    case invalidSetting(reason: String)
    case keyInSeveralFormats(String, otherFile: String)
    case invalidLanguageFile(String)
  }

  /// The file's path as given to the parser (relative paths stay relative).
  public var file: String
  public var location: SourceLocation
  public var severity: Severity
  public var kind: Kind

  public init(file: String, location: SourceLocation, severity: Severity, kind: Kind) {
    self.file = file
    self.location = location
    self.severity = severity
    self.kind = kind
  }

  public var message: String {
    switch kind {
    case .unreadableFile(let reason): "cannot read file: \(reason)"
    case .invalidEncoding(let charset): "bytes are not valid \(charset)"
    case .duplicateKey(let key, let first):
      "duplicate key '\(key)' (first defined at \(first)); the last value wins"
    case .unterminatedString: "unterminated string: missing closing '\"'"
    case .unterminatedComment: "unterminated comment: missing '*/'"
    case .expectedKey(let found): "expected a key, found \(found)"
    case .expectedEquals(let found): "expected '=' after the key, found \(found)"
    case .expectedSemicolon(let found): "expected ';' after the value, found \(found)"
    case .expectedValue(let found): "expected a value after '=', found \(found)"
    case .unknownEscape(let character): "unknown escape '\\\(character)'; the character is kept"
    case .invalidUnicodeEscape(let text): "invalid unicode escape '\(text)'"
    case .unpairedSurrogate(let text): "unpaired surrogate '\(text)'; replaced with U+FFFD"
    case .invalidPropertyList(let reason): "invalid property list: \(reason)"
    case .tooManyDiagnostics(let limit):
      "too many problems: only the first \(limit) are reported"
    case .invalidLanguageFolder(let name): "folder '\(name)' is not a valid language tag; skipped"
    case .invalidSetting(let reason): "invalid setting: \(reason)"
    case .keyInSeveralFormats(let key, let other):
      "key '\(key)' is also defined in '\(other)' for this language; this file's value wins"
    case .invalidLanguageFile(let name):
      "file '\(name)' is not named after a valid language tag; skipped"
    }
  }

  public var description: String {
    "\(file):\(location.line):\(location.column): \(severity.rawValue): \(message)"
  }
}
