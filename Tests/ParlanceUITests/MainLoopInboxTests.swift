import Foundation
import ParlanceGtk
import ParlanceUI
import XCTest

/// The one route from other threads to the GTK thread keeps every sender's order.
final class MainLoopInboxTests: WindowTestCase, @unchecked Sendable {
  func testWorkFromManyThreadsRunsOnTheGtkThreadInEachSendersOrder() throws {
    try onMainActor {
      let inbox = MainLoopInbox()
      let received = Received()
      var batchEnds: [Int] = []
      inbox.onBatchEnd = { batchEnds.append(received.entries.count) }
      let senders = 4
      let perSender = 500
      for sender in 0..<senders {
        Thread.detachNewThread {
          for sequence in 0..<perSender {
            inbox.post { received.append(sender: sender, sequence: sequence) }
          }
        }
      }
      XCTAssertTrue(
        Gtk.iterate(
          until: { received.entries.count == senders * perSender && batchEnds.last == 2_000 },
          timeout: .seconds(10)))
      let entries = received.entries
      XCTAssertTrue(entries.allSatisfy(\.onMainThread), "work ran off the GTK thread")
      for sender in 0..<senders {
        let sequences = entries.filter { $0.sender == sender }.map(\.sequence)
        XCTAssertEqual(sequences, Array(0..<perSender), "sender \(sender) out of order")
      }
      XCTAssertLessThanOrEqual(batchEnds.count, senders * perSender)
      XCTAssertEqual(batchEnds, batchEnds.sorted(), "a batch end before its work")
    }
  }
}

@MainActor
private final class Received: Sendable {
  var entries: [(sender: Int, sequence: Int, onMainThread: Bool)] = []

  func append(sender: Int, sequence: Int) {
    entries.append((sender, sequence, Thread.isMainThread))
  }
}
