import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI
import XCTest

/// Nothing the user typed or selected is lost, whatever the order of switches.
final class UserStateSurvivalTests: WindowTestCase, @unchecked Sendable {
  /// A deterministic generator, so a failure can be replayed.
  struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  func testTwoHundredRandomSwitchesKeepNotesCursorSelectionScrollAndFocus() throws {
    try onMainActor {
      try runSwitches(count: 200, strategy: .reuse, seed: 20_261_130)
    }
  }

  func testStateSurvivesFullRebuildsToo() throws {
    try onMainActor {
      try runSwitches(count: 30, strategy: .rebuild, seed: 7)
    }
  }

  @MainActor
  private func runSwitches(count: Int, strategy: Renderer.Strategy, seed: UInt64) throws {
    try openWindow(
      environment: ["LANGUAGE": "he:en", "LANG": "he_IL.UTF-8"], strategy: strategy)
    let choices = ["system", "en", "de", "ru", "ja", "zh-Hans", "ar", "he", "pl"]
    var random = SplitMix(state: seed)
    let view = try XCTUnwrap(controller.renderer.notesView)
    let buffer = view.buffer
    // Enough lines to scroll, in several scripts.
    let lines = (1...80).map { "\($0). Notatka — заметка — ملاحظة — メモ \($0)" }
    buffer.text = lines.joined(separator: "\n")
    view.grabFocus()
    _ = controller.window.waitForFirstDraw(timeout: .seconds(5))

    for round in 1...count {
      // A full rebuild replaces the widgets: always take the current ones.
      let scroll = try XCTUnwrap(controller.renderer.notesScroll)
      // The user does something between switches: types, moves, selects, scrolls.
      let length = buffer.characterCount
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        buffer.insertAtCursor(" ✎\(round)")
      case 1:
        buffer.cursorOffset = Int.random(in: 0...length, using: &random)
      case 2:
        let start = Int.random(in: 0..<max(1, length - 10), using: &random)
        buffer.select(start..<(start + Int.random(in: 1...10, using: &random)))
      default:
        let maximum = scroll.verticalAdjustment.maximumValue
        scroll.verticalAdjustment.value = Double(
          Int.random(in: 0...Int(max(0, maximum)), using: &random))
      }
      let text = buffer.text
      let selection = buffer.selection
      let offset = scroll.verticalAdjustment.value
      let size = controller.window.size

      let choice = choices[Int.random(in: 0..<choices.count, using: &random)]
      choose(choice)

      let notes = try XCTUnwrap(controller.renderer.notesView)
      XCTAssertEqual(notes.buffer.text, text, "notes after switch \(round) to \(choice)")
      XCTAssertEqual(
        notes.buffer.selection, selection, "cursor/selection after \(round) (\(choice))")
      // Other texts may wrap differently and change the notes' height; GTK then clamps.
      let adjustment = try XCTUnwrap(controller.renderer.notesScroll?.verticalAdjustment)
      XCTAssertEqual(
        adjustment.value, min(offset, adjustment.maximumValue), accuracy: 0.5,
        "scroll after \(round) (\(choice))")
      XCTAssertTrue(notes.hasFocus, "focus after \(round) (\(choice))")
      XCTAssertEqual(controller.window.size, size, "window size after \(round) (\(choice))")
    }
  }
}
