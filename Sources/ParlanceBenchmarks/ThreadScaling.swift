import Foundation
import Parlance

#if canImport(Glibc)
  import Glibc
#endif

/// Lookups from one thread and from two at once: does the lookup path scale, or does it
/// write memory the threads share (a reference count, a lock)?
///
/// Each run times `operations` lookups on one thread, then the same number on each of two
/// threads started together; the two-thread throughput over the one-thread throughput is
/// the scaling factor (2.0 is perfect, 1.0 means the threads only take turns). Ours and a
/// plain `[String: String]` shared by both threads, interleaved run by run.
struct ThreadScaling {
  let options: Options
  let fixtures: Fixtures
  let localizer: Localizer

  func run() throws -> Section {
    let keys = fixtures.keys
    let count = options.iterations
    var random = SplitMix64(seed: 7)
    let indices = (0..<count).map { _ in Int(random.next() % UInt64(keys.count)) }
    let dictionary = StringsParser.parse(fixtures.stringsBytes, file: fixtures.stringsFile.path)
      .table
    let ours: @Sendable () -> Int = {
      var checksum = 0
      for index in indices { checksum &+= localizer.string(keys[index]).utf8.count }
      return checksum
    }
    let plain: @Sendable () -> Int = {
      var checksum = 0
      for index in indices { checksum &+= (dictionary[keys[index]] ?? keys[index]).utf8.count }
      return checksum
    }
    guard ours() == plain() else { throw FixtureError("ours and the dictionary disagree") }

    var samples: [(one: Double, two: Double)] = [(0, 0), (0, 0)]
    var perRun: [[(one: Double, two: Double)]] = [[], []]
    for _ in 0..<options.runs {
      for (index, body) in [ours, plain].enumerated() {
        let one = Self.time(threads: 1, body)
        let two = Self.time(threads: 2, body)
        perRun[index].append((one, two))
      }
    }
    for index in 0..<2 {
      samples[index] = (
        Statistics.median(perRun[index].map(\.one)), Statistics.median(perRun[index].map(\.two))
      )
    }
    func scaling(_ sample: (one: Double, two: Double)) -> Double { 2 * sample.one / sample.two }
    let rows = [("ours: Localizer.string(key)", samples[0]), ("[String: String]", samples[1])]
      .map { name, sample in
        [
          name, Format.nanoseconds(sample.one / Double(count)),
          Format.nanoseconds(sample.two / Double(count)), Format.ratio(scaling(sample)),
        ]
      }
    let oursScaling = scaling(samples[0])
    let plainScaling = scaling(samples[1])
    return Section(
      title: "Lookups on two threads",
      workload: "\(count.grouped) random lookups in the \(keys.count.grouped)-key catalog per "
        + "thread; one thread alone, then two threads at once on the same localizer (or "
        + "dictionary); \(options.runs) interleaved runs, medians. Scaling = two-thread "
        + "throughput ÷ one-thread throughput (2.00× is perfect). The machine has "
        + "\(ProcessInfo.processInfo.activeProcessorCount) cores.",
      header: ["Contender", "1 thread ns/lookup", "2 threads ns/lookup (wall)", "Scaling"],
      rows: rows,
      targets: [
        TargetCheck(
          goal: "ours on two threads ≥ 1.6× the one-thread throughput",
          measured: Format.ratio(oursScaling) + " (dictionary: \(Format.ratio(plainScaling)))",
          met: oursScaling >= 1.6),
        TargetCheck(
          goal: "ours scales ≥ 0.95× as well as the dictionary in the same runs (issue 25)",
          measured: Format.ratio(oursScaling / plainScaling),
          met: oursScaling / plainScaling >= 0.95),
      ])
  }

  /// Wall-clock nanoseconds for `threads` threads each running `body` once, started
  /// together.
  static func time(threads: Int, _ body: @escaping @Sendable () -> Int) -> Double {
    let start = StartLine(parties: threads + 1)
    let workers = (0..<threads).map { _ in
      BenchThread {
        start.arrive()
        blackHole(body())
      }
    }
    start.arrive()
    let began = MonotonicClock.nanoseconds()
    for worker in workers { worker.join() }
    return Double(MonotonicClock.nanoseconds() - began)
  }
}

/// Lets threads start their timed work together: each `arrive()` waits for all parties.
final class StartLine: @unchecked Sendable {
  private var mutex = pthread_mutex_t()
  private var condition = pthread_cond_t()
  private var waiting: Int

  init(parties: Int) {
    waiting = parties
    pthread_mutex_init(&mutex, nil)
    pthread_cond_init(&condition, nil)
  }

  func arrive() {
    pthread_mutex_lock(&mutex)
    waiting -= 1
    if waiting == 0 { pthread_cond_broadcast(&condition) }
    while waiting > 0 { pthread_cond_wait(&condition, &mutex) }
    pthread_mutex_unlock(&mutex)
  }
}

/// A joinable thread running one closure.
final class BenchThread: @unchecked Sendable {
  private var thread = pthread_t()
  let body: @Sendable () -> Void

  init(_ body: @escaping @Sendable () -> Void) {
    self.body = body
    pthread_create(&thread, nil, benchThreadMain, Unmanaged.passRetained(self).toOpaque())
  }

  func join() {
    pthread_join(thread, nil)
  }
}

private func benchThreadMain(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  guard let raw else { return nil }
  Unmanaged<BenchThread>.fromOpaque(raw).takeRetainedValue().body()
  return nil
}
