import Foundation
import Parlance

#if canImport(Glibc)
  import Glibc
#endif

/// Lookups from one thread and from two at once: does the lookup path scale, or does it
/// write memory the threads share (a reference count, a lock)?
///
/// Each sample times `--iterations` lookups on one thread, then the same number on each
/// of two threads started together; the two-thread throughput over the one-thread
/// throughput is the scaling factor (2.0 is perfect, 1.0 means the threads only take
/// turns). Ours and a plain `[String: String]` shared by both threads, back to back in
/// each round, in turn first, for three rounds per `--runs`. Ours against the dictionary
/// is the median of the rounds' ratios: another program on the second core (this machine
/// is shared) slows both of a round alike.
struct ThreadScaling {
  let options: Options
  let fixtures: Fixtures
  let localizer: Localizer

  func run() throws -> Section {
    let keys = fixtures.keys
    let count = options.iterations
    let rounds = 3 * options.runs
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

    var samples: [[(one: Double, two: Double)]] = [[], []]
    for round in 0..<rounds {
      for index in round.isMultiple(of: 2) ? [0, 1] : [1, 0] {
        let body = index == 0 ? ours : plain
        let one = Self.time(threads: 1, body)
        let two = Self.time(threads: 2, body)
        samples[index].append((one, two))
      }
    }
    func scaling(_ sample: (one: Double, two: Double)) -> Double { 2 * sample.one / sample.two }
    let scalings = samples.map { $0.map(scaling) }
    let rows = [("ours: Localizer.string(key)", 0), ("[String: String]", 1)]
      .map { name, index in
        [
          name, Format.nanoseconds(Statistics.median(samples[index].map(\.one)) / Double(count)),
          Format.nanoseconds(Statistics.median(samples[index].map(\.two)) / Double(count)),
          Format.ratio(Statistics.median(scalings[index])),
        ]
      }
    let oursScaling = Statistics.median(scalings[0])
    let plainScaling = Statistics.median(scalings[1])
    // Round by round: the two were timed back to back, under the same load.
    let relative = Statistics.median(zip(scalings[0], scalings[1]).map { $0 / $1 })
    return Section(
      title: "Lookups on two threads",
      workload: "\(count.grouped) random lookups in the \(keys.count.grouped)-key catalog per "
        + "thread; one thread alone, then two threads at once on the same localizer (or "
        + "dictionary); \(rounds) rounds, each timing ours and the dictionary back to back, "
        + "in turn first; medians. Scaling = two-thread throughput ÷ one-thread throughput "
        + "(2.00× is perfect); ours against the dictionary is the median of the rounds' "
        + "ratios of the two. The machine has "
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
          measured: Format.ratio(relative) + " (median of the rounds' ratios)",
          met: relative >= 0.95),
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
