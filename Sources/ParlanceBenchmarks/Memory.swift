import CGettext
import Foundation
import Parlance

#if canImport(Glibc)
  import Glibc
#endif

/// Memory figures of this process.
enum Memory {
  /// Resident set size in KiB, from `/proc/self/statm` (pages, second field).
  static func residentKiB() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return -1
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return -1 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
  }

  /// Bytes malloc has handed out and not yet got back, in every arena and in mmapped
  /// chunks (large dictionaries are allocated that way).
  ///
  /// Unlike RSS, this does not count memory freed by the loading code but kept by malloc,
  /// so it is the better figure for "what the loaded catalog occupies".
  static func heapInUseKiB() -> Int {
    Int(parlance_heap_in_use()) / 1024
  }
}

/// What loading one catalog costs, measured in a fresh child process.
///
/// A child per measurement because in one process the numbers depend on history: memory
/// freed by an earlier benchmark is reused, and RSS never shrinks back.
struct MemoryProbe {
  enum Kind: String, CaseIterable {
    case localizer, dictionary, gettext, compiled
  }

  struct Sample {
    var residentKiB: Int
    var heapKiB: Int
  }

  /// The child's side: warm up on a tiny catalog (runtime, ICU, Foundation and gettext
  /// initialize themselves there), then measure only the big load. Prints
  /// `<rss delta KiB> <heap delta KiB>`.
  static func runChild(kind: Kind, root: URL) throws {
    let resources = root.appendingPathComponent("Resources", isDirectory: true)
    let tiny = root.appendingPathComponent("Tiny", isDirectory: true)
    let stringsFile = resources.appendingPathComponent(
      "de.lproj/Localizable.strings", isDirectory: false)
    let german = try LanguageTag(Fixtures.language)

    switch kind {
    case .localizer:
      let warm = try Localizer(resources: tiny, language: german, environment: [:])
      blackHole(warm.string("tiny.key"))
      let before = sample()
      let localizer = try Localizer(resources: resources, language: german, environment: [:])
      let after = sample()
      blackHole(localizer.string(Fixtures.greetingKey))
      report(before, after)
    case .dictionary:
      let warm = try StringsParser.parse(
        contentsOf: tiny.appendingPathComponent("de.lproj/Localizable.strings")
      ).table
      blackHole(warm)
      let before = sample()
      let table = try StringsParser.parse(contentsOf: stringsFile).table
      let after = sample()
      blackHole(table.count)
      report(before, after)
    case .gettext:
      // The keys, as C strings, exist before the baseline: they are the caller's.
      let keys = try StringsParser.parse(contentsOf: stringsFile).entries.map { strdup($0.key) }
      let locale = root.appendingPathComponent("locale", isDirectory: true)
      guard parlance_gettext_setup(Fixtures.domain, locale.path, Fixtures.language) == 0 else {
        throw FixtureError("gettext setup failed")
      }
      blackHole(parlance_dgettext("warm-up-domain", "x"))
      let before = sample()
      // gettext maps the .mo file and caches each msgid it has looked up: touching every
      // key once is what a long-running app ends up with.
      var total = 0
      for key in keys {
        if let value = parlance_dgettext(Fixtures.domain, key) { total &+= strlen(value) }
      }
      let after = sample()
      blackHole(total)
      report(before, after)
    case .compiled:
      let keys = try Self.keys(of: stringsFile)
      let locale = root.appendingPathComponent("locale", isDirectory: true)
      let warm = try Localizer(resources: tiny, language: german, environment: [:])
      blackHole(warm.string("tiny.key"))
      let before = sample()
      let localizer = try TranslationSources(
        gettextDomains: [Fixtures.domain], localeFolders: [locale]
      ).makeLocalizer(language: german, environment: [:])
      // Every key asked twice, as a program that shows its texts again and again: the
      // table is built on the way (after as many lookups as the file has messages).
      var total = 0
      for _ in 0..<2 {
        for key in keys { total &+= localizer.string(key, table: Fixtures.domain).utf8.count }
      }
      let after = sample()
      blackHole(total)
      report(before, after)
    }
  }

  /// The keys of a `.strings` file, read in a function of their own: the parsed table is
  /// freed when it returns, before a baseline is taken.
  private static func keys(of file: URL) throws -> [String] {
    try StringsParser.parse(contentsOf: file).entries.map(\.key)
  }

  private static func sample() -> Sample {
    Sample(residentKiB: Memory.residentKiB(), heapKiB: Memory.heapInUseKiB())
  }

  private static func report(_ before: Sample, _ after: Sample) {
    print(after.residentKiB - before.residentKiB, after.heapKiB - before.heapKiB)
  }

  /// The parent's side: runs the child `repeats` times and returns the medians.
  static func measure(kind: Kind, root: URL, repeats: Int) throws -> Sample {
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    var resident: [Double] = []
    var heap: [Double] = []
    for _ in 0..<repeats {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = ["memory-probe", kind.rawValue, root.path]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
      guard process.terminationStatus == 0, fields.count == 2,
        let rss = Double(fields[0]), let bytes = Double(fields[1])
      else {
        throw FixtureError(
          "memory probe '\(kind.rawValue)' failed: exit \(process.terminationStatus), "
            + "output '\(String(decoding: data, as: UTF8.self))'")
      }
      resident.append(rss)
      heap.append(bytes)
    }
    return Sample(
      residentKiB: Int(Statistics.median(resident)), heapKiB: Int(Statistics.median(heap)))
  }
}
