import Foundation
import ParlanceGtk
import XCTest

final class MainLoopTests: GtkTestCase, @unchecked Sendable {
  func testPostFromBackgroundThreadRunsOnMainLoop() throws {
    try onMainActor {
      try requireDisplay()
      let runs = CallCounter()
      let ranOnMainThread = CallCounter()
      Thread.detachNewThread {
        Gtk.idle {
          runs.count += 1
          if Thread.isMainThread { ranOnMainThread.count += 1 }
        }
      }
      XCTAssertTrue(Gtk.iterate(until: { runs.count == 1 }))
      XCTAssertEqual(ranOnMainThread.count, 1)
    }
  }

  func testIdleRunsOnceAndRemovedIdleNeverRuns() throws {
    try onMainActor {
      try requireDisplay()
      let ran = CallCounter()
      let removed = CallCounter()
      let token = Gtk.idle { ran.count += 1 }
      Gtk.idle { removed.count += 1 }.remove()
      XCTAssertTrue(Gtk.iterate(until: { ran.count == 1 }))
      Gtk.iteratePending()
      XCTAssertEqual(ran.count, 1)
      XCTAssertEqual(removed.count, 0)
      XCTAssertFalse(token.isActive)
      token.remove()  // removing a finished source is harmless
    }
  }

  func testTimeoutRepeatsUntilStop() throws {
    try onMainActor {
      try requireDisplay()
      let ticks = CallCounter()
      let token = Gtk.timeout(milliseconds: 5) {
        ticks.count += 1
        return ticks.count == 3 ? .stop : .continue
      }
      XCTAssertTrue(Gtk.iterate(until: { !token.isActive }))
      XCTAssertEqual(ticks.count, 3)
    }
  }

  func testMainReturnsAfterQuit() throws {
    try onMainActor {
      try requireDisplay()
      let ran = CallCounter()
      Gtk.idle {
        ran.count += 1
        Gtk.quit()
      }
      Gtk.main()
      XCTAssertEqual(ran.count, 1)
    }
  }

  func testApplicationActivatesAndQuits() throws {
    try onMainActor {
      try requireDisplay()
      let application = try Application(id: "org.parlance.GtkTests", isUnique: false)
      let activations = CallCounter()
      application.onActivate {
        activations.count += 1
        let window = ApplicationWindow(application: application)
        window.add(Label("app"))
        window.showAll()
        Gtk.idle {
          window.destroy()
          application.quit()
        }
      }
      XCTAssertEqual(application.run(arguments: ["parlance-tests"]), 0)
      XCTAssertEqual(activations.count, 1)
    }
  }

  func testInvalidApplicationIDThrows() throws {
    try onMainActor {
      try requireDisplay()
      XCTAssertThrowsError(try Application(id: "not an id")) { error in
        XCTAssertEqual(error as? GtkError, .invalidApplicationID("not an id"))
      }
    }
  }
}
