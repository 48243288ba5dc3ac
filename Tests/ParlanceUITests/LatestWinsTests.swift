import Foundation
import ParlanceUI
import XCTest

/// The serial, latest-wins worker behind the language menu, on its own.
final class LatestWinsTests: XCTestCase {
  func testRequestsMadeDuringARunCollapseIntoTheNewest() {
    let log = RunLog()
    let gate = DispatchSemaphore(value: 0)
    let worker = LatestWins<Int>(name: "latest-wins-test") { request, ticket in
      // The first run waits until every request is in: all later ones queue behind it.
      if log.isEmpty { gate.wait() }
      log.append(request: request, ticket: ticket)
    }
    for request in 1...100 {
      XCTAssertEqual(worker.submit(request), UInt64(request), "tickets count submissions")
    }
    gate.signal()
    XCTAssertTrue(waitUntil { worker.isIdle }, "the worker never went idle")
    let runs = log.entries
    XCTAssertEqual(runs.last?.request, 100, "the newest request runs last: \(runs)")
    XCTAssertLessThanOrEqual(runs.count, 2, "requests replaced while waiting ran: \(runs)")
    XCTAssertEqual(runs.map(\.request), runs.map { Int($0.ticket) })

    // Idle again: the next request starts a worker of its own.
    worker.submit(101)
    XCTAssertTrue(waitUntil { worker.isIdle && log.entries.last?.request == 101 })
  }

  func testRunsOneAtATimeInSubmissionOrder() {
    let log = RunLog()
    let inside = Counter()
    let worker = LatestWins<Int>(name: "latest-wins-test") { request, ticket in
      XCTAssertEqual(inside.increment(), 1, "two runs at once")
      log.append(request: request, ticket: ticket)
      inside.decrement()
    }
    for request in 1...2_000 { worker.submit(request) }
    XCTAssertTrue(waitUntil { worker.isIdle })
    let tickets = log.entries.map(\.ticket)
    XCTAssertEqual(tickets, tickets.sorted(), "runs out of order")
    XCTAssertEqual(Set(tickets).count, tickets.count, "a request ran twice")
    XCTAssertEqual(log.entries.last?.request, 2_000)
  }

  /// Polls `condition` until it holds; false after 10 s (a watchdog against hangs).
  private func waitUntil(_ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while !condition() {
      if Date() > deadline { return false }
      sched_yield()
    }
    return true
  }
}

private final class RunLog: @unchecked Sendable {
  private let lock = NSLock()
  private var runs: [(request: Int, ticket: UInt64)] = []

  func append(request: Int, ticket: UInt64) { lock.withLock { runs.append((request, ticket)) } }
  var entries: [(request: Int, ticket: UInt64)] { lock.withLock { runs } }
  var isEmpty: Bool { lock.withLock { runs.isEmpty } }
}

private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  func increment() -> Int {
    lock.withLock {
      value += 1; return value
    }
  }
  func decrement() { lock.withLock { value -= 1 } }
}
