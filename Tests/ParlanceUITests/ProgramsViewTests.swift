import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI
import ParlanceWindow
import XCTest

/// The window's Programs view over a `ProgramSwitching` that answers as the app's does
/// (the real one, over the session bus and real programs, is driven by Tests/live).
final class ProgramsViewTests: WindowTestCase, @unchecked Sendable {
  /// What the programs answer: their rows, and whether a switch fails.
  struct Programs: Sendable {
    var running: [RunningProgram]
    var failsWith: String?
    var listingFails: String?
    var picked: [String] = []
  }

  let programs = Lock(
    Programs(
      running: [
        RunningProgram(
          id: "bus.1", pid: 41, name: "mousepad",
          languages: [try! LanguageTag("fr"), try! LanguageTag("de")], choice: "de")
      ], failsWith: nil))

  var switching: ProgramSwitching {
    let programs = programs
    return ProgramSwitching(
      list: {
        programs.withLock { state in
          state.listingFails.map { .failure(ProgramSwitchingError($0)) } ?? .success(state.running)
        }
      },
      choose: { program, preference in
        programs.withLock { state in
          state.picked.append(preference.description)
          if let failure = state.failsWith { return .failure(ProgramSwitchingError(failure)) }
          var now = program
          now.choice = preference.description
          return .success(now)
        }
      },
      watch: { [weak self] changed in
        self?.changed = changed
        return NSObject()
      })
  }

  nonisolated(unsafe) var changed: (@MainActor () -> Void)?

  func testProgramsAreListedInTheWindowsLanguageAndSwitchedWhenPicked() throws {
    try onMainActor {
      try openWindow(language: "de")
      XCTAssertFalse(controller.widgetIsShown("programs"), "shown before the app offered it")
      controller.enablePrograms(switching)
      let combo = try XCTUnwrap(waitForCombo("bus.1"), "no combo box for mousepad")
      let german = try reference("de")
      XCTAssertEqual(
        text("program.caption:bus.1"),
        german.string("program.name", ["name": .string("mousepad"), "pid": .string("41")]))
      XCTAssertEqual(
        combo.accessibleName, german.string("accessible.program", ["name": .string("mousepad")]))
      XCTAssertEqual(combo.activeText, "Deutsch", "the combo box shows the program's language")
      // The system language first, then the languages by their own names.
      combo.activeIndex = 0
      XCTAssertEqual(combo.activeText, german.string("language.system"))
      combo.activeIndex = 2
      XCTAssertEqual(combo.activeText, "Français")
      // Two picks in a row: the last one wins (the first is switched to only if its turn
      // came before the second was made).
      XCTAssertTrue(
        Gtk.iterate(
          until: { self.picked.last == "fr" && !self.controller.isUpdatingPrograms },
          timeout: .seconds(10)), "picked: \(picked)")
      XCTAssertTrue([["fr"], ["system", "fr"]].contains(picked), "picked: \(picked)")
      XCTAssertEqual(combo.activeID, "fr")
      XCTAssertFalse(controller.widgetIsShown("problem"))
    }
  }

  func testAFailedSwitchIsShownAndAnEndedProgramLeaves() throws {
    try onMainActor {
      try openWindow(language: "en")
      programs.withLock { $0.failsWith = "mousepad (pid 41) does not answer" }
      controller.enablePrograms(switching)
      let combo = try XCTUnwrap(waitForCombo("bus.1"), "no combo box for mousepad")
      XCTAssertTrue(combo.select(id: "fr"))
      XCTAssertTrue(
        Gtk.iterate(until: { self.controller.widgetIsShown("problem") }, timeout: .seconds(10)),
        "no problem shown for a failed switch")
      let bar = try XCTUnwrap(controller.renderer.widget(for: "problem") as? InfoBar)
      let english = try reference("en")
      XCTAssertTrue(
        bar.text.contains(
          english.string("error.program.switch", ["program": .string("mousepad")], table: "Errors")),
        bar.text)
      XCTAssertTrue(bar.text.contains("does not answer"), bar.text)

      // The program ends; the module's name leaving the bus tells the window.
      programs.withLock { $0.running = [] }
      let changed = try XCTUnwrap(self.changed, "the view watches nothing")
      changed()
      XCTAssertTrue(
        Gtk.iterate(
          until: { self.text("programs.none") == english.string("programs.none") },
          timeout: .seconds(10)), "the ended program's row stayed")
      XCTAssertNil(controller.renderer.widget(ComboBoxText.self, for: "program:bus.1"))
    }
  }

  func testAListingThatFailsIsShownOnce() throws {
    try onMainActor {
      try openWindow(language: "en")
      programs.withLock { $0.listingFails = "no session bus" }
      controller.enablePrograms(switching)
      XCTAssertTrue(
        Gtk.iterate(until: { self.controller.widgetIsShown("problem") }, timeout: .seconds(10)),
        "a listing that failed was not shown")
      let bar = try XCTUnwrap(controller.renderer.widget(for: "problem") as? InfoBar)
      let english = try reference("en")
      XCTAssertTrue(
        bar.text.contains(english.string("error.programs.list", table: "Errors")), bar.text)
      XCTAssertTrue(bar.text.contains("no session bus"), bar.text)
      // The same failure again is not shown again after the user closed it.
      try XCTUnwrap(bar.closeButton).click()
      _ = Gtk.iterate(until: { !self.controller.widgetIsShown("problem") }, timeout: .seconds(5))
      controller.refreshPrograms()
      _ = Gtk.iterate(until: { !self.controller.isUpdatingPrograms }, timeout: .seconds(10))
      Gtk.iteratePending()
      XCTAssertFalse(controller.widgetIsShown("problem"), "the same failure was shown twice")
    }
  }

  private var picked: [String] { programs.withLock { $0.picked } }

  @MainActor
  private func waitForCombo(_ id: String) -> ComboBoxText? {
    let node = WindowModel.programChoiceNode(id)
    _ = Gtk.iterate(
      until: { self.controller.renderer.widget(ComboBoxText.self, for: node) != nil },
      timeout: .seconds(10))
    return controller.renderer.widget(ComboBoxText.self, for: node)
  }
}
