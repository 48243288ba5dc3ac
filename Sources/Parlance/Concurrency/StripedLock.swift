/// A few `Lock`s shared by many objects, for state each object keeps itself but that
/// costs too much to give a lock apiece (44,000 plural variables of a catalog, each
/// parsing its forms on first use): an object's address chooses its lock.
///
/// Made of `Lock`s, pthread mutexes, so that ThreadSanitizer can judge the code using them.
package final class StripedLock: Sendable {
  private let locks: [Lock<Void>]

  /// - Parameter count: how many locks; a power of two.
  package init(count: Int = 64) {
    precondition(count > 0 && count & (count - 1) == 0, "a power of two")
    locks = (0..<count).map { _ in Lock(()) }
  }

  /// Runs `body` holding the lock of `object`; not reentrant (nor across two objects
  /// that share a lock).
  @inline(__always)
  package func withLock<Result>(for object: AnyObject, _ body: () -> Result) -> Result {
    // Objects are 16-byte aligned: the address's bits above those choose the lock.
    let index = Int((UInt(bitPattern: ObjectIdentifier(object)) >> 4) & UInt(locks.count - 1))
    return locks[index].withLock { _ in body() }
  }
}
