import Foundation
import Parlance

/// 10 MB hostile inputs through the String Catalog and `.stringsdict` readers: each parse
/// must end, in at most a quarter of the time Foundation takes to read the same bytes.
///
/// Foundation reads them in the same runs, interleaved with ours, so that the target is a
/// ratio: a time alone (the 200 ms the slowest input once had to stay under, still
/// printed) says more about the machine's speed that hour than about the reader. An input
/// Foundation refuses is left out of the ratio: its time to stop at the first mistake
/// says nothing of reading the file, where ours reads on to say where every mistake is.
struct PathologicalBenchmarks {
  let options: Options
  let clock = ContinuousClock()

  /// Foundation reading an input, timed beside ours.
  struct Reference: Sendable {
    let name: String
    /// What it includes, for the section's workload.
    let includes: String
    /// Whether the inputs are XML (else JSON), for their floors.
    let isXML: Bool
    /// Reads the input; false when Foundation refused it.
    let read: @Sendable (Data) -> Bool

    static let json = Reference(
      name: "JSONSerialization",
      includes: "the bytes into nested dictionaries, nothing checked", isXML: false
    ) { data in
      (try? JSONSerialization.jsonObject(with: data)) != nil
    }

    static let propertyList = Reference(
      name: "PropertyListSerialization",
      includes: "the XML into nested dictionaries, nothing checked", isXML: true
    ) { data in
      (try? PropertyListSerialization.propertyList(from: data, format: nil)) != nil
    }
  }

  /// Runs per input; each parse of 10 MB can take a second on the slow paths.
  var runs: Int { min(options.runs, 3) }
  /// Runs per input where ours and the reference each took under `quick` ms in the
  /// first `runs`: a few milliseconds (one huge key: 3 against 13) move by a fraction of
  /// themselves from run to run, and a median of three put the same build at 0.20× in
  /// one run and 0.27× in the next.
  var quickRuns: Int { max(runs, min(options.runs, 9)) }
  let quick = 100.0

  func run() -> [Section] {
    let german = try? LanguageTag("de")
    return [
      section(
        title: "String Catalogs: 10 MB pathological inputs",
        reader: "XCStringsParser.parse (every language built)",
        inputs: PathologicalInputs.xcstrings(), reference: .json
      ) { data in
        let file = XCStringsParser.parse(data, file: "pathological.xcstrings")
        return file.entries.values.reduce(file.diagnostics.count) { $0 + $1.count }
      },
      section(
        title: "String Catalogs: 10 MB pathological inputs, one language",
        reader: "XCStringsCatalog, then the entries of `de` (or of the source language when "
          + "the file has no German): what a Localizer showing German builds",
        inputs: PathologicalInputs.xcstrings(), reference: .json
      ) { data in
        let catalog = XCStringsCatalog(data, file: "pathological.xcstrings")
        let language =
          german.map { catalog.languages.contains($0) } == true ? german : catalog.sourceLanguage
        return catalog.diagnostics.count + (language.map { catalog.entries(for: $0).count } ?? 0)
      },
      section(
        title: ".stringsdict: 10 MB pathological inputs",
        reader: "StringsdictParser.parse",
        inputs: PathologicalInputs.stringsdict(), reference: .propertyList
      ) { data in
        let file = StringsdictParser.parse(data, file: "pathological.stringsdict")
        return file.entries.count + file.diagnostics.count
      },
    ]
  }

  private func section(
    title: String, reader: String, inputs: [PathologicalInputs.Input], reference: Reference,
    parse: (Data) -> Int
  ) -> Section {
    var rows: [[String]] = []
    var slowest = (name: "", milliseconds: 0.0, ratio: Double.nan)
    var worst = (name: "", ratio: 0.0)
    // PARLANCE_BENCH_ONLY=<part of a name> runs only the matching inputs (for a profiler).
    let only = ProcessInfo.processInfo.environment["PARLANCE_BENCH_ONLY"]
    for input in inputs where only.map({ input.name.contains($0) }) ?? true {
      let data = input.make()
      var samples: [Double] = []
      var references: [Double] = []
      var floors: [Double] = []
      var result = 0
      var referenceRead = false
      func timeOurs() {
        let start = clock.now
        result = parse(data)
        samples.append(start.duration(to: clock.now).nanoseconds / 1e6)
        blackHole(result)
      }
      func timeReference() {
        let start = clock.now
        referenceRead = reference.read(data)
        references.append(start.duration(to: clock.now).nanoseconds / 1e6)
      }
      func timeFloor() {
        guard let floor = input.floor else { return }
        let start = clock.now
        blackHole(floor.run(data, xml: reference.isXML))
        floors.append(start.duration(to: clock.now).nanoseconds / 1e6)
      }
      // Interleaved, and each first in turn, so that a change of the machine's speed
      // falls on all.
      var run = 0
      while run < runs
        || (run < quickRuns && (samples + references).allSatisfy { $0 < quick })
      {
        defer { run += 1 }
        if run.isMultiple(of: 2) {
          timeOurs()
          timeReference()
          timeFloor()
        } else {
          timeFloor()
          timeReference()
          timeOurs()
        }
      }
      let floor = floors.isEmpty ? nil : Statistics.median(floors)
      let median = Statistics.median(samples)
      let referenceMedian = Statistics.median(references)
      let ratio = referenceRead ? median / referenceMedian : .nan
      if median > slowest.milliseconds { slowest = (input.name, median, ratio) }
      if referenceRead, ratio > worst.ratio { worst = (input.name, ratio) }
      rows.append([
        input.name, data.count.grouped, Format.fixed(median, 1),
        Format.fixed(samples.min() ?? .nan, 1),
        Format.fixed(referenceMedian, 1) + (referenceRead ? "" : " (refused)"),
        referenceRead ? Format.ratio(ratio) : "—",
        floor.map { Format.fixed($0, 1) } ?? "—",
        floor.map { referenceRead ? Format.ratio($0 / referenceMedian) : "—" } ?? "—",
        result.grouped,
      ])
    }
    let notes = [
      "The slowest input, \(slowest.name), took \(Format.fixed(slowest.milliseconds, 1)) ms"
        + (slowest.ratio.isNaN
          ? " (\(reference.name) refused it)."
          : ", \(Format.ratio(slowest.ratio)) the time of \(reference.name) in the same runs."),
      "Inputs \(reference.name) refuses are left out of the ratio: its time to stop at the "
        + "first mistake says nothing of reading the file.",
    ]
    return Section(
      title: title,
      workload: "Each input generated by `PathologicalInputs` (about 10 MB), parsed from "
        + "memory by \(reader), \(runs) runs (\(quickRuns) where ours and the reference "
        + "each took under \(Int(quick)) ms in those); ms per parse. Beside it \(reference.name) "
        + "reads the same bytes (\(reference.includes)), interleaved with ours; \"(refused)\" "
        + "when it fails, after the time shown. The last column is entries plus diagnostics, "
        + "the check that the parse did its work. The floor, where shown, is work no "
        + "reader of that input can skip, timed in the same runs: its one long key or "
        + "value made a String.",
      header: [
        "Input", "Bytes", "Median ms", "Min", "\(reference.name) ms", "Ours ÷ it", "Floor ms",
        "Floor ÷ it", "Entries + diagnostics",
      ],
      rows: rows,
      targets: [
        TargetCheck(
          goal: "every input \(reference.name) reads ≤ 0.25× its time (issue 25; worst: "
            + "\(worst.name))",
          measured: Format.ratio(worst.ratio), met: worst.ratio <= 0.25)
      ],
      notes: notes)
  }
}
