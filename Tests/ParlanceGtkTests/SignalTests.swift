import ParlanceGtk
import XCTest

final class SignalTests: GtkTestCase, @unchecked Sendable {
  func testClickRunsHandler() throws {
    try onMainActor {
      try requireDisplay()
      let button = Button(label: "OK")
      let clicks = CallCounter()
      button.onClicked { clicks.count += 1 }
      button.click()
      button.click()
      XCTAssertEqual(clicks.count, 2)
    }
  }

  func testDisconnectedHandlerIsNotCalled() throws {
    try onMainActor {
      try requireDisplay()
      let button = Button(label: "OK")
      let kept = CallCounter()
      let dropped = CallCounter()
      button.onClicked { kept.count += 1 }
      let connection = button.onClicked { dropped.count += 1 }
      XCTAssertTrue(connection.isConnected)
      connection.disconnect()
      XCTAssertFalse(connection.isConnected)
      button.click()
      XCTAssertEqual(kept.count, 1)
      XCTAssertEqual(dropped.count, 0)
      connection.disconnect()  // a second disconnect is harmless
    }
  }

  func testDestroyReleasesHandlerClosure() throws {
    try onMainActor {
      try requireDisplay()
      weak var watched: Sentinel?
      let button = Button(label: "OK")
      do {
        let sentinel = Sentinel()
        watched = sentinel
        button.onClicked { _ = sentinel }
      }
      XCTAssertNotNil(watched, "the connection keeps the closure alive")
      button.destroy()
      Gtk.iterate(until: { watched == nil }, timeout: .seconds(1))
      XCTAssertNil(watched)
    }
  }

  func testDisconnectAfterDestroyIsSafe() throws {
    try onMainActor {
      try requireDisplay()
      weak var watched: Sentinel?
      var connection: SignalConnection?
      do {
        let combo = ComboBoxText()
        let sentinel = Sentinel()
        watched = sentinel
        connection = combo.onChanged { _ = sentinel }
        combo.destroy()
      }
      Gtk.iteratePending()
      XCTAssertNil(watched)
      XCTAssertEqual(connection?.isConnected, false)
      connection?.disconnect()
    }
  }

  func testDisconnectReleasesHandlerClosure() throws {
    try onMainActor {
      try requireDisplay()
      weak var watched: Sentinel?
      let spin = SpinButton(range: 0...10)
      let connection: SignalConnection
      do {
        let sentinel = Sentinel()
        watched = sentinel
        connection = spin.onValueChanged { _ = sentinel }
      }
      connection.disconnect()
      XCTAssertNil(watched)
    }
  }

  func testDeleteEventCanKeepWindowOpen() throws {
    try onMainActor {
      try requireDisplay()
      let window = try showWindow(with: Label("content"))
      let requests = CallCounter()
      let keepOpen = window.onDeleteEvent {
        requests.count += 1
        return .stop
      }
      window.close()
      XCTAssertTrue(Gtk.iterate(until: { requests.count == 1 }))
      XCTAssertTrue(window.isVisible)
      keepOpen.disconnect()
      let destroyed = CallCounter()
      window.onDestroy { destroyed.count += 1 }
      window.close()
      XCTAssertTrue(Gtk.iterate(until: { destroyed.count == 1 }))
    }
  }

  func testInfoBarResponse() throws {
    try onMainActor {
      try requireDisplay()
      let bar = InfoBar(text: "Saved")
      bar.showCloseButton = true
      var responses: [ResponseID] = []
      bar.onResponse { responses.append($0) }
      bar.respond(.close)
      bar.respond(ResponseID(rawValue: 3))
      XCTAssertEqual(responses, [.close, ResponseID(rawValue: 3)])
      bar.revealed = false
      XCTAssertFalse(bar.revealed)
    }
  }
}
