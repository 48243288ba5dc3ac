import CGtk
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

/// `configureForScreenshots` sets only what differs: GTK answers a set of the theme's
/// name or of its dark variant, even to the value it has, by reading the theme's style
/// sheet again (about 15 ms each, paid by every screenshot run and every GTK test).
final class ScreenshotSettingsTests: GtkTestCase, @unchecked Sendable {
  /// Notices of a changed setting heard from GTK's settings.
  nonisolated(unsafe) static var notices: [String] = []

  func testSettingsPinnedAgainAreNotSetAgain() throws {
    try onMainActor {
      try requireDisplay()  // pins them once
      let settings = try XCTUnwrap(gtk_settings_get_default())
      let heard:
        @convention(c) (
          UnsafeMutableRawPointer?, UnsafeMutablePointer<GParamSpec>?, UnsafeMutableRawPointer?
        ) -> Void = { _, spec, _ in
          if let spec {
            ScreenshotSettingsTests.notices.append(String(cString: g_param_spec_get_name(spec)))
          }
        }
      let handler = g_signal_connect_data(
        settings, "notify", unsafeBitCast(heard, to: GCallback.self), nil, nil,
        GConnectFlags(rawValue: 0))
      defer { g_signal_handler_disconnect(settings, handler) }
      Self.notices = []
      Gtk.configureForScreenshots(fontName: "WenQuanYi Micro Hei 11")
      XCTAssertEqual(Self.notices, [])
      // A setting that differs is set, and only that one.
      Gtk.configureForScreenshots(fontName: "DejaVu Sans 10")
      XCTAssertEqual(Self.notices, ["gtk-font-name"])
      let font = parlance_object_get_string(settings, "gtk-font-name")
      defer { g_free(font) }
      XCTAssertEqual(font.map { String(cString: $0) }, "DejaVu Sans 10")
      Gtk.configureForScreenshots(fontName: "WenQuanYi Micro Hei 11")
    }
  }
}
