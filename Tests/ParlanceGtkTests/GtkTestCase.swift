import Foundation
import ParlanceGtk
import XCTest

/// Base class of the GTK tests: skips cleanly when there is no display to draw on.
///
/// XCTest, not Swift Testing: GTK must be driven from the main thread, and XCTest runs test
/// methods there. The methods themselves are not `@MainActor`: Linux test discovery casts
/// them to `() throws -> ()` and aborts on an isolated one, so each enters with `onMainActor`.
/// Unchecked `Sendable` so those closures may capture `self`: XCTest creates one instance per
/// test and uses it only on the main thread.
class GtkTestCase: XCTestCase, @unchecked Sendable {
  /// Runs `body` on the main actor; XCTest calls test methods on the main thread.
  func onMainActor(_ body: @MainActor () throws -> Void) throws {
    try MainActor.assumeIsolated { try body() }
  }

  /// Initializes GTK, or skips the test when there is no X or Wayland display.
  @MainActor
  func requireDisplay() throws {
    let environment = ProcessInfo.processInfo.environment
    guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil else {
      throw XCTSkip("no display: run under xvfb-run -a")
    }
    guard Gtk.initialize() else {
      throw XCTSkip("GTK cannot open the display")
    }
    Gtk.configureForScreenshots(fontName: "WenQuanYi Micro Hei 11")
    Widget.defaultDirection = .leftToRight
  }

  /// A window with `content`, shown and drawn once; destroyed when the test ends.
  @MainActor
  func showWindow(with content: Widget, size: Size = Size(width: 320, height: 200)) throws
    -> Window
  {
    let window = Window(title: "test")
    window.defaultSize = size
    window.add(content)
    addTeardownBlock { @MainActor in window.destroy() }
    window.showAll()
    XCTAssertTrue(window.waitForFirstDraw(), "the window was never drawn")
    return window
  }
}

/// A flag a handler sets, for asserting that (and how often) it ran.
@MainActor
final class CallCounter {
  var count = 0
}

/// An object only a handler closure holds, to watch the closure being released.
final class Sentinel {}
