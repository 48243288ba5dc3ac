import ParlanceGtk
import XCTest

final class ScrolledWindowTests: GtkTestCase, @unchecked Sendable {
  func testVerticalScrollPositionRoundTripsAfterLayout() throws {
    try onMainActor {
      try requireDisplay()
      let scrolled = ScrolledWindow()
      scrolled.overlayScrolling = false
      scrolled.setPolicy(horizontal: .never, vertical: .automatic)
      let view = TextView()
      view.buffer.text = (1...200).map { "line \($0)" }.joined(separator: "\n")
      scrolled.child = view
      XCTAssertTrue(scrolled.child === view)
      let window = try showWindow(with: scrolled, size: Size(width: 240, height: 160))
      let adjustment = scrolled.verticalAdjustment
      XCTAssertTrue(
        Gtk.iterate(until: { adjustment.upper > adjustment.pageSize * 2 }),
        "the text view never reported its full height")
      adjustment.value = 120
      XCTAssertTrue(window.waitForFirstDraw())
      XCTAssertEqual(scrolled.verticalAdjustment.value, 120)
      adjustment.value = adjustment.upper * 2
      XCTAssertEqual(adjustment.value, adjustment.maximumValue, "the value clamps to the end")
    }
  }

  func testChildLooksThroughViewport() throws {
    try onMainActor {
      try requireDisplay()
      let scrolled = ScrolledWindow()
      let box = Box(orientation: .vertical)
      scrolled.child = box
      XCTAssertTrue(scrolled.child === box)
      XCTAssertFalse(scrolled.children.first === box, "GTK put a viewport in between")
      scrolled.child = nil
      XCTAssertNil(scrolled.child)
    }
  }
}
