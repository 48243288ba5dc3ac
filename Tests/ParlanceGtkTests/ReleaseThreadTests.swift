import Foundation
import XCTest

@testable import ParlanceGtk

/// GTK objects and the closures of main-loop sources are released on the GTK thread,
/// whichever thread drops the last Swift reference.
final class ReleaseThreadTests: GtkTestCase, @unchecked Sendable {
  func testWrapperDroppedOnAnotherThreadUnrefsOnTheMainThread() throws {
    try onMainActor {
      try requireDisplay()
      let finalized = ThreadRecord()
      let holder = Holder()
      do {
        let label = Label("dropped elsewhere")
        label.whenFinalized { finalized.record(onMainThread: $0) }
        holder.value = label
      }
      // The background thread now drops the last reference to the wrapper.
      let dropped = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        holder.value = nil
        dropped.signal()
      }
      dropped.wait()
      XCTAssertFalse(
        finalized.isRecorded && finalized.onMainThread == false,
        "the label was finalized on the background thread")
      XCTAssertTrue(Gtk.iterate(until: { finalized.isRecorded }), "the label was never freed")
      XCTAssertEqual(finalized.onMainThread, true)
    }
  }

  func testSourceRemovedOnAnotherThreadReleasesItsWorkOnTheMainThread() throws {
    try onMainActor {
      try requireDisplay()
      let released = ThreadRecord()
      let token: SourceToken
      do {
        let captured = ReleaseWitness { released.record(onMainThread: $0) }
        token = Gtk.timeout(milliseconds: 60_000) {
          _ = captured
          return .continue
        }
      }
      let removed = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        token.remove()
        removed.signal()
      }
      removed.wait()
      XCTAssertFalse(
        released.isRecorded && released.onMainThread == false,
        "the source's closure was released on the background thread")
      XCTAssertTrue(Gtk.iterate(until: { released.isRecorded }), "the closure was never freed")
      XCTAssertEqual(released.onMainThread, true)
      XCTAssertFalse(token.isActive)
    }
  }
}

/// Where something happened: recorded once from any thread, read on the main thread.
private final class ThreadRecord: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Bool?

  func record(onMainThread: Bool) {
    lock.withLock { value = onMainThread }
  }

  var isRecorded: Bool { lock.withLock { value != nil } }
  var onMainThread: Bool? { lock.withLock { value } }
}

/// Hands a wrapper to another thread, which then drops it.
private final class Holder: @unchecked Sendable {
  var value: Widget?
}

/// Reports the thread it is deallocated on.
private final class ReleaseWitness: Sendable {
  let onRelease: @Sendable (Bool) -> Void
  init(_ onRelease: @escaping @Sendable (Bool) -> Void) { self.onRelease = onRelease }
  deinit { onRelease(Thread.isMainThread) }
}
