import Foundation
import Testing

@testable import Parlance

/// The String Catalog reader against the reader it replaced (`LegacyXCStringsParser`,
/// JSONDecoder and JSONKeyLocator): the same entries, unusable units, diagnostics and
/// positions for every fixture, every corpus file and thousands of broken variants of
/// them.
///
/// Where the old reader's answer depended on Swift's per-process hash order (two
/// malformed forms in one `plural`: which one the reason names), the new reader names
/// the first in the file; such inputs are compared without the reasons.
@Suite("XCStrings against the old reader")
struct XCStringsOracleTests {
  static let fixtures: [URL] = {
    let folders = ["xcstrings", "fuzz/xcstrings"]
    return folders.flatMap { folder -> [URL] in
      guard let root = try? fixtureURL(folder) else { return [] }
      let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
      return names.filter { $0.hasSuffix(".xcstrings") || $0.hasSuffix(".bin") }.sorted().map {
        root.appendingPathComponent($0)
      }
    }
  }()

  static let corpus: [URL] = {
    let root = Corpus.folder("xcstrings")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    return names.filter { $0.hasSuffix(".xcstrings") }.sorted().map {
      root.appendingPathComponent($0)
    }
  }()

  @Test func filesAreFound() {
    #expect(Self.fixtures.count >= 12)
    #expect(Self.corpus.count >= 8)
  }

  @Test("fixture and corpus file", arguments: fixtures + corpus)
  func sameAsTheOldReader(_ url: URL) throws {
    let data = try Data(contentsOf: url)
    compare(data, name: url.lastPathComponent)
  }

  /// Inputs written by hand for the rules of `XCStringsDocument` (duplicates, nulls,
  /// numbers, escapes, nesting, byte order marks, several `strings` objects).
  static let edgeCases: [String] = [
    #"{"strings": {"a": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "x"}}}}},}"#,
    #"{"strings": {"a": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "x",}}}}}}"#,
    #"{"strings": [1,]}"#,
    #"{"strings": {"a": 1, "a": {"comment": 5}}}"#,
    #"{"strings": {"a": {"comment": 5}, "a": {}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"stringUnit": {"state": 1, "state": "translated"}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"variations": {"plural": {"one": {}, "one": {"stringUnit": 5}}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": null}}}}"#,
    #"{"strings": {"a": null}}"#,
    #"{"strings": null}"#,
    #"{"strings": {"a": {"localizations": {"de": {"variations": {"plural": {"one": null}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"argNum": 1.0}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"argNum": 1.5}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"argNum": 1e2}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"argNum": 1E400}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"argNum": 99999999999999999999}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"argNum": -0}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"argNum": "1"}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"argNum": true}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"argNum": 01}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"argNum": 1.}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"argNum": -}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"argNum": .5}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"argNum": +1}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"argNum": 9223372036854775807}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"argNum": 9223372036854775808}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"argNum": -9223372036854775808}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"argNum": 1.0e1}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"argNum": 0.1e1}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"argNum": 1e-1}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"argNum": 100e-2}}}}}}}"#,
    #"{"strings": {"a": {"shouldTranslate": 1}}}"#,
    #"{"strings": {"a": {"shouldTranslate": "false"}}}"#,
    #"{"strings": {"a": {"localizations": 5}}}"#,
    #"{"strings": {"a": {"localizations": {"de": 5}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"stringUnit": [] }}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"variations": {"plural": [] }}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"variations": {"plural": {"one": {"variations": {"device": {"mac": {"stringUnit": {"value": 3}}}}}} }}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"variations": {"plural": {"one": {"stringUnit": {"state": false}}}}}}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"stringUnit": {"value": "a\x"}}}}}}"#,
    "{\"strings\": {\"a\": {\"localizations\": {\"de\": {\"stringUnit\": {\"value\": \"a\tb\"}}}}}}",
    #"{"strings": {"a": {"localizations": {"de": {"stringUnit": {"value": "a\ud800"}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"stringUnit": {"value": "a\udc00"}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"stringUnit": {"value": "a\ud800\u0041"}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"stringUnit": {"value": "a\u00"}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"stringUnit": {"value": "a\u0000b"}}}}}}"#,
    #"{"strings": {"\u212Aa": {}, "Ka": {}}}"#,
    #"[]"#,
    #"5"#,
    #""x""#,
    #"null"#,
    #"{}"#,
    #"{"strings": {}} x"#,
    #"{"strings": {}} {}"#,
    #"{"sourceLanguage": 5, "strings": {}}"#,
    #"{"sourceLanguage": "en", "version": 1, "strings": {}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "x"}}}}}, "strings": 5}"#,
    #"{"strings": 5, "strings": {}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": {"argNum": 1.0}, "x": {"argNum": "bad"}}}}}}}"#,
    #"{"strings": {"a": {"comment": null, "extractionState": null, "shouldTranslate": null, "localizations": null}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"stringUnit": null, "variations": null, "substitutions": null}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"stringUnit": {"state": null, "value": null}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"variations": {"plural": null, "device": 5}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": {"x": null}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"substitutions": 5, "stringUnit": 5}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"stringUnit": {"state": 5, "value": 5}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"stringUnit": {"value": 5, "state": 5}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"variations": {"device": 5, "plural": 5}}}}}}"#,
    #"{"strings": {"a": {"localizations": {"de": {"variations": {"device": {"a": 1, "b": 2}}}}}}}"#,
    #"{"strings": {"a": {}}, "strings": {"a": {}, "b": {}}}"#,
    #"{"sourceLanguage": "en", "strings": {"é": {}, "e\u0301": {}, "\u00e9": {}}}"#,
    #"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"de": {}, "de": {}, "DE": {}}}}}"#,
    #"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"en": {"stringUnit": {"state": "new", "value": "x"}}, "de": {"stringUnit": {"state": "new", "value": "y"}}}}}}"#,
    #"{"sourceLanguage": "en", "strings": {"a": {"shouldTranslate": false, "localizations": {"en": {"stringUnit": {"state": "translated", "value": "Brand"}}}}, "b": {"localizations": {"fr": {}}}}}"#,
    #"{"sourceLanguage": "en", "strings": {"a": {"foo": 01, "localizations": {"de": {"stringUnit": {"state": "translated", "value": "x", "bar": "\x"}}}}}}"#,
    "{\"foo\": \"a\nb\", \"sourceLanguage\": \"en\", \"strings\": {\"a\": {}}}",
    "{\"sourceLanguage\": \"en\", \"strings\": {\"a\": {\"comment\": \"a\nb\"}}}",
    #"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "%#@n@"}, "substitutions": {"n": {"argNum": 1e18, "variations": {"plural": {"other": {"stringUnit": {"state": "translated", "value": "%arg"}}}}}}}}}}}"#,
    #"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "%#@n@"}, "substitutions": {"n": {"argNum": 2.0, "variations": {"plural": {"other": {"stringUnit": {"state": "translated", "value": "%arg"}}}}}}}}}}}"#,
    #"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "\u0023@n@"}}}}}}"#,
    #"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"de": {"variations": {"device": {"iphone": {}, "other": {"stringUnit": {"state": "translated", "value": "o"}}}}}}}}}"#,
    #"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"de": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "o"}}, "eleven": {}}}}}}}}"#,
    "\u{FEFF}{\"sourceLanguage\": \"en\", \"strings\": {}}",
    #"{"sourceLanguage" : "en", "strings" : {"a" : {}}}   x"#,
    #"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"#,
    #"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"#,
    #"{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":1}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}"#,
    #"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "x"}}}}}, "strings": 5}"#,
    #"{"sourceLanguage": "not a tag", "strings": {"a": {"localizations": {"not a tag": {}, "x y": {}}}}}"#,
    "{\"sourceLanguage\": \"en\", \"strings\": {\"a\": {\"foo\": \"x\ny\", \"localizations\": {\"de\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"A\"}}}}, \"b\": {\"localizations\": {\"de\": {}}}, \"a\": {}}}",
    #"{"sourceLanguage": "en", "strings": {"b": {"foo": 1-2, "localizations": {"de": {"stringUnit": {"state": "translated", "value": "B"}}}}, "a": {"localizations": {"de": {}}}}}"#,
    #"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "A"},},},}, "c": {"x": [1, 2,], "localizations": {"fr": {}, "de": {"foo": 1e}}},}}"#,
    #"{"sourceLanguage": "en", "strings": {"ax": {}, "b": {}}, "strings": {"a\x": {}, "b": {},}}"#,
    #"{"sourceLanguage": "en", "strings": {"z": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Z"}}}}, "a": {"localizations": {"de": {"bar": 1.2.3, "stringUnit": {"state": "translated", "value": "A"}}}}}}"#,
  ]

  @Test("edge case", arguments: edgeCases)
  func sameOnEdgeCases(_ text: String) {
    compare(Data(text.utf8), name: text)
  }

  /// Rounds per batch; `PARLANCE_ORACLE_ROUNDS` asks for more (a longer search).
  static let rounds =
    ProcessInfo.processInfo.environment["PARLANCE_ORACLE_ROUNDS"].flatMap { Int($0) } ?? 400

  /// Seeded mutations of the fixtures and the smaller corpus files: deletions,
  /// insertions of JSON punctuation and of names the reader looks for, copies of
  /// ranges, stray bytes and truncations.
  @Test("broken variants", arguments: 0..<8)
  func sameOnBrokenVariants(_ batch: Int) throws {
    let seeds = try (Self.fixtures + Self.corpus).map { try Data(contentsOf: $0) }
      .filter { $0.count <= 64 * 1024 }
    var random = SplitMix64(seed: 0x10_0000 + UInt64(batch))
    for round in 0..<Self.rounds {
      var bytes = [UInt8](seeds[Int(random.next() % UInt64(seeds.count))])
      for _ in 0..<(1 + Int(random.next() % 3)) {
        Self.mutate(&bytes, &random)
      }
      compare(Data(bytes), name: "batch \(batch) round \(round)")
    }
  }

  /// Files named in `PARLANCE_ORACLE_FILES` (colon-separated), such as a fuzzer's
  /// finding: compared like the others, to see how the readers differ.
  @Test func filesNamedInTheEnvironment() throws {
    let paths = ProcessInfo.processInfo.environment["PARLANCE_ORACLE_FILES"] ?? ""
    for path in paths.split(separator: ":") {
      compare(try Data(contentsOf: URL(fileURLWithPath: String(path))), name: String(path))
    }
  }

  private func compare(_ data: Data, name: String) {
    let catalog = XCStringsCatalog(data, file: "test.xcstrings")
    let new = catalog.everyLanguage()
    let old = LegacyXCStringsParser.parse(data, file: "test.xcstrings")
    if new == old || catalog.dependsOnHashOrder { return }
    let input = data.count <= 4096 ? data.base64EncodedString() : "(\(data.count) bytes)"
    #expect(new.sourceLanguage == old.sourceLanguage, "\(name): \(input)")
    #expect(new.version == old.version, "\(name)")
    #expect(
      renderedDiagnostics(new.diagnostics) == renderedDiagnostics(old.diagnostics),
      "\(name): \(input)")
    #expect(renderedUnusable(new.unusable) == renderedUnusable(old.unusable), "\(name): \(input)")
    #expect(new.entries == old.entries, "\(name): \(input)")
  }

  static let tokens: [String] = [
    ",", "}", "]", "{", "[", "\"", ":", "\\", "\\u", "\\x", "\\ud800", "\\u00e9", "null",
    "true", "false", "1.5", "01", "-", "1e400", "\n", "\t", "\u{0}", " ",
    #""stringUnit""#, #""variations""#, #""plural""#, #""device""#, #""substitutions""#,
    #""state""#, #""value""#, #""new""#, #""translated""#, #""stale""#, #""argNum" : 0"#,
    #""argNum" : 2"#, #""formatSpecifier""#, #""other""#, #""one""#, #""mac""#, #""%#@x@""#,
    #""localizations""#, #""shouldTranslate" : false"#, #""strings""#, #""sourceLanguage""#,
    #""comment""#, #""de""#, #""en""#, #""x-bad tag""#,
  ]

  static func mutate(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
    func position() -> Int { bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count + 1)) }
    switch random.next() % 6 {
    case 0:
      let start = position()
      let end = min(bytes.count, start + 1 + Int(random.next() % 8))
      if start < end { bytes.removeSubrange(start..<end) }
    case 1, 2:
      let token = tokens[Int(random.next() % UInt64(tokens.count))]
      bytes.insert(contentsOf: Array(token.utf8), at: position())
    case 3:
      let start = position()
      let end = min(bytes.count, start + Int(random.next() % 64))
      let copy = Array(bytes[start..<end])
      bytes.insert(contentsOf: copy, at: position())
    case 4:
      if !bytes.isEmpty {
        bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
      }
    default:
      bytes.removeLast(min(bytes.count, Int(random.next() % 32)))
    }
  }
}
