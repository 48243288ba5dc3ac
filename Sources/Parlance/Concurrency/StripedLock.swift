#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A few pthread mutexes shared by many objects, for state each object keeps itself but
/// that costs too much to give a lock apiece (44,000 plural variables of a catalog, each
/// parsing its forms on first use): an object's address chooses its mutex.
///
/// pthread mutexes, like `Lock`, so that ThreadSanitizer can judge the code using them.
package final class StripedLock: @unchecked Sendable {
  private let mutexes: UnsafeMutablePointer<pthread_mutex_t>
  private let count: Int

  /// - Parameter count: how many mutexes; a power of two.
  package init(count: Int = 64) {
    precondition(count > 0 && count & (count - 1) == 0, "a power of two")
    self.count = count
    mutexes = .allocate(capacity: count)
    for index in 0..<count {
      (mutexes + index).initialize(to: pthread_mutex_t())
      pthread_mutex_init(mutexes + index, nil)
    }
  }

  deinit {
    for index in 0..<count { pthread_mutex_destroy(mutexes + index) }
    mutexes.deinitialize(count: count)
    mutexes.deallocate()
  }

  /// Runs `body` holding the mutex of `object`; not reentrant (nor across two objects
  /// that share a mutex).
  @inline(__always)
  package func withLock<Result>(for object: AnyObject, _ body: () -> Result) -> Result {
    // Objects are 16-byte aligned: the address's bits above those choose the mutex.
    let mutex = mutexes + Int((UInt(bitPattern: ObjectIdentifier(object)) >> 4) & UInt(count - 1))
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }
}
