import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI
import XCTest

/// A render that changes nothing sets nothing: every set costs GTK a property notification,
/// and a screen reader hears each change of a name or text it watches.
final class UnchangedPropertyTests: WindowTestCase, @unchecked Sendable {
  func testRenderingTheSameWindowAgainSetsNoProperty() throws {
    try onMainActor {
      try openWindow(language: "de")
      let renderer = controller.renderer
      let sets = PropertySets()
      let watch = sets.watch
      watch("window", controller.window, ["title", "default-width"])
      for id in ["greeting", "welcome", "files.count", "number", "date", "language.caption"] {
        watch(id, renderer.label(for: id), ["label", "tooltip-text", "wrap", "visible"])
      }
      watch("problem", renderer.widget(for: "problem"), ["visible", "tooltip-text"])
      watch("translator", renderer.widget(for: "translator"), ["label", "active", "tooltip-text"])
      watch("files", renderer.widget(for: "files"), ["value", "tooltip-text"])
      watch("language", renderer.widget(for: "language"), ["active", "active-id", "tooltip-text"])
      watch("banner", renderer.widget(for: "banner"), ["file", "pixbuf", "visible"])
      defer { sets.stop() }

      controller.render()
      controller.render()

      XCTAssertEqual(sets.counts, [:], "properties set again although nothing changed")
      XCTAssertEqual(text("greeting"), try reference("de").string("greeting"))
    }
  }
}

/// Counts the property notifications of watched widgets, by "name.property".
@MainActor
final class PropertySets {
  private(set) var counts: [String: Int] = [:]
  private var connections: [SignalConnection] = []

  func watch(_ name: String, _ widget: Widget?, _ properties: [String]) {
    guard let widget else { return XCTFail("no widget for \(name)") }
    for property in properties {
      connections.append(
        widget.onPropertySet(property) { [weak self] in
          self?.counts["\(name).\(property)", default: 0] += 1
        })
    }
  }

  func stop() {
    for connection in connections { connection.disconnect() }
    connections = []
  }
}
