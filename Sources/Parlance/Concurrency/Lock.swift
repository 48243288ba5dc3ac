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
///
/// The state lives behind a pointer, not in a stored property: TSan checks every
/// `inout` access to a stored property as a Swift variable access, and a `Lock(())` (a
/// `Void` state, no bytes) shares its address with the mutex pointer, which the next
/// thread reads before it locks: TSan reported that as a "Swift access race" every run
/// of four threads taking one `Lock(())` 20,000 times each.
package final class Lock<State>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let state: UnsafeMutablePointer<State>

  package init(_ state: State) {
    self.state = .allocate(capacity: 1)
    self.state.initialize(to: state)
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
    state.deinitialize(count: 1)
    state.deallocate()
  }

  /// Runs `body` with the state while holding the lock; not reentrant.
  @inline(__always)
  package func withLock<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state.pointee)
  }
}
