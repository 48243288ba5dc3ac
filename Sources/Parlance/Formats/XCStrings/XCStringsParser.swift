import Foundation

/// The usable strings of a String Catalog, per language, and what was left out.
public struct XCStringsFile: Hashable, Sendable {
  /// A translation the catalog holds but that is not served, for lint.
  public struct UnusableUnit: Hashable, Sendable {
    /// Why a unit is not served.
    public enum Reason: Hashable, Sendable {
      /// A state that is not served: `new` outside the source language, `stale`, or one
      /// this reader does not know.
      case state(String)
      /// No state, outside the source language.
      case missingState
      /// No value, or an empty one.
      case emptyValue
      /// Device variations with neither `mac` nor `other`.
      case noDesktopVariant
      /// Plural variations without an `other` form.
      case missingOtherForm
    }

    /// The string's key.
    public var key: String
    /// The localization's language.
    public var language: LanguageTag
    /// Which part of the localization: `plural.one`, `device.iphone`,
    /// `substitutions.count.plural.few`; nil for the localization's own unit.
    public var variation: String?
    /// Why it is not served.
    public var reason: Reason
    /// The language's key inside `localizations` (else the string's key).
    public var location: SourceLocation
  }

  /// The catalog's `sourceLanguage`, when it is a valid tag.
  public var sourceLanguage: LanguageTag?
  /// The catalog's format version (`1.0`, `1.1`).
  public var version: String?
  /// The served entries of each language, in file order.
  public var entries: [LanguageTag: [ParsedEntry]]
  /// Units that exist but are not served, in file order.
  public var unusable: [UnusableUnit]
  /// Sorted by location.
  public var diagnostics: [Diagnostic]

  /// A catalog read as `sourceLanguage` and `version`, with its `entries`, `unusable` units
  /// and `diagnostics`.
  /// - Parameters:
  ///   - sourceLanguage: the catalog's `sourceLanguage`, when valid.
  ///   - version: the catalog's format version.
  ///   - entries: the served entries of each language, in file order.
  ///   - unusable: units that exist but are not served, in file order.
  ///   - diagnostics: the problems found, sorted by location.
  public init(
    sourceLanguage: LanguageTag? = nil, version: String? = nil,
    entries: [LanguageTag: [ParsedEntry]] = [:], unusable: [UnusableUnit] = [],
    diagnostics: [Diagnostic] = []
  ) {
    self.sourceLanguage = sourceLanguage
    self.version = version
    self.entries = entries
    self.unusable = unusable
    self.diagnostics = diagnostics
  }
}

/// Reads Apple String Catalogs (`.xcstrings`, JSON).
///
/// Which values are served, per key and language:
///
/// - state `translated` and `needs_review` (Apple ships both: a value awaiting review
///   beats a fallback); in the source language also `new` and no state, because the
///   source is the developer's own text (Xcode marks `new` a source value it rewrote,
///   `%@ (%@)` → `%1$@ (%2$@)`);
/// - not `new` elsewhere (not translated yet), `stale`, unknown states (warning), or
///   empty values: each such unit is listed in `unusable`;
/// - the source language falls back to the key itself, as Xcode treats the key as the
///   source text: a key without a source value is still served there;
/// - `shouldTranslate: false`: the source value is served in every language of the file
///   (a language's own usable value wins), so that a brand name is not reported missing
///   in German;
/// - plural variations → `.plural` with one variable `count`, read from the first
///   numeric specifier of the `other` form; specifiers in forms are numbered as the
///   whole string numbers them (`%@ has %lld files` → `%1$@ has %2$lld files`);
///   a plural without a usable `other` form is not served;
/// - device variations → `mac`, else `other` (this is a desktop library);
/// - substitutions → `%#@name@` variables reading argument `argNum`, whose `%arg`
///   becomes `%<argNum>$<formatSpecifier>`.
///
/// Keys may be empty or blank. Codes that are not language tags are skipped (warning).
///
/// The JSON is read by a reader of our own (`JSONTape`, `XCStringsDocument`) that accepts,
/// refuses and locates exactly what the `JSONDecoder`-based reader before it did. To
/// build only the languages a program shows, use `XCStringsCatalog`.
public enum XCStringsParser {
  /// Parses the bytes of a `.xcstrings` file.
  ///
  /// `file` is only the path shown in diagnostics. Corrupt JSON yields an empty catalog
  /// and an error at the line and column where the JSON goes wrong. Time is linear in
  /// the size of the input.
  public static func parse(_ data: Data, file: String) -> XCStringsFile {
    XCStringsCatalog(data, file: file).everyLanguage()
  }

  /// Reads and parses a `.xcstrings` file; diagnostics name it by `url.path`.
  ///
  /// Throws only when the file cannot be read.
  public static func parse(contentsOf url: URL) throws -> XCStringsFile {
    let data = try Data(contentsOf: url)
    return parse(data, file: url.path)
  }
}
