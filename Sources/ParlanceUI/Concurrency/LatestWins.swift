import Foundation
import Parlance

/// Runs requests one at a time, off the caller's thread, keeping only the newest one
/// that waits: the last request submitted is always the last one run.
///
/// For work where only the final state matters — a language switch, a reload, a preview's
/// re-render. Each request gets a ticket, increasing in submission order; a request
/// replaced while it waited never runs, so when the work for ticket `t` finishes, every
/// request up to `t` is settled.
///
///     submit(A) → runs A at once on the worker
///     submit(B), submit(C), submit(D) while A runs → B and C are dropped
///     A finishes → D runs; D finishes → the worker stops
///
/// The work runs on a thread of its own (started for each burst of requests, ended when
/// none waits), not on Swift's cooperative pool, because it may block on file I/O.
public final class LatestWins<Request: Sendable>: Sendable {
  private let name: String
  private let work: @Sendable (Request, _ ticket: UInt64) -> Void
  /// A pthread mutex (`Lock`), which ThreadSanitizer understands.
  private let state = Lock(State())

  private struct State {
    var lastTicket: UInt64 = 0
    var waiting: (request: Request, ticket: UInt64)?
    var isRunning = false
  }

  /// - Parameters:
  ///   - name: the worker thread's name (seen in debuggers and crash reports).
  ///   - work: runs each request that is not replaced, with its ticket, on the worker.
  public init(name: String, _ work: @escaping @Sendable (Request, _ ticket: UInt64) -> Void) {
    self.name = name
    self.work = work
  }

  /// Queues `request` in place of any request still waiting; returns its ticket.
  ///
  /// Callable from any thread. Tickets start at 1.
  @discardableResult
  public func submit(_ request: Request) -> UInt64 {
    let (ticket, startsWorker) = state.withLock { state in
      state.lastTicket += 1
      state.waiting = (request, state.lastTicket)
      let starts = !state.isRunning
      state.isRunning = true
      return (state.lastTicket, starts)
    }
    if startsWorker {
      let thread = Thread { [self] in runWaiting() }
      thread.name = name
      thread.start()
    }
    return ticket
  }

  /// Whether no request is running or waiting.
  public var isIdle: Bool {
    state.withLock { !$0.isRunning }
  }

  private func runWaiting() {
    while let next = takeWaiting() {
      work(next.request, next.ticket)
    }
  }

  private func takeWaiting() -> (request: Request, ticket: UInt64)? {
    state.withLock { state in
      guard let next = state.waiting else {
        state.isRunning = false
        return nil
      }
      state.waiting = nil
      return next
    }
  }
}
