import Dispatch

/// The result of work on another thread, handed over once: `finish` on that thread, `wait`
/// on this one (the semaphore orders the write before the read).
package final class BackgroundResult<Value: Sendable>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var result: Result<Value, any Error>?

  package init() {}

  package func finish(_ result: Result<Value, any Error>) {
    self.result = result
    done.signal()
  }

  package func wait() -> Result<Value, any Error> {
    done.wait()
    return result ?? .failure(CancellationError())
  }
}
