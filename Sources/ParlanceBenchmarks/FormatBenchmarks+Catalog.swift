import Foundation
import Parlance

extension FormatBenchmarks {
  /// The size of the generated String Catalog (issue "Big catalogs load fast and small").
  static let generatedCatalogBytes = 2_000_000

  /// A generated 2 MB String Catalog in 20 languages: one language loaded, every language
  /// parsed, beside `JSONSerialization` reading the same bytes.
  func generatedCatalog() throws -> Section {
    let data = GeneratedCatalog.xcstrings(bytes: Self.generatedCatalogBytes)
    let language = try LanguageTag(GeneratedCatalog.loadedLanguage)
    let path = "Localizable.xcstrings"

    // The same file on disk, for the row that loads it as a Localizer does.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-bench-catalog-\(getpid())", isDirectory: true)
    try? FileManager.default.removeItem(at: folder)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try data.write(to: folder.appendingPathComponent(path, isDirectory: false))

    // Before timing: every contender reads the catalog, and ours serves every key.
    let parsed = XCStringsParser.parse(data, file: path)
    let keyCount = try Self.catalogKeyCount(data)
    let loaded = Self.loadOneLanguage(data, path: path, language: language)
    guard parsed.entries.count == GeneratedCatalog.languages.count,
      parsed.entries.values.allSatisfy({ $0.count == keyCount }), loaded == keyCount,
      parsed.diagnostics.isEmpty
    else {
      throw FixtureError(
        "the generated catalog did not parse: \(parsed.entries.count) languages, "
          + "\(loaded) \(language) entries of \(keyCount) keys, "
          + "\(parsed.diagnostics.count) diagnostics")
    }
    let viaFolder = try Self.loadThroughFolder(folder, language: language)
    guard viaFolder == keyCount else {
      throw FixtureError("CatalogLoader served \(viaFolder) of \(keyCount) keys")
    }

    let count = max(1, Self.bytesPerRun(options) / data.count)
    let contenders = [
      Contender(
        name: "ours: one language (\(language)) of the catalog",
        includes: "Data in memory → the catalog read and checked whole (every diagnostic "
          + "and position), then the entries of one language: a Message per key",
        operations: count
      ) {
        var checksum = 0
        for _ in 0..<count {
          checksum &+= Self.loadOneLanguage(data, path: path, language: language)
        }
        return checksum
      },
      Self.parseEveryLanguage(
        name: "ours: every language, XCStringsParser.parse",
        includes: "Data in memory → the entries of all 20 languages, unusable units, "
          + "diagnostics with line:column (what `parlance lint` reads)",
        data: data, path: path, count: count),
      Self.jsonSerialization(name: "JSONSerialization", data: data, count: count),
      Contender(
        name: "ours: ResourceFolder + CatalogLoader.load (info)",
        includes: "what a Localizer does at start: scan the folder (reads the file from the "
          + "page cache), then load one language into its lookup table",
        operations: count
      ) {
        var checksum = 0
        for _ in 0..<count {
          checksum &+= (try? Self.loadThroughFolder(folder, language: language)) ?? 0
        }
        return checksum
      },
    ]
    let results = harness.measure(contenders)
    let one = results[0].median
    let every = results[1].median
    let foundation = results[2].median
    var rows: [[String]] = []
    let megabytes = Double(data.count) / 1_000_000
    for result in results {
      rows.append([
        result.contender.name, Format.fixed(result.median / 1e6, 2),
        Format.fixed(result.minimum / 1e6, 2), Format.fixed(result.maximum / 1e6, 2),
        Format.fixed(megabytes / (result.median / 1e9), 1),
        Format.ratio(result.median / foundation),
      ])
    }
    return Section(
      title: "A generated 2 MB String Catalog in 20 languages",
      workload: "`GeneratedCatalog.xcstrings` (seed 20): \(data.count.grouped) bytes, "
        + "\(keyCount.grouped) keys × \(GeneratedCatalog.languages.count) languages "
        + "(plurals, substitutions, device variations, escapes), parsed from memory "
        + "\(count) times per run, \(options.runs) interleaved runs; ms per load. "
        + "Time is relative to JSONSerialization.",
      header: ["Contender", "Median ms", "Min", "Max", "MB/s", "Time vs JSONSerialization"],
      rows: rows, includes: results.map(\.contender.includes),
      targets: [
        TargetCheck(
          goal: "one language ≤ 0.5× JSONSerialization",
          measured: Format.ratio(one / foundation), met: one <= 0.5 * foundation),
        TargetCheck(
          goal: "every language ≤ 1× JSONSerialization",
          measured: Format.ratio(every / foundation), met: every <= foundation),
      ])
  }

  /// The entries of one language: the catalog read whole, one language built.
  static func loadOneLanguage(_ data: Data, path: String, language: LanguageTag) -> Int {
    XCStringsCatalog(data, file: path).entries(for: language).count
  }

  /// What a `Localizer` does at start for one language of a folder.
  static func loadThroughFolder(_ folder: URL, language: LanguageTag) throws -> Int {
    let resources = try ResourceFolder(url: folder)
    let loader = CatalogLoader(folders: [resources], developmentLanguage: try LanguageTag("en"))
    return loader.load(language).count
  }

  static func catalogKeyCount(_ data: Data) throws -> Int {
    let json = try JSONSerialization.jsonObject(with: data)
    guard let strings = (json as? [String: Any])?["strings"] as? [String: Any] else {
      throw FixtureError("JSONSerialization did not find \"strings\" in the generated catalog")
    }
    return strings.count
  }

  /// Ours on a String Catalog with every language built, as `parlance lint` reads it.
  static func parseEveryLanguage(
    name: String, includes: String, data: Data, path: String, count: Int
  ) -> Contender {
    Contender(name: name, includes: includes, operations: count) {
      var checksum = 0
      for _ in 0..<count {
        checksum &+= XCStringsParser.parse(data, file: path).entries.count
      }
      return checksum
    }
  }

  /// Foundation's JSON parser on the same bytes: the baseline String Catalogs are judged by.
  static func jsonSerialization(name: String, data: Data, count: Int) -> Contender {
    Contender(
      name: name,
      includes: "Data in memory → [String: Any] of nested dictionaries, nothing checked",
      operations: count
    ) {
      var checksum = 0
      for _ in 0..<count {
        let result = try? JSONSerialization.jsonObject(with: data)
        checksum &+= (result as? [String: Any])?.count ?? 0
      }
      return checksum
    }
  }
}
