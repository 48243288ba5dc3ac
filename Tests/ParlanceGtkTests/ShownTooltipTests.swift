import CGtk
import Foundation
import XCTest

@testable import ParlanceGtk

/// The tooltips the live module's walk reads (`ShownTexts`, the same C): as text or as
/// markup, and none where a widget has none — also where one was set and cleared, or
/// where only `has-tooltip` is on (a tooltip the program makes in `query-tooltip`).
final class ShownTooltipTests: GtkTestCase, @unchecked Sendable {
  func testTooltipsAreReadAsTextOrMarkupAndOnlyWhereAWidgetHasOne() throws {
    try onMainActor {
      try requireDisplay()
      let plain = Button(label: "Open")
      plain.tooltipText = "Opens a file & more"
      let marked = Label("Marked")
      gtk_widget_set_tooltip_markup(marked.widgetPointer, "<b>Bold</b> tip")
      let cleared = Label("Cleared")
      cleared.tooltipText = "Gone"
      cleared.tooltipText = nil
      let queried = Label("Queried")
      gtk_widget_set_has_tooltip(queried.widgetPointer, 1)
      let box = Box(orientation: .vertical, spacing: 4)
      for widget in [plain, marked, cleared, queried] as [Widget] { box.append(widget) }
      let window = try showWindow(with: box)
      let tooltips = ShownTexts(of: window).texts.filter { $0.property.hasPrefix("tooltip") }
      XCTAssertEqual(
        Set(tooltips.map { "\($0.property) \($0.text)" }),
        ["tooltip-text Opens a file & more", "tooltip-markup <b>Bold</b> tip"])
    }
  }

  /// An entry's icons have tooltips of their own (a search entry's "Clear"): read as
  /// text or markup as a widget's, and set where the icon's accessible reads them.
  func testAnEntrysIconTooltipsAreReadAndSet() throws {
    try onMainActor {
      try requireDisplay()
      let entry = Entry()
      let pointer = UnsafeMutableRawPointer(entry.widgetPointer).assumingMemoryBound(
        to: GtkEntry.self)
      gtk_entry_set_icon_from_icon_name(pointer, GTK_ENTRY_ICON_PRIMARY, "edit-find")
      gtk_entry_set_icon_from_icon_name(pointer, GTK_ENTRY_ICON_SECONDARY, "edit-clear")
      gtk_entry_set_icon_tooltip_markup(pointer, GTK_ENTRY_ICON_PRIMARY, "<b>Find</b>")
      gtk_entry_set_icon_tooltip_text(pointer, GTK_ENTRY_ICON_SECONDARY, "Clear & go")
      let window = try showWindow(with: entry)
      let shown = ShownTexts(of: window).texts.filter { $0.property.contains("icon-tooltip") }
      XCTAssertEqual(
        Set(shown.map { "\($0.property) \($0.text)" }),
        [
          "primary-icon-tooltip-markup <b>Find</b>",
          "secondary-icon-tooltip-text Clear & go",
        ])

      let clear = try XCTUnwrap(shown.first { $0.property.hasPrefix("secondary") })
      clear.set("Effacer & partir")
      let tooltip = gtk_entry_get_icon_tooltip_text(pointer, GTK_ENTRY_ICON_SECONDARY)
      defer { g_free(tooltip) }
      XCTAssertEqual(tooltip.map { String(cString: $0) }, "Effacer & partir")
    }
  }
}
