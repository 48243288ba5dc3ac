import ParlanceGtk
import XCTest

/// What assistive technology reads, through ATK: captions related to their controls, the
/// info bar's close button reachable to be named.
final class AccessibilityTests: GtkTestCase, @unchecked Sendable {
  func testMnemonicWidgetRelatesCaptionAndControlBothWays() throws {
    try onMainActor {
      try requireDisplay()
      let caption = Label("Number of files:")
      let spin = SpinButton(range: 0...10, step: 1)
      let row = Box(orientation: .horizontal, spacing: 6)
      row.append(caption, expand: false, fill: true)
      row.append(spin, expand: false, fill: true)
      _ = try showWindow(with: row)
      XCTAssertTrue(spin.accessibleTargets(.labelledBy).isEmpty)
      XCTAssertTrue(caption.accessibleTargets(.labelFor).isEmpty)

      caption.mnemonicWidget = spin
      XCTAssertTrue(caption.mnemonicWidget === spin)
      XCTAssertTrue(caption.accessibleTargets(.labelFor).contains { $0 === spin })
      XCTAssertTrue(spin.accessibleTargets(.labelledBy).contains { $0 === caption })

      caption.mnemonicWidget = nil
      XCTAssertNil(caption.mnemonicWidget)
      XCTAssertTrue(spin.accessibleTargets(.labelledBy).isEmpty)
    }
  }

  func testInfoBarCloseButtonCanBeNamed() throws {
    try onMainActor {
      try requireDisplay()
      let bar = InfoBar(text: "Something broke", messageType: .error)
      let responses = CallCounter()
      bar.onResponse { if $0 == .close { responses.count += 1 } }
      bar.showCloseButton = true
      _ = try showWindow(with: bar)
      let close = try XCTUnwrap(bar.closeButton)
      XCTAssertTrue(close.isVisible)
      XCTAssertEqual(close.accessibleName ?? "", "", "GTK gives the icon button no name")
      close.accessibleName = "Meldung schließen"
      XCTAssertEqual(close.accessibleName, "Meldung schließen")
      close.click()
      XCTAssertEqual(responses.count, 1, "the close button emits the close response")
    }
  }
}
