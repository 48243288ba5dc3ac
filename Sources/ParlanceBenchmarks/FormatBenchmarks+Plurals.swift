import Foundation
import Parlance

extension FormatBenchmarks {
  // MARK: 2. Plural selection

  func pluralSelection() throws -> Section {
    let count = options.iterations
    let decimalCount = max(1000, options.iterations / 20)
    let russian = try LanguageTag("ru")
    var random = SplitMix64(seed: 7)
    let numbers = (0..<count).map { _ in Int64(random.next() % 1_000_001) }
    let small = (0..<count).map { _ in Int64(random.next() % 1024) }
    // Decimals as a UI shows them: "12345.6" (one visible fraction digit, so ICU's
    // decimal path with v=1 is taken; in ru every such number is `other`).
    let decimals = (0..<decimalCount).map { _ in
      "\(random.next() % 1_000_001).\(random.next() % 10)"
    }
    let rules = PluralRules.cardinal(for: russian)

    // Spot checks: the answers CLDR gives for Russian.
    let expected: [(Int64, PluralCategory)] = [
      (1, .one), (2, .few), (5, .many), (11, .many), (21, .one), (22, .few), (1_000_001, .one),
      (1_000_002, .few), (1_000_005, .many), (0, .many),
    ]
    for (number, category) in expected where rules.category(for: number) != category {
      throw FixtureError(
        "ru category(for: \(number)) is \(rules.category(for: number)), expected \(category)")
    }
    guard rules.category(forDecimal: "1.5") == .other, rules.category(forDecimal: "21") == .one
    else { throw FixtureError("ru category(forDecimal:) disagrees with CLDR") }

    let contenders = [
      Contender(
        name: "ours: PluralRules.cardinal(for: ru).category(for:)",
        includes: "per call: the rules from the process-wide cache (Mutex + hash of the tag "
          + "and kind), then the category; numbers 0…10⁶, so ICU selects (≥ 1024)",
        operations: count
      ) {
        var checksum = 0
        for number in numbers {
          checksum &+= PluralRules.cardinal(for: russian).category(for: number).index
        }
        return checksum
      },
      Contender(
        name: "ours: category(for:), rules held",
        includes: "the same numbers on a PluralRules kept by the caller: ICU "
          + "uplrules_select(double) + keyword comparison",
        operations: count
      ) {
        var checksum = 0
        for number in numbers { checksum &+= rules.category(for: number).index }
        return checksum
      },
      Contender(
        name: "ours: category(for:) 0…1023, rules held (info)",
        includes: "small integers: a read of the table computed when the rules were made",
        operations: count
      ) {
        var checksum = 0
        for number in small { checksum &+= rules.category(for: number).index }
        return checksum
      },
      Contender(
        name: "ours: category(forDecimal:) \"n.d\", rules held",
        includes: "String → C string, ICU number formatter made and closed per call, "
          + "uplrules_selectFormatted",
        operations: decimalCount
      ) {
        var checksum = 0
        for text in decimals {
          checksum &+= rules.category(forDecimal: text)?.index ?? 7
        }
        return checksum
      },
    ]
    let results = harness.measure(contenders)
    let cached = results[0].median
    return Section(
      title: "Plural selection (CLDR, Russian)",
      workload: "\(count.grouped) random integers 0…10⁶ per run (\(decimalCount.grouped) "
        + "decimals for category(forDecimal:)), the same pre-generated sequence for every "
        + "run, \(options.runs) interleaved runs; ns per selection.",
      measurements: results,
      targets: [
        TargetCheck(
          goal: "PluralRules.cardinal(for:).category(for:) ≤ 200 ns",
          measured: Format.nanoseconds(cached) + " ns", met: cached <= 200)
      ])
  }

  // MARK: 3. Plural messages

  func pluralMessages() throws -> Section {
    let count = max(1000, options.iterations / 10)
    let english = try LanguageTag("en")
    let message = Message.plural(
      PluralMessage(
        format: Self.pluralFormat,
        variables: [
          (
            name: "files", valueType: "d", argument: nil,
            forms: [.one: "%d file", .other: "%d files"]
          ),
          (
            name: "folders", valueType: "d", argument: nil,
            forms: [.one: "%d folder", .other: "%d folders"]
          ),
        ]))
    let plain = MessageTemplate(Self.plainTemplate)

    // Counts a UI shows (0…999: the plural rules' table covers them), 1,024 pairs cycled;
    // arguments built before timing for every contender alike.
    var random = SplitMix64(seed: 11)
    let pairs = (0..<1024).map { _ in (Int64(random.next() % 1000), Int64(random.next() % 1000)) }
    let positional = pairs.map { [MessageArgument.integer($0.0), .integer($0.1)] }
    let named = pairs.map { ["files": MessageArgument.integer($0.0), "folders": .integer($0.1)] }

    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-bench-plurals-\(getpid())", isDirectory: true)
    try? FileManager.default.removeItem(at: folder)
    defer { try? FileManager.default.removeItem(at: folder) }
    let lproj = folder.appendingPathComponent("en.lproj", isDirectory: true)
    try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
    try Data(Self.stringsdict.utf8).write(
      to: lproj.appendingPathComponent("Localizable.stringsdict", isDirectory: false))
    try Data("\"\(Self.plainKey)\" = \"\(Self.plainTemplate)\";\n".utf8).write(
      to: lproj.appendingPathComponent("Localizable.strings", isDirectory: false))
    let localizer = try Localizer(resources: folder, language: english, environment: [:])

    // Every contender must say the same thing (the plain one without grammar).
    for (index, (files, folders)) in pairs.prefix(200).enumerated() {
      var problems: [RenderProblem] = []
      let direct = message.render(
        arguments: positional[index], language: english, problems: &problems)
      let viaLocalizer = localizer.string(Self.pluralKey, arguments: positional[index])
      let expected =
        "\(files) file\(files == 1 ? "" : "s") in \(folders) folder\(folders == 1 ? "" : "s")"
      let plainExpected = "\(files) files in \(folders) folders"
      let plainAnswers = [
        plain.render(named: named[index]), localizer.string(Self.plainKey, named[index]),
      ]
      guard direct == expected, viaLocalizer == expected, problems.isEmpty,
        plainAnswers.allSatisfy({ $0 == plainExpected })
      else {
        throw FixtureError(
          "plural messages disagree: '\(direct)', '\(viaLocalizer)', \(plainAnswers), "
            + "expected '\(expected)' (problems: \(problems))")
      }
    }

    let contenders = [
      Contender(
        name: "ours: Message.plural render (2 variables)",
        includes: "two %#@var@ of a pre-parsed PluralMessage: rules from the cache, a "
          + "category per variable, each form rendered (%d) and inserted into the format",
        operations: count
      ) {
        var checksum = 0
        for index in 0..<count {
          var problems: [RenderProblem] = []
          checksum &+=
            message.render(
              arguments: positional[index & 1023], language: english, problems: &problems
            )
            .utf8.count
        }
        return checksum
      },
      Contender(
        name: "ours: MessageTemplate.render(named:) plain",
        includes: "`#{files} files in #{folders} folders`, pre-parsed; two named values "
          + "looked up and written as integers",
        operations: count
      ) {
        var checksum = 0
        for index in 0..<count { checksum &+= plain.render(named: named[index & 1023]).utf8.count }
        return checksum
      },
      Contender(
        name: "ours: Localizer.string(key, arguments:) .stringsdict (info)",
        includes: "lookup of the key in the loaded .stringsdict + the plural render above",
        operations: count
      ) {
        var checksum = 0
        for index in 0..<count {
          checksum &+=
            localizer.string(Self.pluralKey, arguments: positional[index & 1023]).utf8.count
        }
        return checksum
      },
      Contender(
        name: "ours: Localizer.string(key, named) plain .strings (info)",
        includes: "lookup of the key + the plain render above",
        operations: count
      ) {
        var checksum = 0
        for index in 0..<count {
          checksum &+= localizer.string(Self.plainKey, named[index & 1023]).utf8.count
        }
        return checksum
      },
    ]
    let results = harness.measure(contenders)
    let plural = results[0].median
    let plainTime = results[1].median
    return Section(
      title: "Plural message with two variables",
      workload: "`\(Self.pluralFormat)` (en: one/other forms `%d file(s)`, `%d folder(s)`) "
        + "→ `3 files in 1 folder`, beside the plain `\(Self.plainTemplate)`; counts 0…999, "
        + "1,024 pre-built argument pairs cycled, \(count.grouped) renders per run, "
        + "\(options.runs) interleaved runs; ns per rendered message. Time is relative "
        + "to the plain render.",
      measurements: results, reference: 1,
      targets: [
        TargetCheck(
          goal: "plural message ≤ 2× the plain named-placeholder message",
          measured: Format.ratio(plural / plainTime), met: plural <= 2 * plainTime)
      ])
  }

  static let pluralKey = "files.in.folders"
  static let plainKey = "files.in.folders.plain"
  static let pluralFormat = "%#@files@ in %#@folders@"
  static let plainTemplate = "#{files} files in #{folders} folders"

  static let stringsdict = """
    <?xml version="1.0" encoding="UTF-8"?>
    \(Fixtures.plistDoctype)
    <plist version="1.0">
    <dict>
    \(Fixtures.stringsdictPluralEntry(key: pluralKey, format: pluralFormat))\
    </dict>
    </plist>

    """
}
