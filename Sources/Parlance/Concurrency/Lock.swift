#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A mutual-exclusion lock over `pthread_mutex_t`, guarding a value of type `State`.
///
/// Why not `Synchronization.Mutex`: on Linux it waits on a futex, which ThreadSanitizer
/// does not understand, so TSan reports races on state that every thread reads and
/// writes inside `withLock`. A pthread mutex is one TSan models, so the core's
/// concurrency tests can be judged by it.
package final class Lock<State>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var state: State

  package init(_ state: State) {
    self.state = state
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with the state while holding the lock; not reentrant.
  @inline(__always)
  package func withLock<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state)
  }
}
