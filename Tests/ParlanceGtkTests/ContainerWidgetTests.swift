import ParlanceGtk
import XCTest

/// The entry, expander and notebook a general window needs, and property notifications.
final class ContainerWidgetTests: GtkTestCase, @unchecked Sendable {
  func testEntryKeepsWhichEndOfTheSelectionTheCursorIsAt() throws {
    try onMainActor {
      try requireDisplay()
      let entry = Entry()
      entry.text = "Zażółć gęślą"
      XCTAssertEqual(entry.characterCount, 12)
      entry.selection = TextSelection(cursor: 2, anchor: 6)
      XCTAssertEqual(entry.selection, TextSelection(cursor: 2, anchor: 6))
      entry.selection = TextSelection(cursor: 9, anchor: 3)
      XCTAssertEqual(entry.selection, TextSelection(cursor: 9, anchor: 3))
      entry.selection = TextSelection(cursor: 4, anchor: 4)
      XCTAssertEqual(entry.selection, TextSelection(cursor: 4, anchor: 4))
    }
  }

  func testExpanderAndNotebookReportWhatTheUserOpens() throws {
    try onMainActor {
      try requireDisplay()
      let expander = Expander(label: "Details")
      let opened = CallCounter()
      expander.onExpandedChanged { opened.count += 1 }
      expander.isExpanded = true
      XCTAssertTrue(expander.isExpanded)
      XCTAssertEqual(opened.count, 1)
      XCTAssertEqual(expander.label, "Details")

      let notebook = Notebook()
      let first = Label("one")
      let second = Label("two")
      notebook.append(first, tab: "First")
      notebook.append(second, tab: "Second")
      notebook.showAll()
      let switched = CallCounter()
      notebook.onPageChanged { switched.count += 1 }
      notebook.currentPage = 1
      XCTAssertEqual(notebook.currentPage, 1)
      XCTAssertEqual(switched.count, 1)
      XCTAssertEqual(notebook.pageCount, 2)
      notebook.setTabText("Zweite", of: second)
      XCTAssertEqual(notebook.tabText(of: second), "Zweite")
    }
  }

  /// A notebook lays out the pages it does not show (the screenshot report reads the
  /// places of labels on every page without a layout of each): a label there is not
  /// mapped until its page is shown, yet has its place.
  func testANotebookLaysOutThePagesItDoesNotShow() throws {
    try onMainActor {
      try requireDisplay()
      let window = Window(title: "pages")
      defer { window.destroy() }
      let notebook = Notebook()
      let shown = Label("one")
      let other = Label("a longer text on the second page")
      notebook.append(shown, tab: "First")
      notebook.append(other, tab: "Second")
      window.add(notebook)
      window.showAll()
      XCTAssertTrue(window.waitForFirstDraw())
      XCTAssertTrue(shown.isMapped)
      XCTAssertFalse(other.isMapped)
      XCTAssertGreaterThanOrEqual(other.allocation.width, other.naturalSize.width)
      XCTAssertGreaterThan(other.allocation.height, 1)
      let placed = other.allocation
      notebook.currentPage = 1
      XCTAssertTrue(other.isMapped, "mapped as soon as its page is shown")
      XCTAssertEqual(other.allocation, placed)
    }
  }

  func testPropertySetIsNotifiedEvenToTheSameValue() throws {
    try onMainActor {
      try requireDisplay()
      let label = Label("same")
      let sets = CallCounter()
      let connection = label.onPropertySet("label") { sets.count += 1 }
      label.text = "same"
      XCTAssertEqual(sets.count, 1, "GTK notifies a set to the same text")
      connection.disconnect()
      label.text = "other"
      XCTAssertEqual(sets.count, 1)
    }
  }
}
