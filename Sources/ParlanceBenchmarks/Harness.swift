import CGettext
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Keeps `value` alive and observable so the optimizer cannot delete the work that
/// produced it. The body is empty; `@_optimize(none)` stops the call from being folded.
@inline(never)
@_optimize(none)
func blackHole<T>(_ value: T) {}

/// One thing being timed: a batch of `operations` identical operations.
struct Contender {
  let name: String
  /// What one operation includes, printed beside the numbers so readers can judge
  /// fairness (conversions, copies, locks).
  let includes: String
  /// Operations one call of `body` performs; the result is reported per operation.
  let operations: Int
  /// Runs the batch and returns a checksum derived from every result, which the harness
  /// hands to `blackHole`: the loop cannot be optimized away.
  let body: () -> Int
}

extension Contender {
  /// glibc's `dgettext` of `keys` (C strings made once, as a C program's literals) at
  /// `indices`, each answer copied into a `String`: the gettext side of every lookup
  /// comparison.
  static func dgettext(
    domain: UnsafeMutablePointer<CChar>?, keys: [UnsafeMutablePointer<CChar>?], indices: [Int],
    includes: String
  ) -> Contender {
    Contender(
      name: "glibc dgettext + String(cString:)", includes: includes, operations: indices.count
    ) {
      var checksum = 0
      for index in indices {
        if let value = parlance_dgettext(domain, keys[index]) {
          checksum &+= String(cString: value).utf8.count
        }
      }
      return checksum
    }
  }
}

/// The samples of one contender, in nanoseconds per operation, one per run.
struct Measurement {
  let contender: Contender
  let samples: [Double]

  var median: Double { Statistics.median(samples) }
  var minimum: Double { samples.min() ?? .nan }
  var maximum: Double { samples.max() ?? .nan }
}

enum Statistics {
  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// The nearest-rank percentile: `percentile(samples, 90)` is the value 90% of the
  /// samples are at or below.
  static func percentile(_ values: [Double], _ percent: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }
}

/// Times contenders against each other in one process.
///
/// Runs are interleaved (A B C, A B C, …) rather than grouped (A A A, B B B), so a noisy
/// neighbour on a shared machine, a frequency change or a page-cache hiccup spreads over
/// every contender instead of landing on one. The median of the runs is reported: it
/// ignores the odd run that was descheduled.
struct Harness {
  let runs: Int
  let clock = ContinuousClock()

  func measure(_ contenders: [Contender]) -> [Measurement] {
    // One untimed pass: first-touch page faults, lazy caches (Bundle's table, gettext's
    // mmap) and branch predictors warm up outside the numbers.
    for contender in contenders { blackHole(contender.body()) }
    var samples = Array(repeating: [Double](), count: contenders.count)
    for _ in 0..<runs {
      for (index, contender) in contenders.enumerated() {
        let start = clock.now
        let checksum = contender.body()
        let elapsed = start.duration(to: clock.now)
        blackHole(checksum)
        samples[index].append(elapsed.nanoseconds / Double(contender.operations))
      }
    }
    return zip(contenders, samples).map { Measurement(contender: $0, samples: $1) }
  }
}

extension Duration {
  var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}
