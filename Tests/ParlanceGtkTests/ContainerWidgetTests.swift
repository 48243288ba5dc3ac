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
