import CGettext
import Foundation
import Parlance

#if canImport(Glibc)
  import Glibc
#endif

/// Lookups, placeholders, `.strings` parsing and memory: ours beside what a Swift program
/// on Linux would otherwise use, in one process, on the same generated catalog.
struct CoreBenchmarks {
  let options: Options
  let fixtures: Fixtures
  let harness: Harness
  let localizer: Localizer

  init(options: Options, fixtures: Fixtures) throws {
    self.options = options
    self.fixtures = fixtures
    self.harness = Harness(runs: options.runs)
    localizer = try Localizer(
      resources: fixtures.resources, language: LanguageTag(Fixtures.language), environment: [:])
  }

  func run() throws -> [Section] {
    [try lookup(), try placeholders(), try parsing(), try memory()]
  }

  // MARK: 1. Lookup hit

  func lookup() throws -> Section {
    let keys = fixtures.keys
    let count = options.iterations
    // Same random sequence for every contender, generated before timing.
    var random = SplitMix64(seed: 42)
    let indices = (0..<count).map { _ in Int(random.next() % UInt64(keys.count)) }

    // The plain dictionary holds strings parsed from the file, like the Localizer does:
    // built from `keys` it would share their storage, and String's == short-circuits on
    // identical storage, skipping the comparison every real lookup pays for.
    let dictionary = StringsParser.parse(fixtures.stringsBytes, file: fixtures.stringsFile.path)
      .table

    guard
      parlance_gettext_setup(Fixtures.domain, fixtures.localeDirectory.path, Fixtures.language)
        == 0
    else { throw FixtureError("gettext setup failed for \(fixtures.localeDirectory.path)") }
    let domain = strdup(Fixtures.domain)
    // Deliberately never freed: they live as long as the process, like the literals of a
    // C program's `_("…")` calls.
    let cKeys = keys.map { strdup($0) }

    guard let bundle = Bundle(path: fixtures.bundle.path) else {
      throw FixtureError("Bundle(path: \(fixtures.bundle.path)) is nil")
    }

    // Every contender must return the same translations, or the comparison is void.
    var mismatches: [String] = []
    for index in indices.prefix(500) {
      let expected = fixtures.values[index]
      let answers = [
        ("ours", localizer.string(keys[index])),
        ("dictionary", dictionary[keys[index]] ?? keys[index]),
        ("dgettext", parlance_dgettext(domain, cKeys[index]).map { String(cString: $0) } ?? ""),
        ("Bundle", bundle.localizedString(forKey: keys[index], value: nil, table: nil)),
      ]
      for (name, answer) in answers where answer != expected {
        mismatches.append("\(name) returned '\(answer)' for '\(keys[index])'")
      }
    }
    if !mismatches.isEmpty {
      throw FixtureError(
        "contenders disagree:\n  " + mismatches.prefix(8).joined(separator: "\n  "))
    }

    let contenders = [
      Contender(
        name: "ours: Localizer.string(key)",
        includes: "Swift String key; the thread's own reference to the snapshot (one atomic "
          + "load of the generation, no retain), walk of the chain's tables, hash lookup; "
          + "returns the stored String (retain, no copy)",
        operations: count
      ) {
        var checksum = 0
        for index in indices { checksum &+= localizer.string(keys[index]).utf8.count }
        return checksum
      },
      Contender(
        name: "[String: String] subscript",
        includes: "Swift String key; one hash lookup in a plain dictionary, `?? key`",
        operations: count
      ) {
        var checksum = 0
        for index in indices { checksum &+= (dictionary[keys[index]] ?? keys[index]).utf8.count }
        return checksum
      },
      .dgettext(
        domain: domain, keys: cKeys, indices: indices,
        includes: "pre-made C string key (no Swift→C conversion timed); dgettext on the "
          + "msgfmt-compiled .mo; result copied into a Swift String (UTF-8 validation + copy)"),
      Contender(
        name: "glibc dgettext, C string only (info)",
        includes: "as above without making a Swift String: gettext's own lookup cost; "
          + "not a target, callers need a String",
        operations: count
      ) {
        var checksum = 0
        for index in indices {
          if let value = parlance_dgettext(domain, cKeys[index]) {
            checksum &+= Int(value.pointee)
          }
        }
        return checksum
      },
      Contender(
        name: "Foundation Bundle.localizedString",
        includes: "Swift String key bridged to CFString; table cached by CFBundle (loaded "
          + "in the untimed warm-up); result bridged back to String",
        operations: count
      ) {
        var checksum = 0
        for index in indices {
          checksum &+=
            bundle.localizedString(forKey: keys[index], value: nil, table: nil)
            .utf8.count
        }
        return checksum
      },
    ]
    let results = harness.measure(contenders)
    let ours = results[0].median
    let plain = results[1].median
    let gettext = results[2].median
    let foundation = results[4].median
    return Section(
      title: "Lookup hit",
      workload: "\(keys.count.grouped)-key catalog (de), \(count.grouped) random lookups per run "
        + "(same pre-generated key sequence for every contender), \(options.runs) interleaved "
        + "runs after one warm-up run; median, fastest and slowest run in ns per lookup.",
      measurements: results,
      targets: [
        TargetCheck(
          goal: "ours ≤ 1.1× the plain dictionary", measured: Format.ratio(ours / plain),
          met: ours <= 1.1 * plain),
        TargetCheck(
          goal: "ours ≥ 3× faster than dgettext",
          measured: Format.ratio(gettext / ours) + " faster",
          met: gettext >= 3 * ours),
        TargetCheck(
          goal: "ours ≥ 8× faster than Bundle",
          measured: Format.ratio(foundation / ours) + " faster",
          met: foundation >= 8 * ours),
      ])
  }

  // MARK: 2. Three named placeholders

  func placeholders() throws -> Section {
    let count = max(1000, options.iterations / 10)
    let key = Fixtures.greetingKey
    let names = ["a", "b", "c"]
    let values = ["Smith", "Jones", "Müller"]
    // Arguments are built once, outside the timed loop, for every contender alike.
    var named: [String: MessageArgument] = [:]
    for (name, value) in zip(names, values) { named[name] = .string(value) }
    let template = MessageTemplate(Fixtures.greetingTemplate)
    let source = localizer.string(key)
    let replacements = zip(names, values).map { ("#{\($0)}", $1) }
    let (a, b, c) = (values[0], values[1], values[2])

    let expected = "Hello Smith, Jones and Müller"
    var replaced = source
    for (target, value) in replacements {
      replaced = replaced.replacingOccurrences(of: target, with: value)
    }
    let answers = [
      ("Localizer", localizer.string(key, named)),
      ("MessageTemplate", template.render(named: named)),
      ("replacingOccurrences", replaced),
      ("String(format:)", String(format: Fixtures.greetingFormat, a, b, c)),
    ]
    for (name, answer) in answers where answer != expected {
      throw FixtureError("\(name) rendered '\(answer)', expected '\(expected)'")
    }

    let contenders = [
      Contender(
        name: "ours: Localizer.string(key, named)",
        includes: "lookup of the key (snapshot read lock-free) + render of the pre-parsed "
          + "template; no Resolution built",
        operations: count
      ) {
        var checksum = 0
        for _ in 0..<count { checksum &+= localizer.string(key, named).utf8.count }
        return checksum
      },
      Contender(
        name: "ours: MessageTemplate.render(named:)",
        includes: "render only: template parsed once beforehand (as the catalog does at load)",
        operations: count
      ) {
        var checksum = 0
        for _ in 0..<count { checksum &+= template.render(named: named).utf8.count }
        return checksum
      },
      Contender(
        name: "replacingOccurrences ×3",
        includes: "the looked-up template text; three Foundation replacingOccurrences(of:with:)",
        operations: count
      ) {
        var checksum = 0
        for _ in 0..<count {
          var text = source
          for (target, value) in replacements {
            text = text.replacingOccurrences(of: target, with: value)
          }
          checksum &+= text.utf8.count
        }
        return checksum
      },
      Contender(
        name: "String(format:) with %@ ×3",
        includes: "Foundation String(format:) parsing the format each call, three String args",
        operations: count
      ) {
        var checksum = 0
        for _ in 0..<count {
          checksum &+= String(format: Fixtures.greetingFormat, a, b, c).utf8.count
        }
        return checksum
      },
    ]
    let results = harness.measure(contenders)
    let ours = results[0].median
    let render = results[1].median
    let replacing = results[2].median
    let format = results[3].median
    return Section(
      title: "Three named placeholders",
      workload: "`\(Fixtures.greetingTemplate)` → `\(expected)`, \(count.grouped) renders per "
        + "run, \(options.runs) interleaved runs; ns per rendered message.",
      measurements: results,
      targets: [
        TargetCheck(
          goal: "Localizer.string(key, named) ≥ 20× faster than replacingOccurrences",
          measured: Format.ratio(replacing / ours) + " faster", met: replacing >= 20 * ours),
        TargetCheck(
          goal: "MessageTemplate.render ≥ 20× faster than replacingOccurrences",
          measured: Format.ratio(replacing / render) + " faster", met: replacing >= 20 * render),
        TargetCheck(
          goal: "Localizer.string(key, named) faster than String(format:)",
          measured: Format.ratio(format / ours) + " faster", met: ours < format),
        TargetCheck(
          goal: "MessageTemplate.render faster than String(format:)",
          measured: Format.ratio(format / render) + " faster", met: render < format),
      ])
  }

  // MARK: 3. Parsing

  func parsing() throws -> Section {
    let repeats = max(1, options.iterations / 200_000)
    let bytes = fixtures.stringsBytes
    let data = Data(bytes)
    let path = fixtures.stringsFile.path
    let expected = fixtures.keys.count

    let parsed = StringsParser.parse(bytes, file: path)
    guard parsed.entries.count == expected, parsed.diagnostics.isEmpty else {
      throw FixtureError(
        "StringsParser read \(parsed.entries.count) of \(expected) entries; first diagnostic: "
          + (parsed.diagnostics.first.map { "\($0)" } ?? "none"))
    }
    let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    guard let dictionary = plist as? [String: Any], dictionary.count == expected else {
      throw FixtureError("PropertyListSerialization did not read \(expected) entries")
    }
    let english = try LanguageTag("en")
    let german = try LanguageTag(Fixtures.language)
    // A folder scanned anew each time: its cache would otherwise hand back the table.
    func load() -> Int {
      guard let folder = try? ResourceFolder(url: fixtures.resources) else { return -1 }
      return CatalogLoader(folders: [folder], developmentLanguage: english).load(german).count
    }

    let contenders = [
      Contender(
        name: "ours: StringsParser.parse",
        includes: "[UInt8] in memory → entries with line:column, diagnostics; escapes decoded",
        operations: repeats
      ) {
        var checksum = 0
        for _ in 0..<repeats {
          checksum &+= StringsParser.parse(bytes, file: path).entries.count
        }
        return checksum
      },
      Contender(
        name: "PropertyListSerialization",
        includes: "Data in memory → [String: Any] (OpenStep strings format, no positions)",
        operations: repeats
      ) {
        var checksum = 0
        for _ in 0..<repeats {
          let result = try? PropertyListSerialization.propertyList(
            from: data, options: [], format: nil)
          checksum &+= (result as? [String: Any])?.count ?? 0
        }
        return checksum
      },
      Contender(
        name: "ours: CatalogLoader.load (info)",
        includes: "what a Localizer does per language: scan the folder, read the file (page "
          + "cache), parse, build the table (a MessageTemplate only for values with "
          + "placeholders)",
        operations: repeats
      ) {
        var checksum = 0
        for _ in 0..<repeats { checksum &+= load() }
        return checksum
      },
    ]
    let results = harness.measure(contenders)
    let megabytes = Double(bytes.count) / 1_000_000
    let ours = results[0].median
    let foundation = results[1].median
    var section = Section(
      title: "Parsing the .strings file",
      workload: "\(expected.grouped) entries, \(bytes.count.grouped) bytes of UTF-8 with comments, "
        + "\(repeats) parse\(repeats == 1 ? "" : "s") per run, \(options.runs) interleaved runs; "
        + "ms per parse and throughput (MB = 10⁶ bytes).",
      measurements: results)
    section = Section(
      title: section.title, workload: section.workload,
      header: ["Contender", "Median ms/parse", "Min", "Max", "MB/s", "Time vs ours"],
      rows: results.map { result in
        [
          result.contender.name, Format.fixed(result.median / 1e6, 2),
          Format.fixed(result.minimum / 1e6, 2), Format.fixed(result.maximum / 1e6, 2),
          Format.fixed(megabytes / (result.median / 1e9), 1), Format.ratio(result.median / ours),
        ]
      },
      includes: section.includes,
      targets: [
        TargetCheck(
          goal: "StringsParser ≥ 4× faster than PropertyListSerialization",
          measured: Format.ratio(foundation / ours) + " faster", met: foundation >= 4 * ours)
      ])
    return section
  }

  // MARK: 4. Memory

  func memory() throws -> Section {
    let repeats = 3
    var rows: [[String]] = []
    var samples: [MemoryProbe.Kind: MemoryProbe.Sample] = [:]
    let kinds: [MemoryProbe.Kind] = [.localizer, .dictionary, .gettext]
    for kind in kinds {
      samples[kind] = try MemoryProbe.measure(kind: kind, root: fixtures.root, repeats: repeats)
    }
    let names: [MemoryProbe.Kind: String] = [
      .localizer: "ours: Localizer (de catalog loaded)",
      .dictionary: "[String: String] of the same file",
      .gettext: "glibc gettext .mo (every key looked up once)",
    ]
    let payload = zip(fixtures.keys, fixtures.values).reduce(0) {
      $0 + $1.0.utf8.count + $1.1.utf8.count
    }
    for kind in kinds {
      guard let sample = samples[kind], let name = names[kind] else { continue }
      rows.append([name, sample.residentKiB.grouped, sample.heapKiB.grouped])
    }
    var notes = [
      "keys + values are \((payload / 1024).grouped) KiB of UTF-8; the .strings file is "
        + "\((fixtures.stringsBytes.count / 1024).grouped) KiB."
    ]
    var targets: [TargetCheck] = []
    if let ours = samples[.localizer], let plain = samples[.dictionary], plain.heapKiB > 0 {
      let ratio = Double(ours.heapKiB) / Double(plain.heapKiB)
      notes.append(
        "ours keeps the same strings as the dictionary in a table at most three quarters "
          + "full of 48-byte slots (hash, key, text, a parsed message only where the text has "
          + "placeholders), plus 12 bytes per slot for file, line and column.")
      targets.append(
        TargetCheck(
          goal: "heap of the loaded catalog ≤ 1.5× the plain dictionary",
          measured: Format.ratio(ratio), met: ratio <= 1.5))
    }
    notes.append(
      "gettext's figure is mostly the mmapped .mo pages it touched (file-backed, shared, "
        + "reclaimable) plus its cache of looked-up msgids.")
    return Section(
      title: "Memory of the loaded catalog",
      workload: "Each figure is the median of \(repeats) fresh child processes: warm up on a "
        + "one-key catalog, then measure the growth while loading the "
        + "\(fixtures.keys.count.grouped)-key catalog. RSS from /proc/self/statm; "
        + "heap = malloc's bytes in use (mallinfo2, excludes memory freed after loading).",
      header: ["Catalog", "RSS growth KiB", "Heap growth KiB"],
      rows: rows, targets: targets, notes: notes)
  }
}

extension Int {
  /// 1000000 → 1,000,000.
  var grouped: String { Format.grouped(String(self)) }
}
