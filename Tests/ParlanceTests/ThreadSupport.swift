import Parlance
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A one-way signal between threads over a pthread mutex and condition, which
/// ThreadSanitizer understands (it does not see the futexes under `DispatchSemaphore`
/// or `Synchronization.Mutex` on Linux).
final class Gate: @unchecked Sendable {
  private var mutex = pthread_mutex_t()
  private var condition = pthread_cond_t()
  private var isOpen = false

  init() {
    pthread_mutex_init(&mutex, nil)
    pthread_cond_init(&condition, nil)
  }

  deinit {
    pthread_cond_destroy(&condition)
    pthread_mutex_destroy(&mutex)
  }

  func open() {
    pthread_mutex_lock(&mutex)
    isOpen = true
    pthread_cond_broadcast(&condition)
    pthread_mutex_unlock(&mutex)
  }

  /// Waits until `open()`, however long that takes.
  func wait() {
    pthread_mutex_lock(&mutex)
    while !isOpen { pthread_cond_wait(&condition, &mutex) }
    pthread_mutex_unlock(&mutex)
  }
}

/// A thread of its own running `body`; `join()` returns its result once the thread has
/// ended (its thread-local storage released).
final class JoinableThread<Result: Sendable>: Runnable, @unchecked Sendable {
  private var thread = pthread_t()
  private var result: Result?
  private let body: @Sendable () -> Result

  init(_ body: @escaping @Sendable () -> Result) {
    self.body = body
    launch()
  }

  private func launch() {
    let status = pthread_create(
      &thread, nil, jointThreadMain, Unmanaged.passRetained(self).toOpaque())
    if status != 0 { Issue.record("pthread_create failed: \(status)") }
  }

  func run() {
    result = body()
  }

  func join() -> Result? {
    pthread_join(thread, nil)
    return result
  }
}

/// The start routine of every `JoinableThread`: runs its body, then lets it go.
private func jointThreadMain(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  guard let raw else { return nil }
  (Unmanaged<AnyObject>.fromOpaque(raw).takeRetainedValue() as? any Runnable)?.run()
  return nil
}

/// What `jointThreadMain` runs.
private protocol Runnable: AnyObject {
  func run()
}
