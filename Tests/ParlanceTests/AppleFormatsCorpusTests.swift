import Foundation
import Testing

@testable import Parlance

/// `shared/corpus/` beside the package: real `.stringsdict` and `.xcstrings` files.
private let corpusFolder = Corpus.root

private func corpusFiles(_ ext: String) -> [String] {
  let folder = corpusFolder.appendingPathComponent(ext, isDirectory: true)
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  return names.filter { $0.hasSuffix("." + ext) }.map { "\(ext)/\($0)" }.sorted()
}

/// The diagnostics each corpus file must give, by a distinctive part of its name; files
/// not listed must give none.
private let expectedDiagnostics: [String: [String]] = [
  // Crowdin's "argument eater": `names` only consumes the names argument that
  // `count_mutual` shows with `%1$@`; untranslated forms are exported empty.
  "input__ar.lproj__Localizable": [
    "105:7: warning: empty forms 'zero', 'one', 'two', 'few', 'many', 'other' of variable "
      + "'names' in 'plural.count.followed_by_and_mutual'; they render nothing"
  ],
  "input__en.lproj__Localizable": [
    "73:7: warning: empty forms 'one', 'other' of variable 'names' in "
      + "'plural.count.followed_by_and_mutual'; they render nothing"
  ],
  "input__ja.lproj__Localizable": [
    "65:7: warning: empty form 'other' of variable 'names' in "
      + "'plural.count.followed_by_and_mutual'; it renders nothing"
  ],
  "input__ru.lproj__Localizable": [
    "89:7: warning: empty forms 'one', 'few', 'many', 'other' of variable 'names' in "
      + "'plural.count.followed_by_and_mutual'; they render nothing"
  ],
]

@Suite("Apple formats corpus")
struct AppleFormatsCorpusTests {
  @Test func corpusIsPresent() {
    #expect(
      FileManager.default.fileExists(atPath: corpusFolder.path),
      "the corpus is missing: expected \(corpusFolder.path)")
    #expect(corpusFiles("stringsdict").count >= 13)
    #expect(corpusFiles("xcstrings").count >= 8)
  }

  @Test("stringsdict", arguments: corpusFiles("stringsdict"))
  func stringsdict(_ path: String) throws {
    let url = corpusFolder.appendingPathComponent(path)
    let file = try StringsdictParser.parse(contentsOf: url)

    // Independent reader: Foundation's top-level keys.
    let data = try Data(contentsOf: url)
    let root = try #require(
      try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    let loaded = Set(file.entries.map(\.key))
    #expect(loaded.isSubset(of: Set(root.keys)))
    for key in root.keys where !loaded.contains(key) {
      #expect(
        file.diagnostics.contains { $0.message.contains("'\(key)'") },
        "'\(key)' is neither loaded nor named by a diagnostic")
    }
    #expect(file.entries.count == root.count - Set(root.keys).subtracting(loaded).count)
    #expect(file.entries.allSatisfy { $0.location.line > 1 }, "every entry has a location")
    #expect(renderedDiagnostics(file.diagnostics) == expected(for: path))
  }

  @Test("xcstrings", arguments: corpusFiles("xcstrings"))
  func xcstrings(_ path: String) throws {
    let url = corpusFolder.appendingPathComponent(path)
    let file = try XCStringsParser.parse(contentsOf: url)

    let counts = try Self.independentCounts(Data(contentsOf: url))
    let ours = Dictionary(
      uniqueKeysWithValues: file.entries.map { ($0.key.identifier, $0.value.count) })
    #expect(ours == counts)
    #expect(renderedDiagnostics(file.diagnostics) == expected(for: path))
    for entries in file.entries.values {
      #expect(entries.allSatisfy { $0.location.line > 1 }, "every entry has a location")
    }
  }

  @Test func theRealPluralsRender() throws {
    let ru = try StringsdictParser.parse(
      contentsOf: corpusFolder.appendingPathComponent(
        "stringsdict/deltachat__deltachat-ios__deltachat-ios__ru.lproj__Localizable.stringsdict"))
    let ar = try StringsdictParser.parse(
      contentsOf: corpusFolder.appendingPathComponent(
        "stringsdict/mastodon__mastodon-ios__Localization__StringsConvertor__input__ar.lproj"
          + "__Localizable.stringsdict"))
    func render(
      _ file: StringsdictFile, _ key: String, _ arguments: [MessageArgument], _ language: String
    )
      -> String?
    {
      var problems: [RenderProblem] = []
      return file.entries.first { $0.key == key }?.message.render(
        arguments: arguments, language: .test(language), problems: &problems)
    }
    #expect(render(ru, "n_minutes", [5], "ru")?.contains("5") == true)
    #expect(
      render(ar, "plural.count.followed_by_and_mutual", ["Ali", 2], "ar")
        == "مُتابَعٌ مِن قِبَلِ Ali، " + "وشَخصانِ آخَرَانِ مُتبادَلَان")
  }

  @Test func negativeFixturesLoad() throws {
    for name in ["MismatchingArgumentType", "UnsupportedFormatSpecifiers"] {
      let path = try #require(corpusFiles("xcstrings").first { $0.contains(name) })
      let file = try XCStringsParser.parse(contentsOf: corpusFolder.appendingPathComponent(path))
      let entries = try #require(file.entries[.test("en")])
      #expect(entries.map(\.key) == ["Key"])
      #expect(file.diagnostics.isEmpty)
    }
  }

  private func expected(for path: String) -> [String] {
    expectedDiagnostics.first { path.contains($0.key) }?.value ?? []
  }

  /// Served entries per language, by the rules of `XCStringsParser`, walking what
  /// `JSONSerialization` reads: usable units (`translated`, `needs_review`; in the
  /// source language also `new` and no state), the key in the source language when it
  /// has no usable unit, and `shouldTranslate: false` keys in every language.
  static func independentCounts(_ data: Data) throws -> [String: Int] {
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let source = root["sourceLanguage"] as? String
    let strings = root["strings"] as? [String: [String: Any]] ?? [:]
    var languages = Set(source.map { [$0] } ?? [])
    for entry in strings.values {
      languages.formUnion((entry["localizations"] as? [String: Any] ?? [:]).keys)
    }
    func usable(_ node: [String: Any], source: Bool) -> Bool {
      var node = node
      if let variations = node["variations"] as? [String: Any] {
        if let plural = variations["plural"] as? [String: Any] {
          node = plural["other"] as? [String: Any] ?? [:]
        } else if let device = variations["device"] as? [String: Any] {
          return usable(
            device["mac"] as? [String: Any] ?? device["other"] as? [String: Any] ?? [:],
            source: source)
        }
      }
      guard let unit = node["stringUnit"] as? [String: Any],
        let value = unit["value"] as? String, !value.isEmpty
      else { return false }
      switch unit["state"] as? String {
      case "translated", "needs_review": return true
      case nil, "new": return source
      default: return false
      }
    }
    var counts: [String: Int] = [:]
    for (_, entry) in strings {
      let localizations = entry["localizations"] as? [String: [String: Any]] ?? [:]
      var served = Set(localizations.filter { usable($0.value, source: $0.key == source) }.keys)
      if let source { served.insert(source) }
      if entry["shouldTranslate"] as? Bool == false { served.formUnion(languages) }
      for language in served { counts[language, default: 0] += 1 }
    }
    return counts
  }
}
