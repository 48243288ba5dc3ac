import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI
import XCTest

/// Switches apply in the order the user made them, the last one wins, and a render never
/// mixes two languages.
final class SwitchOrderTests: WindowTestCase, @unchecked Sendable {
  static let languages = ["en", "de", "ru", "ja", "zh-Hans", "ar", "he", "pl"]

  /// What a user sees that depends on the language: every label, the title, the menu's
  /// selection, the layout direction and the banner's file.
  @MainActor
  func visibleTexts() -> [String: String] {
    var texts: [String: String] = [:]
    for (id, label) in controller.renderer.labels { texts[id] = label.text }
    texts["#title"] = controller.window.title
    texts["#menu"] = controller.renderer.languageMenu?.activeID ?? "none"
    texts["#direction"] = "\(Widget.defaultDirection)"
    let banner = (controller.renderer.widget(for: "banner") as? Image)?.file
    texts["#banner"] = banner.map {
      URL(fileURLWithPath: $0).pathComponents.suffix(2).joined(separator: "/")
    }
    return texts
  }

  func testRapidPicksEndInTheLastPickEveryTime() throws {
    try onMainActor {
      try openWindow(language: "en")
      // The window in each language, rendered at rest, as the reference.
      var expected: [String: [String: String]] = [:]
      for tag in Self.languages.reversed() {
        choose(tag)
        expected[tag] = visibleTexts()
      }
      var random = UserStateSurvivalTests.SplitMix(state: 20_261_201)
      for round in 1...50 {
        let menu = try XCTUnwrap(controller.renderer.languageMenu)
        var picks: [String] = []
        // Four picks in a row, as fast as the GTK thread can make them.
        for _ in 0..<4 {
          let others = Self.languages.filter { $0 != menu.activeID }
          let pick = others[Int(random.next() % UInt64(others.count))]
          XCTAssertTrue(menu.select(id: pick))
          picks.append(pick)
        }
        let last = try XCTUnwrap(picks.last)
        XCTAssertTrue(controller.isSwitching, "round \(round): picks \(picks) not under way")
        let finished = Gtk.iterate(until: { !self.controller.isSwitching }, timeout: .seconds(20))
        XCTAssertTrue(finished, "round \(round): picks \(picks) never finished")
        // The moment the window says it is done, it shows the last pick.
        XCTAssertEqual(
          controller.localizer.language, try LanguageTag(last), "round \(round): \(picks)")
        XCTAssertEqual(
          visibleTexts(), expected[last], "round \(round): picks \(picks) show another language")
        // And nothing arrives later to change it.
        Gtk.iteratePending()
        XCTAssertEqual(controller.localizer.language, try LanguageTag(last))
        XCTAssertEqual(visibleTexts(), expected[last], "round \(round): \(picks), afterwards")
        XCTAssertEqual(store.load().preference, .pinned(try LanguageTag(last)))
        if controller.localizer.language != (try LanguageTag(last)) { break }
      }
    }
  }
}
