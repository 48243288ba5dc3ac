import CGettext
import Foundation
import Parlance

#if canImport(Glibc)
  import Glibc
#endif

/// Compiled gettext catalogs (`.mo`): ours beside glibc's own gettext on the same file
/// (the 10,000-key `bench.mo` msgfmt makes from the core fixture), and the translation
/// index on the machine's own GTK catalog.
struct GettextBenchmarks {
  let options: Options
  let fixtures: Fixtures
  let harness: Harness

  init(options: Options, fixtures: Fixtures) {
    self.options = options
    self.fixtures = fixtures
    self.harness = Harness(runs: options.runs)
  }

  var moFile: URL {
    fixtures.localeDirectory.appendingPathComponent(
      "\(Fixtures.language)/LC_MESSAGES/\(Fixtures.domain).mo")
  }

  func run() throws -> [Section] {
    var sections = [try lookup(), try opening(), try memory()]
    if let index = try translationIndex() { sections.append(index) }
    return sections
  }

  // MARK: Lookup

  func lookup() throws -> Section {
    let keys = fixtures.keys
    let count = options.iterations
    var random = SplitMix64(seed: 43)
    let indices = (0..<count).map { _ in Int(random.next() % UInt64(keys.count)) }
    let sources = TranslationSources(
      gettextDomains: [Fixtures.domain], localeFolders: [fixtures.localeDirectory])
    let localizer = try sources.makeLocalizer(
      language: LanguageTag(Fixtures.language), environment: [:])
    let table = Fixtures.domain
    let dictionary = StringsParser.parse(fixtures.stringsBytes, file: fixtures.stringsFile.path)
      .table
    guard
      parlance_gettext_setup(Fixtures.domain, fixtures.localeDirectory.path, Fixtures.language)
        == 0
    else { throw FixtureError("gettext setup failed for \(fixtures.localeDirectory.path)") }
    let domain = strdup(Fixtures.domain)
    let cKeys = keys.map { strdup($0) }
    // The same file read in place and never built (its hash table asked, as glibc asks
    // it), and a copy without a hash table (binary search of the sorted originals).
    let inPlace = CatalogTable(compiled: try MOFile(contentsOf: moFile), buildingAfter: .max)
    let unhashed = try unhashedCopy()
    let searched = CatalogTable(compiled: try MOFile(contentsOf: unhashed), buildingAfter: .max)
    var mismatches: [String] = []
    for index in indices.prefix(500) {
      let ours = localizer.string(keys[index], table: table)
      let theirs = parlance_dgettext(domain, cKeys[index]).map { String(cString: $0) } ?? ""
      if ours != theirs || ours != fixtures.values[index] || inPlace.value(keys[index]) != ours
        || searched.value(keys[index]) != ours
      {
        mismatches.append("'\(keys[index])': ours '\(ours)', dgettext '\(theirs)'")
      }
    }
    if !mismatches.isEmpty {
      throw FixtureError(
        "contenders disagree:\n  " + mismatches.prefix(8).joined(separator: "\n  "))
    }
    let results = harness.measure([
      Contender(
        name: "ours: Localizer.string(key, table:) on the .mo",
        includes: "Swift String key; the installed-layout catalog of bench.mo, its table "
          + "built (the untimed warm-up asks it more often than it has messages); returns "
          + "the stored String",
        operations: count
      ) {
        var checksum = 0
        for index in indices { checksum &+= localizer.string(keys[index], table: table).utf8.count }
        return checksum
      },
      .dgettext(
        domain: domain, keys: cKeys, indices: indices,
        includes: "pre-made C string key; dgettext on the same .mo; result copied into a "
          + "Swift String"),
      Self.lookups(
        of: inPlace, keys: keys, indices: indices,
        name: "ours read in place through its hash table (info)",
        includes: "CatalogTable(compiled:) never built: gettext's hash of the key, the file's "
          + "hash table probed, the msgid compared, the translation decoded into a new String"),
      Self.lookups(
        of: searched, keys: keys, indices: indices,
        name: "ours read in place, no hash table (info)",
        includes: "the same file compiled with msgfmt --no-hash: binary search of the sorted "
          + "originals (strcmp order), then the translation decoded"),
      Contender(
        name: "[String: String] subscript (info)",
        includes: "the same entries in a plain dictionary",
        operations: count
      ) {
        var checksum = 0
        for index in indices { checksum &+= (dictionary[keys[index]] ?? keys[index]).utf8.count }
        return checksum
      },
    ])
    let ours = results[0].median
    let gettext = results[1].median
    return Section(
      title: "Lookup in a compiled catalog",
      workload: "\(keys.count.grouped)-message bench.mo (de, msgfmt), \(count.grouped) random "
        + "lookups per run, \(options.runs) interleaved runs after one warm-up run; ns per "
        + "lookup.",
      measurements: results,
      targets: [
        TargetCheck(
          goal: "ours ≥ 3× faster than dgettext on the same .mo",
          measured: Format.ratio(gettext / ours) + " faster", met: gettext >= 3 * ours)
      ])
  }

  /// Looks each of `indices` up in `table`, by value.
  private static func lookups(
    of table: CatalogTable, keys: [String], indices: [Int], name: String, includes: String
  ) -> Contender {
    Contender(name: name, includes: includes, operations: indices.count) {
      var checksum = 0
      for index in indices { checksum &+= table.value(keys[index])?.utf8.count ?? 0 }
      return checksum
    }
  }

  /// bench.mo compiled again without a hash table, in a `LC_MESSAGES` folder of its own
  /// (mapped, like bench.mo).
  private func unhashedCopy() throws -> URL {
    let po = fixtures.root.appendingPathComponent("bench.po")
    let target = fixtures.root.appendingPathComponent("LC_MESSAGES/bench-no-hash.mo")
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
    process.arguments = ["--no-hash", "-o", target.path, po.path]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw FixtureError("msgfmt --no-hash failed") }
    return target
  }

  // MARK: Opening

  /// A language opened to its first answer, in fresh child processes: glibc keeps every
  /// domain it bound for the process's life and walks them all on each bind, so opens
  /// in one process would time that list; a child binds two domains. Each child warms
  /// up both sides on links of their own to the same file, then times one open of each
  /// (in alternating order), each on a link name neither has seen.
  func opening() throws -> Section {
    let children = max(15, options.runs * 4 + 1)
    let folder = fixtures.localeDirectory.appendingPathComponent(
      "\(Fixtures.language)/LC_MESSAGES", isDirectory: true)
    for name in OpenProbe.names {
      let link = folder.appendingPathComponent(name + ".mo")
      if !FileManager.default.fileExists(atPath: link.path) {
        try FileManager.default.linkItem(at: moFile, to: link)
      }
    }
    var ours: [Double] = []
    var theirs: [Double] = []
    for child in 0..<children {
      let (our, their) = try OpenProbe.measure(
        root: fixtures.root, glibcFirst: child % 2 == 1,
        key: fixtures.keys[fixtures.keys.count / 2],
        expected: fixtures.values[fixtures.keys.count / 2])
      ours.append(our)
      theirs.append(their)
    }
    let oursMedian = Statistics.median(ours)
    let theirsMedian = Statistics.median(theirs)
    func row(_ name: String, _ samples: [Double]) -> [String] {
      [
        name, Format.nanoseconds(Statistics.median(samples)),
        Format.nanoseconds(samples.min() ?? .nan), Format.nanoseconds(samples.max() ?? .nan),
        Format.ratio(Statistics.median(samples) / oursMedian),
      ]
    }
    return Section(
      title: "Opening a compiled catalog to its first answer",
      workload: "The \(fixtures.keys.count.grouped)-message bench.mo, one open of each side in "
        + "each of \(children) fresh child processes (after a warm-up open of each on other "
        + "links to the file); ns per open.",
      header: ["Contender", "Median ns/op", "Min", "Max", "Time vs ours"],
      rows: [
        row("ours: CompiledGettextFormat.read + first value", ours),
        row("glibc bindtextdomain + first dgettext", theirs),
      ],
      includes: [
        "open, fstat, mmap, the header and the tables' bounds checked; the value found "
          + "through the file's hash table and decoded into a String (the table released "
          + "after the clock stops, as glibc never releases a domain)",
        "bindtextdomain and bind_textdomain_codeset of a new domain, then its first "
          + "dgettext: glibc finds, opens, maps and reads the file; the result copied into a "
          + "Swift String",
      ],
      targets: [
        TargetCheck(
          goal: "ours ≤ glibc's bindtextdomain + first dgettext",
          measured: Format.ratio(oursMedian / theirsMedian), met: oursMedian <= theirsMedian)
      ])
  }

  // MARK: Memory

  func memory() throws -> Section {
    let repeats = 3
    let compiled = try MemoryProbe.measure(kind: .compiled, root: fixtures.root, repeats: repeats)
    let plain = try MemoryProbe.measure(kind: .dictionary, root: fixtures.root, repeats: repeats)
    let ratio = Double(compiled.heapKiB) / Double(max(plain.heapKiB, 1))
    return Section(
      title: "Memory of a compiled catalog in use",
      workload: "Median of \(repeats) fresh child processes each: the growth while loading "
        + "bench.mo through the installed layout and asking every key twice (the table is "
        + "built after as many lookups as the file has messages), against a "
        + "[String: String] of the same entries.",
      header: ["Catalog", "RSS growth KiB", "Heap growth KiB"],
      rows: [
        [
          "ours: installed .mo, every key asked twice", compiled.residentKiB.grouped,
          compiled.heapKiB.grouped,
        ],
        ["[String: String] of the same entries", plain.residentKiB.grouped, plain.heapKiB.grouped],
      ],
      targets: [
        TargetCheck(
          goal: "heap ≤ 1.5× a plain [String: String] of its entries",
          measured: Format.ratio(ratio), met: ratio <= 1.5)
      ],
      notes: [
        "RSS includes the mapped file's pages (file-backed, shared with every other reader)."
      ])
  }

  // MARK: The translation index

  /// On the machine's German `gtk30.mo`: building the index, a reverse lookup of a
  /// translation, and recognizing a text made from a printf message.
  func translationIndex() throws -> Section? {
    let path = URL(fileURLWithPath: "/usr/share/locale/de/LC_MESSAGES/gtk30.mo")
    guard FileManager.default.fileExists(atPath: path.path) else { return nil }
    let table = CatalogTable(compiled: try MOFile(contentsOf: path))
    _ = table.keys  // decoded once, outside the timings
    let index = TranslationIndex(translationsOf: table)
    var texts: [String] = []
    var shown: [String] = []
    for (_, entry) in table.entries.sorted(by: { $0.key < $1.key }) {
      switch entry.message {
      case .indexedPlural(let forms, _): texts += forms.map(\.source)
      default: texts.append(entry.value)
      }
    }
    for text in texts where text.contains("%") {
      if let made = Self.sample(text), made != text { shown.append(made) }
    }
    guard !shown.isEmpty else { return nil }
    var random = SplitMix64(seed: 44)
    let lookups = (0..<10_000).map { _ in texts[Int(random.next() % UInt64(texts.count))] }
    let unrecognized = shown.filter { index.recognize($0).isEmpty }
    if !unrecognized.isEmpty {
      throw FixtureError(
        "index: \(unrecognized.count) texts not recognized: \(unrecognized.prefix(3))")
    }
    let builds = 20
    let results = harness.measure([
      Contender(
        name: "TranslationIndex(translationsOf:) of gtk30 de",
        includes: "every message and plural form normalized (mnemonic, padding, markup) into "
          + "a dictionary; each printf form parsed into a pattern and filed by its literals",
        operations: builds
      ) {
        var checksum = 0
        for _ in 0..<builds { checksum &+= TranslationIndex(translationsOf: table).count }
        return checksum
      },
      Contender(
        name: "messages(showing:) of a translation",
        includes: "a random translation of the catalog normalized and looked up",
        operations: lookups.count
      ) {
        var checksum = 0
        for text in lookups { checksum &+= index.messages(showing: text).count }
        return checksum
      },
      Contender(
        name: "recognize(_:) of a text made from a printf message",
        includes: "each printf form of the catalog shown with sample arguments (17, a word); "
          + "no exact match, so the patterns filed under the text's first and last bytes are "
          + "tried",
        operations: shown.count
      ) {
        var checksum = 0
        for text in shown { checksum &+= index.recognize(text).count }
        return checksum
      },
    ])
    let build = results[0].median
    let lookup = results[1].median
    let recognize = results[2].median
    return Section(
      title: "The translation index of GTK's own catalog",
      workload: "/usr/share/locale/de/LC_MESSAGES/gtk30.mo (\(table.count.grouped) messages, "
        + "\(shown.count) printf forms), \(options.runs) interleaved runs after one warm-up "
        + "run; ns per build, lookup or text.",
      measurements: results,
      targets: [
        TargetCheck(
          goal: "index built ≤ 5 ms", measured: Format.fixed(build / 1e6, 2) + " ms",
          met: build <= 5e6),
        TargetCheck(
          goal: "reverse lookup ≤ 1 µs", measured: Format.nanoseconds(lookup) + " ns",
          met: lookup <= 1_000),
        TargetCheck(
          goal: "template recognition ≤ 20 µs", measured: Format.nanoseconds(recognize) + " ns",
          met: recognize <= 20_000),
      ])
  }

  /// `template` with sample arguments: 17 for a number, a word for a string; nil for a
  /// text whose `%` is no printf conversion (gtk30's strftime formats, `%H:%M`).
  static func sample(_ template: String) -> String? {
    var output = ""
    var rest = Substring(template)
    while let percent = rest.firstIndex(of: "%") {
      output += rest[..<percent]
      var index = rest.index(after: percent)
      guard index < rest.endIndex else { break }
      if rest[index] == "%" {
        output += "%"
        rest = rest[rest.index(after: index)...]
        continue
      }
      while index < rest.endIndex, !rest[index].isLetter || "hlqjztL".contains(rest[index]) {
        index = rest.index(after: index)
      }
      guard index < rest.endIndex, "diouxXeEfFgGaAcsp".contains(rest[index]) else { return nil }
      output +=
        "diouxX".contains(rest[index]) ? "17" : "eEfFgGaA".contains(rest[index]) ? "2.5" : "Wort"
      rest = rest[rest.index(after: index)...]
    }
    return output + rest
  }
}

/// The child's side of the opening benchmark (`parlance-bench open-probe ROOT ORDER KEY`).
enum OpenProbe {
  /// The links to bench.mo a child opens: a warm-up and a timed one for each side.
  static let names = ["open-warm-ours", "open-warm-glibc", "open-ours", "open-glibc"]

  /// Times one open of each side; prints `<ours ns> <glibc ns> <ours value> <glibc value>`
  /// as one line of JSON.
  static func runChild(root: URL, glibcFirst: Bool, key: String) throws {
    let locale = root.appendingPathComponent("locale", isDirectory: true)
    let folder = locale.appendingPathComponent("\(Fixtures.language)/LC_MESSAGES")
    guard parlance_gettext_setup("open-warm-glibc", locale.path, Fixtures.language) == 0 else {
      throw FixtureError("gettext setup failed")
    }
    let format = CompiledGettextFormat()
    let cKey = strdup(key)
    let clock = ContinuousClock()
    let files = Dictionary(
      uniqueKeysWithValues: names.map { ($0, folder.appendingPathComponent($0 + ".mo")) })
    // The table is released after the clock stops: the first answer is what is timed
    // (glibc keeps its domain for the process's life).
    var kept: [CatalogTable] = []
    func ours(_ name: String) -> (Double, String) {
      guard let file = files[name] else { return (.nan, "") }
      let start = clock.now
      let table = try? format.read(file).table
      let value = table?.value(key)
      let elapsed = start.duration(to: clock.now).nanoseconds
      if let table { kept.append(table) }
      return (elapsed, value ?? "")
    }
    func theirs(_ name: String) -> (Double, String) {
      let start = clock.now
      var value = ""
      if parlance_bindtextdomain(name, locale.path) == 0, let found = parlance_dgettext(name, cKey)
      {
        value = String(cString: found)
      }
      return (start.duration(to: clock.now).nanoseconds, value)
    }
    _ = ours("open-warm-ours")
    _ = theirs("open-warm-glibc")
    let first = glibcFirst ? theirs("open-glibc") : ours("open-ours")
    let second = glibcFirst ? ours("open-ours") : theirs("open-glibc")
    let (our, their) = glibcFirst ? (second, first) : (first, second)
    let line = try JSONSerialization.data(withJSONObject: [our.0, their.0, our.1, their.1])
    FileHandle.standardOutput.write(line)
  }

  /// Runs one child; returns its two times, after checking both found `expected`.
  static func measure(root: URL, glibcFirst: Bool, key: String, expected: String) throws -> (
    Double, Double
  ) {
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["open-probe", root.path, glibcFirst ? "glibc-first" : "ours-first", key]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let fields = try JSONSerialization.jsonObject(with: data) as? [Any], fields.count == 4,
      let ours = fields[0] as? Double, let theirs = fields[1] as? Double,
      fields[2] as? String == expected, fields[3] as? String == expected
    else {
      throw FixtureError(
        "open probe failed (exit \(process.terminationStatus)): "
          + String(decoding: data, as: UTF8.self))
    }
    return (ours, theirs)
  }
}
