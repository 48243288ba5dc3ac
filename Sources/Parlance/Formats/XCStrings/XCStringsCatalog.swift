import Foundation

/// A String Catalog read once, whose languages are built when first asked for.
///
/// Reading checks the whole file: its diagnostics, its unusable units and the languages
/// it serves are known at once, exactly as `XCStringsParser.parse` reports them. The
/// messages of a language (`entries(for:)`) are built on the first request and kept; a
/// program that shows one language of a 20-language catalog builds one. The bytes are
/// read where they are: the catalog keeps the `Data` it was given (not a copy) until
/// every language is built, then lets it go.
///
/// Safe to share between threads: a language asked for by two threads at once is built
/// once, under a lock (`Lock`, a pthread mutex that ThreadSanitizer understands).
public final class XCStringsCatalog: Sendable {
  /// The path diagnostics name.
  public let file: String
  /// The catalog's `sourceLanguage`, when it is a valid tag.
  public let sourceLanguage: LanguageTag?
  /// The catalog's format version (`1.0`, `1.1`).
  public let version: String?
  /// The languages with at least one served entry.
  public let languages: Set<LanguageTag>
  /// Units that exist but are not served, in file order.
  public let unusable: [XCStringsFile.UnusableUnit]
  /// Sorted by location.
  public let diagnostics: [Diagnostic]

  private struct State {
    /// The read file, until every language is built.
    var reader: XCStringsReader?
    var built: [LanguageTag: [ParsedEntry]] = [:]
    /// Languages built, counting a build again (there should be none).
    var builds = 0
  }

  private let state: Lock<State>

  /// Reads the bytes of a `.xcstrings` file; `file` is only the path diagnostics name.
  ///
  /// Time is linear in the size of the input. The catalog keeps `data` (the whole of
  /// its storage, for a slice) until every language is built, and reads it then: give
  /// it bytes that stay as they are, not `Data(bytesNoCopy:)` over memory freed after
  /// this call, nor a mapped file that may be rewritten.
  public init(_ data: Data, file: String) {
    let reader = XCStringsReader(data, file: file)
    self.file = file
    sourceLanguage = reader.sourceLanguage
    version = reader.version
    languages = Set(reader.plan.keys)
    unusable = reader.unusable
    diagnostics = reader.diagnostics
    state = Lock(State(reader: reader.plan.isEmpty ? nil : reader))
  }

  /// Reads a `.xcstrings` file; diagnostics name it by `url.path`.
  ///
  /// Throws only when the file cannot be read.
  public convenience init(contentsOf url: URL) throws {
    self.init(try Data(contentsOf: url), file: url.path)
  }

  /// The served entries of `language` in file order (none for a language the catalog
  /// does not serve), built on the first call.
  public func entries(for language: LanguageTag) -> [ParsedEntry] {
    guard languages.contains(language) else { return [] }
    return state.withLock { state in
      if let built = state.built[language] { return built }
      let entries = state.reader?.entries(for: language) ?? []
      state.built[language] = entries
      state.builds += 1
      if state.built.count == languages.count { state.reader = nil }
      return entries
    }
  }

  /// The languages built so far, for tests of laziness.
  package var builtLanguages: Set<LanguageTag> {
    state.withLock { Set($0.built.keys) }
  }

  /// How many times a language was built, for tests that each is built once.
  package var buildCount: Int {
    state.withLock { $0.builds }
  }

  /// Whether the JSON is still held (until every language is built).
  package var holdsTheText: Bool {
    state.withLock { $0.reader != nil }
  }

  /// Every language built, as `XCStringsParser.parse` returns the catalog.
  func everyLanguage() -> XCStringsFile {
    var entries: [LanguageTag: [ParsedEntry]] = [:]
    for language in languages { entries[language] = self.entries(for: language) }
    return XCStringsFile(
      sourceLanguage: sourceLanguage, version: version, entries: entries, unusable: unusable,
      diagnostics: diagnostics)
  }
}
