import ParlanceGtk
import XCTest

final class InputWidgetTests: GtkTestCase, @unchecked Sendable {
  func testComboBoxActiveIDRoundTripsAndEmitsChanged() throws {
    try onMainActor {
      try requireDisplay()
      let combo = ComboBoxText()
      combo.append(id: "system", text: "System language")
      combo.append(id: "de", text: "Deutsch")
      combo.append(id: "ja", text: "日本語")
      XCTAssertEqual(combo.count, 3)
      XCTAssertNil(combo.activeID)
      let changes = CallCounter()
      combo.onChanged { changes.count += 1 }
      combo.activeID = "ja"
      XCTAssertEqual(combo.activeID, "ja")
      XCTAssertEqual(combo.activeIndex, 2)
      XCTAssertEqual(combo.activeText, "日本語")
      XCTAssertEqual(changes.count, 1)
      XCTAssertFalse(combo.select(id: "xx"))
      XCTAssertEqual(combo.activeID, "ja", "an unknown id leaves the selection")
      combo.activeIndex = nil
      XCTAssertNil(combo.activeID)
      XCTAssertEqual(changes.count, 2)
      combo.removeAll()
      XCTAssertEqual(combo.count, 0)
    }
  }

  func testSpinButtonValueIsClampedToRange() throws {
    try onMainActor {
      try requireDisplay()
      let spin = SpinButton(range: 0...100, step: 1)
      let changes = CallCounter()
      spin.onValueChanged { changes.count += 1 }
      spin.intValue = 21
      XCTAssertEqual(spin.intValue, 21)
      XCTAssertEqual(spin.value, 21)
      XCTAssertEqual(changes.count, 1)
      spin.value = 500
      XCTAssertEqual(spin.value, 100)
      spin.range = 0...10
      XCTAssertEqual(spin.range, 0...10)
      XCTAssertEqual(spin.value, 10)
      XCTAssertEqual(spin.step, 1)
    }
  }

  func testTextBufferKeepsTextCursorAndSelection() throws {
    try onMainActor {
      try requireDisplay()
      let view = TextView()
      let buffer = view.buffer
      XCTAssertTrue(view.buffer === buffer, "the same wrapper comes back")
      buffer.text = "Привет, мир"
      XCTAssertEqual(buffer.text, "Привет, мир")
      XCTAssertEqual(buffer.characterCount, 11)
      buffer.cursorOffset = 6
      XCTAssertEqual(buffer.cursorOffset, 6)
      XCTAssertNil(buffer.selectedRange)
      buffer.insertAtCursor("!")
      XCTAssertEqual(buffer.text, "Привет!, мир")
      XCTAssertEqual(buffer.cursorOffset, 7)
      // A backwards selection (cursor before anchor) comes back the same way round.
      buffer.selection = TextSelection(cursor: 2, anchor: 5)
      XCTAssertEqual(buffer.selection, TextSelection(cursor: 2, anchor: 5))
      XCTAssertEqual(buffer.selectedRange, 2..<5)
      XCTAssertEqual(buffer.cursorOffset, 2)
      buffer.select(0..<3)
      XCTAssertEqual(buffer.selection, TextSelection(cursor: 3, anchor: 0))
      buffer.cursorOffset = 999
      XCTAssertEqual(buffer.cursorOffset, buffer.characterCount, "offsets clamp to the end")
    }
  }

  func testTextBufferSurvivesItsView() throws {
    try onMainActor {
      try requireDisplay()
      let buffer = TextBuffer()
      buffer.text = "notes"
      let first = TextView(buffer: buffer)
      first.destroy()
      let second = TextView(buffer: buffer)
      XCTAssertEqual(second.buffer.text, "notes")
      XCTAssertTrue(second.buffer === buffer)
    }
  }

  func testHeaderBarAndWindowProperties() throws {
    try onMainActor {
      try requireDisplay()
      let header = HeaderBar()
      header.title = "Parlance"
      header.subtitle = "Deutsch"
      header.showCloseButton = true
      header.packEnd(MenuButton())
      XCTAssertEqual(header.title, "Parlance")
      XCTAssertEqual(header.subtitle, "Deutsch")
      XCTAssertTrue(header.showCloseButton)
      let window = Window(title: "Fenster")
      defer { window.destroy() }
      window.setTitlebar(header)
      window.defaultSize = Size(width: 400, height: 300)
      XCTAssertEqual(window.title, "Parlance", "the taskbar shows the header bar's title")
      XCTAssertEqual(window.defaultSize, Size(width: 400, height: 300))
    }
  }
}
