import Testing

@testable import Parlance

/// The core's locks exclude, and ThreadSanitizer can tell (`make sanitize` runs these
/// under it): four threads, 20,000 turns each, a counter that only the lock guards.
@Suite struct LockTests {
  /// A plain counter: a lost update or an unordered access shows in the total, or in TSan.
  final class Counter: @unchecked Sendable {
    var value = 0
  }

  static let threads = 4
  static let turns = 20_000

  /// A `Lock(())`, whose state has no bytes, once drew a false "Swift access race".
  @Test func aLockWithoutStateExcludes() {
    let lock = Lock(())
    let counter = Counter()
    let workers = (0..<Self.threads).map { _ in
      JoinableThread {
        for _ in 0..<Self.turns { lock.withLock { _ in counter.value += 1 } }
        return 0
      }
    }
    for worker in workers { _ = worker.join() }
    #expect(counter.value == Self.threads * Self.turns)
  }

  /// Objects sharing the mutexes of one `StripedLock`, each with its own counter, every
  /// thread turning through all of them.
  @Test func aStripedLockExcludesPerObject() {
    let locks = StripedLock(count: 4)
    let counters = (0..<16).map { _ in Counter() }
    let workers = (0..<Self.threads).map { _ in
      JoinableThread {
        for turn in 0..<Self.turns {
          let counter = counters[turn % counters.count]
          locks.withLock(for: counter) { counter.value += 1 }
        }
        return 0
      }
    }
    for worker in workers { _ = worker.join() }
    #expect(counters.map(\.value).reduce(0, +) == Self.threads * Self.turns)
    #expect(counters.allSatisfy { $0.value == Self.threads * Self.turns / counters.count })
  }
}
