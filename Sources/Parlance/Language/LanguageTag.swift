/// A validated BCP 47 language tag in canonical case: `zh-Hant-TW`, `sr-Latn`, `pt-BR`.
///
/// Parsed from BCP 47 (`pt-BR`, `zh_hant_tw`) or POSIX locale names (`zh_CN.UTF-8`,
/// `sr_RS@latin`). Only ASCII letters, digits and separators get through, so an
/// identifier is always safe to use as a file name (`../x` is rejected).
public struct LanguageTag: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
  /// ISO 639 language subtag, lowercase: `zh`.
  public let language: String
  /// ISO 15924 script subtag, title case: `Hant`.
  public let script: String?
  /// ISO 3166 region or UN M.49 area, uppercase: `TW`, `419`.
  public let region: String?
  /// Registered variants, lowercase: `valencia`.
  public let variants: [String]
  /// Extensions and private use, lowercase, without the leading hyphen: `u-nu-arab`.
  public let extensions: String?

  /// The canonical BCP 47 spelling.
  public let identifier: String

  /// The canonical identifier: `zh-Hans-CN`.
  public var description: String { identifier }

  /// Parses a BCP 47 tag or a POSIX locale name.
  ///
  /// `C` and `POSIX` are not languages and throw; callers reading the environment
  /// treat them as "no preference" (see `SystemLanguages`).
  public init(_ text: String) throws(LanguageTagError) {
    self = try LanguageTagParser.parse(text)
  }

  init(language: String, script: String?, region: String?, variants: [String], extensions: String?)
  {
    self.language = language
    self.script = script
    self.region = region
    self.variants = variants
    self.extensions = extensions
    var parts = [language]
    if let script { parts.append(script) }
    if let region { parts.append(region) }
    parts.append(contentsOf: variants)
    if let extensions { parts.append(extensions) }
    self.identifier = parts.joined(separator: "-")
  }

  /// The same tag without region, variants and extensions: `zh-Hant-TW` → `zh-Hant`.
  public var withoutRegion: LanguageTag {
    LanguageTag(language: language, script: script, region: nil, variants: [], extensions: nil)
  }

  /// Orders tags by identifier.
  /// - Parameters:
  ///   - lhs: a tag.
  ///   - rhs: another tag.
  /// - Returns: true when `lhs` sorts first.
  public static func < (lhs: LanguageTag, rhs: LanguageTag) -> Bool {
    lhs.identifier < rhs.identifier
  }

  /// Reads a tag from its identifier string.
  /// - Parameter decoder: the decoder holding the identifier.
  /// - Throws: `DecodingError.dataCorrupted` for a string that is not a language tag.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      self = try LanguageTag(text)
    } catch {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: error.description)
    }
  }

  /// Writes the canonical identifier as a string.
  /// - Parameter encoder: the encoder to write to.
  /// - Throws: what the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(identifier)
  }
}

/// Why a text is not a language tag.
public struct LanguageTagError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text as given.
  public let text: String
  /// A lowercase explanation: `'x' is not a language subtag`.
  public let reason: String

  /// `invalid language tag 'TEXT': REASON`.
  public var description: String { "invalid language tag '\(text)': \(reason)" }
}
