import Synchronization

/// Identities of cells, never reused: a thread's cached reference can never be mistaken
/// for one of a newer cell at the same address.
private let cellIdentities = Atomic<UInt64>(0)

/// One shared, immutable value that writers replace and any thread reads, without
/// shared writes on the read path and without relying on timing to free old values.
///
/// How: the cell holds the current value under a lock, and a generation number that
/// grows with each replacement. Each reading thread keeps its own strong reference to
/// the value it last read, with that generation (`ReaderCache`). A read loads the
/// generation (an acquiring load of memory no reader writes) and, when its thread's copy
/// is of that generation, uses the copy without retaining it; otherwise it takes the lock
/// once to refresh the copy. A replaced value is released when the last thread holding it
/// refreshes, evicts it, or exits — so a reader stopped for any length of time (a
/// debugger, a descheduled thread) still holds what it reads.
///
/// Example: threads A and B read generation 7 (value S7) in a loop; a switch stores S8
/// and makes the generation 8. A's next read sees 8 ≠ 7, refreshes to S8 and drops its
/// S7; B, parked inside a read, still holds S7; when it resumes and finishes, its next
/// read drops S7, and S7 is freed.
///
/// The price: an idle thread keeps the last value it read until it reads again or ends
/// (at most `ReaderCache.capacity` values per thread).
final class SnapshotCell<Value: AnyObject & Sendable>: Sendable {
  private let identity: UInt64
  private let generation = Atomic<UInt64>(1)
  private let lock: Lock<Value>

  init(_ value: Value) {
    identity = cellIdentities.wrappingAdd(1, ordering: .relaxed).newValue
    lock = Lock(value)
  }

  /// The current value, retained: for callers that keep it (a snapshot for a render).
  func load() -> Value {
    lock.withLock { $0 }
  }

  /// Makes `value` current; readers see it from their next read on.
  @discardableResult
  func exchange(_ value: Value) -> Value {
    lock.withLock { current in
      let previous = current
      current = value
      generation.wrappingAdd(1, ordering: .releasing)
      return previous
    }
  }

  /// Runs `body` with the current value, which stays alive until `body` returns
  /// however long that takes. The value must not escape `body`.
  @inline(__always)
  func withCurrent<Result>(_ body: (Value) -> Result) -> Result {
    let reading = beginReading()
    defer { endReading(reading) }
    return reading.value._withUnsafeGuaranteedRef { body(unsafeDowncast($0, to: Value.self)) }
  }

  /// A read in progress on this thread: the value it reads, unretained but kept alive by
  /// the thread's cache until `endReading`.
  struct Reading {
    fileprivate let cache: Unmanaged<ReaderCache>
    let value: Unmanaged<AnyObject>
    /// A strong reference when the cache could not take the value (a read inside a read
    /// that found its entry stale).
    fileprivate let owned: Value?
  }

  /// Starts a read: the hot path of every lookup, written without closures so that the
  /// compiler retains nothing (a retain would be a write to memory every thread shares).
  @inline(__always)
  func beginReading() -> Reading {
    let generation = self.generation.load(ordering: .acquiring)
    let cache = ReaderCache.current
    let cached = cache._withUnsafeGuaranteedRef { cache in
      cache.depth += 1
      return cache.reference(of: identity, generation: generation)
    }
    if let cached { return Reading(cache: cache, value: cached, owned: nil) }
    return refresh(cache)
  }

  /// Ends a read started by `beginReading`.
  @inline(__always)
  func endReading(_ reading: Reading) {
    reading.cache._withUnsafeGuaranteedRef { $0.depth -= 1 }
    withExtendedLifetime(reading.owned) {}
  }

  /// The slow path: this thread's copy is missing or stale.
  @inline(never)
  private func refresh(_ cache: Unmanaged<ReaderCache>) -> Reading {
    let (value, current) = lock.withLock { ($0, generation.load(ordering: .relaxed)) }
    return cache._withUnsafeGuaranteedRef { cache in
      // Inside another read on this thread (a reporter that looks something up), an entry
      // in use must not be replaced: this read holds its own strong reference instead.
      guard cache.depth == 1 else {
        return Reading(
          cache: Unmanaged.passUnretained(cache), value: Unmanaged.passUnretained(value),
          owned: value)
      }
      let reference = Unmanaged<AnyObject>.passRetained(value)
      cache.store(reference, of: identity, generation: current)
      return Reading(cache: Unmanaged.passUnretained(cache), value: reference, owned: nil)
    }
  }
}
