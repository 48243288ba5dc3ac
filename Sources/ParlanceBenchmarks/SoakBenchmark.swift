import Foundation
import Parlance

/// A long run of what a live program does — switches, hot reloads, lookups of keys made
/// at run time that no catalog has — watching the heap: nothing the localizer keeps may
/// grow with the number of operations.
struct SoakBenchmark {
  let options: Options

  /// Discards events; counts them so the reporting path is really taken.
  final class CountingReporter: LocalizationReporter {
    let count = Lock(0)
    func report(_ event: LocalizationEvent) { count.withLock { $0 += 1 } }
  }

  func run() throws -> Section {
    let operations = max(10_000, options.iterations / 10)
    let warmUp = 1_000
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-soak-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let languages = ["en", "de", "ja"]
    for language in languages {
      let folder = root.appendingPathComponent("\(language).lproj", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let body = (0..<20).map { "\"key.\($0)\" = \"\(language) value \($0)\";" }
      try Data(body.joined(separator: "\n").utf8)
        .write(to: folder.appendingPathComponent("Localizable.strings"))
    }
    let reporter = CountingReporter()
    let localizer = try Localizer(
      resources: root, language: LanguageTag("en"), environment: [:], reporter: reporter)
    let tags = try languages.map(LanguageTag.init)
    let changes = Lock(0)
    let token = localizer.observe { _ in changes.withLock { $0 += 1 } }
    defer { token.cancel() }

    var heapAfterWarmUp = 0
    var heapAtHalf = 0
    var checksum = 0
    let started = MonotonicClock.nanoseconds()
    for index in 0..<operations {
      if index == warmUp { heapAfterWarmUp = Memory.heapInUseKiB() }
      if index == operations / 2 { heapAtHalf = Memory.heapInUseKiB() }
      try localizer.switchLanguage(to: .pinned(tags[index % tags.count]), persisting: false)
      localizer.reloadCatalogs()
      checksum &+= localizer.string("made.up.key.\(index)").utf8.count
      checksum &+= localizer.string("key.\(index % 20)").utf8.count
    }
    let seconds = Double(MonotonicClock.nanoseconds() - started) / 1e9
    let heapAtEnd = Memory.heapInUseKiB()
    blackHole(checksum)
    let growth = heapAtEnd - heapAfterWarmUp
    return Section(
      title: "Soak: switches, reloads and made-up keys",
      workload: "\(operations.grouped) rounds of: a switch (en → de → ja), a hot reload, a "
        + "lookup of a key no catalog has (a new one each round) and one of a real key; an "
        + "observer and a reporter attached. Heap in use (mallinfo2) after the first "
        + "\(warmUp.grouped) rounds, half way and at the end; \(Format.fixed(seconds, 1)) s in "
        + "all.",
      header: [
        "Rounds", "Heap after warm-up KiB", "Half way KiB", "At end KiB", "Growth KiB", "Events",
      ],
      rows: [
        [
          operations.grouped, heapAfterWarmUp.grouped, heapAtHalf.grouped, heapAtEnd.grouped,
          growth.grouped,
          reporter.count.withLock { $0 }.grouped,
        ]
      ],
      targets: [
        TargetCheck(
          goal: "heap growth after the first 1,000 rounds ≤ 1 MB",
          measured: "\(growth.grouped) KiB", met: growth <= 1024)
      ],
      notes: [
        "\(changes.withLock { $0 }.grouped) change notifications delivered; reports stop "
          + "after Localizer.reportLimit (\(Localizer.reportLimit.grouped)) distinct problems."
      ])
  }
}
