import Foundation

extension Process {
  /// Runs the program and returns as soon as it has exited.
  ///
  /// Not `waitUntilExit()`: on Linux, Foundation's checks from a run loop every 50 ms, so
  /// a program of 13 ms measured 51–53 ms around it, and every time taken around a child
  /// was rounded up to the next tick — 25 ms on average added to each process of a
  /// contender that starts one per language. The termination handler is called when the
  /// child is reaped (15–17 ms for the same program).
  /// - Throws: what `run()` throws.
  func runUntilExit() throws {
    let exited = DispatchSemaphore(value: 0)
    terminationHandler = { _ in exited.signal() }
    try run()
    exited.wait()
  }
}
