import Foundation
import Parlance

/// Every catalog format on real files, CLDR plural selection and plural messages: ours
/// beside Foundation's readers and `msgfmt`, in one process.
struct FormatBenchmarks {
  let options: Options
  let corpus: Corpus
  let harness: Harness

  init(options: Options, packageRoot: URL) throws {
    self.options = options
    self.corpus = try Corpus(packageRoot: packageRoot)
    self.harness = Harness(runs: options.runs)
  }

  func run() throws -> [Section] {
    [try parsing(), try generatedCatalog(), try pluralSelection(), try pluralMessages()]
  }

  // MARK: 1. Parsing every format

  /// One format's file and its contenders, measured together (interleaved).
  private struct FormatCase {
    let file: Corpus.File
    let bytes: Int
    let contenders: [Contender]
    let summary: String
  }

  func parsing() throws -> Section {
    let cases = [
      try stringsCase(), try stringsdictCase(), try xcstringsCase(), try poCase(),
    ]
    var rows: [[String]] = []
    var includes: [String] = []
    var notes: [String] = []
    for formatCase in cases {
      let results = harness.measure(formatCase.contenders)
      let ours = results[0].median
      let megabytes = Double(formatCase.bytes) / 1_000_000
      for result in results {
        rows.append([
          result.contender.name, Format.fixed(result.median / 1e6, 3),
          Format.fixed(result.minimum / 1e6, 3), Format.fixed(result.maximum / 1e6, 3),
          Format.fixed(megabytes / (result.median / 1e9), 1), Format.ratio(result.median / ours),
        ])
        includes.append(result.contender.includes)
      }
      notes.append(formatCase.summary)
    }
    notes.append(
      "msgfmt is a separate program: its row is one fork+exec+compile of the file, "
        + "for scale only, not a like-for-like contender.")
    let files = cases.map { "`\($0.file.name)` (\($0.bytes.grouped) bytes)" }
    return Section(
      title: "Parsing every catalog format (corpus)",
      workload: "The largest file of each format in the corpus (../shared/corpus, by "
        + "MANIFEST.tsv): " + files.joined(separator: ", ") + ". Parsed from memory, each "
        + "file about \(Self.bytesPerRun(options).grouped) bytes per run (msgfmt: at most 5 "
        + "runs of the program), \(options.runs) interleaved runs per format after one "
        + "warm-up; ms per parse and throughput (MB = 10⁶ bytes).",
      header: ["Contender", "Median ms/parse", "Min", "Max", "MB/s", "Time vs ours"],
      rows: rows, includes: includes, notes: notes)
  }

  static func bytesPerRun(_ options: Options) -> Int { options.iterations * 5 }

  private func repeats(_ size: Int) -> Int {
    max(1, Self.bytesPerRun(options) / max(size, 1))
  }

  private func read(_ file: Corpus.File) throws -> Data {
    do {
      return try Data(contentsOf: file.url)
    } catch {
      throw FixtureError("cannot read corpus file \(file.url.path): \(error)")
    }
  }

  private func stringsCase() throws -> FormatCase {
    let file = try corpus.largest("strings")
    let data = try read(file)
    let bytes = [UInt8](data)
    let path = file.url.path
    let parsed = StringsParser.parse(bytes, file: path)
    guard !parsed.entries.isEmpty else { throw FixtureError("no entries parsed from \(path)") }
    let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    let foundationCount = (plist as? [String: Any])?.count
    let count = repeats(bytes.count)
    var contenders = [
      Contender(
        name: "strings: ours StringsParser.parse",
        includes: "[UInt8] in memory → entries with line:column, diagnostics; escapes decoded",
        operations: count
      ) {
        var checksum = 0
        for _ in 0..<count { checksum &+= StringsParser.parse(bytes, file: path).entries.count }
        return checksum
      }
    ]
    if foundationCount != nil {
      contenders.append(
        Contender(
          name: "strings: PropertyListSerialization",
          includes: "Data in memory → [String: Any] (OpenStep strings format, no positions)",
          operations: count
        ) {
          var checksum = 0
          for _ in 0..<count {
            let result = try? PropertyListSerialization.propertyList(
              from: data, options: [], format: nil)
            checksum &+= (result as? [String: Any])?.count ?? 0
          }
          return checksum
        })
    }
    return FormatCase(
      file: file, bytes: bytes.count, contenders: contenders,
      summary: ".strings: ours read \(parsed.entries.count) entries "
        + "(\(parsed.diagnostics.count) diagnostics), "
        + (foundationCount.map { "PropertyListSerialization \($0) keys." }
          ?? "PropertyListSerialization could not read the file (row left out)."))
  }

  private func stringsdictCase() throws -> FormatCase {
    let file = try corpus.largest("stringsdict")
    let data = try read(file)
    let path = file.url.path
    let parsed = StringsdictParser.parse(data, file: path)
    guard !parsed.entries.isEmpty else { throw FixtureError("no entries parsed from \(path)") }
    let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    guard let dictionary = plist as? [String: Any] else {
      throw FixtureError("PropertyListSerialization did not read \(path) as a dictionary")
    }
    let count = repeats(data.count)
    return FormatCase(
      file: file, bytes: data.count,
      contenders: [
        Contender(
          name: "stringsdict: ours StringsdictParser.parse",
          includes: "Data → our XML property-list reader (keys with line:column), "
            + "validation, a PluralMessage with parsed templates per entry",
          operations: count
        ) {
          var checksum = 0
          for _ in 0..<count {
            checksum &+= StringsdictParser.parse(data, file: path).entries.count
          }
          return checksum
        },
        Contender(
          name: "stringsdict: PropertyListSerialization",
          includes: "Data in memory → [String: Any] of nested dictionaries, nothing checked",
          operations: count
        ) {
          var checksum = 0
          for _ in 0..<count {
            let result = try? PropertyListSerialization.propertyList(
              from: data, options: [], format: nil)
            checksum &+= (result as? [String: Any])?.count ?? 0
          }
          return checksum
        },
      ],
      summary: ".stringsdict: ours read \(parsed.entries.count) entries "
        + "(\(parsed.diagnostics.count) diagnostics), PropertyListSerialization "
        + "\(dictionary.count) keys.")
  }

  private func xcstringsCase() throws -> FormatCase {
    let file = try corpus.largest("xcstrings")
    let data = try read(file)
    let path = file.url.path
    let parsed = XCStringsParser.parse(data, file: path)
    let served = parsed.entries.values.reduce(0) { $0 + $1.count }
    guard served > 0 else { throw FixtureError("no entries parsed from \(path)") }
    let json = try JSONSerialization.jsonObject(with: data)
    guard let keys = ((json as? [String: Any])?["strings"] as? [String: Any])?.count else {
      throw FixtureError("JSONSerialization did not find \"strings\" in \(path)")
    }
    let count = repeats(data.count)
    return FormatCase(
      file: file, bytes: data.count,
      contenders: [
        Self.parseEveryLanguage(
          name: "xcstrings: ours XCStringsParser.parse",
          includes: "Data → our JSON reader (keys with line:column, every diagnostic), state "
            + "filtering, a Message per language and key (every language built)",
          data: data, path: path, count: count),
        Self.jsonSerialization(name: "xcstrings: JSONSerialization", data: data, count: count),
      ],
      summary: ".xcstrings: ours served \(served.grouped) entries in \(parsed.entries.count) "
        + "languages (\(parsed.unusable.count) units not served, \(parsed.diagnostics.count) "
        + "diagnostics), JSONSerialization \(keys) keys.")
  }

  private func poCase() throws -> FormatCase {
    let file = try corpus.largest("po")
    let data = try read(file)
    let bytes = [UInt8](data)
    let path = file.url.path
    let parsed = PoParser.parse(bytes, file: path)
    guard !parsed.entries.isEmpty else { throw FixtureError("no entries parsed from \(path)") }
    try Fixtures.run("msgfmt", ["-o", "/dev/null", path])
    let count = repeats(bytes.count)
    let programRuns = min(count, 5)
    return FormatCase(
      file: file, bytes: bytes.count,
      contenders: [
        Contender(
          name: "po: ours PoParser.parse",
          includes: "[UInt8] in memory → charset from the header, entries with line:column, "
            + "Plural-Forms compiled, a Message per entry, statistics, diagnostics",
          operations: count
        ) {
          var checksum = 0
          for _ in 0..<count { checksum &+= PoParser.parse(bytes, file: path).entries.count }
          return checksum
        },
        Contender(
          name: "po: msgfmt -o /dev/null (process, for scale)",
          includes: "fork+exec of GNU msgfmt, its start-up, reading the file (page cache), "
            + "parsing, checking and writing a .mo to /dev/null; waited for",
          operations: programRuns
        ) {
          var checksum = 0
          for _ in 0..<programRuns {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["msgfmt", "-o", "/dev/null", path]
            process.standardError = FileHandle.nullDevice
            guard (try? process.runUntilExit()) != nil else { continue }
            checksum &+= Int(process.terminationStatus) + 1
          }
          return checksum
        },
      ],
      summary: ".po: ours read \(parsed.entries.count) served entries "
        + "(\(parsed.statistics.translated) translated, \(parsed.statistics.fuzzy) fuzzy, "
        + "\(parsed.statistics.untranslated) untranslated; \(parsed.diagnostics.count) "
        + "diagnostics).")
  }
}
