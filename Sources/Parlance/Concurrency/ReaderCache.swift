#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The strong references one thread holds to the values it last read from
/// `SnapshotCell`s, with their generations. Only its own thread touches it, so nothing
/// here is shared memory.
final class ReaderCache {
  /// Cells a thread reads from without going to the slow path; a thread using more
  /// localizers at once takes turns (correct, slower).
  static let capacity = 4

  private struct Entry {
    var cell: UInt64 = 0
    var generation: UInt64 = 0
    var reference: Unmanaged<AnyObject>?
  }

  private let entries: UnsafeMutablePointer<Entry>
  private var nextVictim = 0
  /// Reads in progress on this thread (a lookup inside a lookup): while > 0, entries
  /// are not replaced.
  var depth = 0

  private init() {
    entries = .allocate(capacity: Self.capacity)
    entries.initialize(repeating: Entry(), count: Self.capacity)
  }

  deinit {
    for index in 0..<Self.capacity { entries[index].reference?.release() }
    entries.deinitialize(count: Self.capacity)
    entries.deallocate()
  }

  /// The value this thread holds for `cell`, if it is of `generation`.
  @inline(__always)
  func reference(of cell: UInt64, generation: UInt64) -> Unmanaged<AnyObject>? {
    for index in 0..<Self.capacity where entries[index].cell == cell {
      return entries[index].generation == generation ? entries[index].reference : nil
    }
    return nil
  }

  /// Keeps `reference` (retained) for `cell`, releasing what it replaces.
  func store(_ reference: Unmanaged<AnyObject>, of cell: UInt64, generation: UInt64) {
    var slot = (0..<Self.capacity).first { entries[$0].cell == cell }
    if slot == nil {
      slot = nextVictim
      nextVictim = (nextVictim + 1) % Self.capacity
    }
    guard let slot else { return }
    let replaced = entries[slot].reference
    entries[slot] = Entry(cell: cell, generation: generation, reference: reference)
    replaced?.release()
  }

  /// The calling thread's cache, made on its first read and released when it exits.
  static var current: Unmanaged<ReaderCache> {
    @inline(__always) get {
      if let raw = pthread_getspecific(threadKey) { return Unmanaged.fromOpaque(raw) }
      let cache = Unmanaged.passRetained(ReaderCache())
      pthread_setspecific(threadKey, cache.toOpaque())
      return cache
    }
  }

  private static let threadKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { raw in
      guard let raw else { return }
      Unmanaged<ReaderCache>.fromOpaque(raw).release()
    }
    return key
  }()
}
