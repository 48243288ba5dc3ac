import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI
import XCTest

/// One render shows one language, even while switches happen on another thread.
extension SwitchOrderTests {
  func testARenderOverlappingSwitchesShowsOneLanguage() throws {
    try onMainActor {
      try openWindow(language: "de")
      let pair = ["de", "ar"]
      var expected: [String: [String: String]] = [:]
      for tag in pair.reversed() {
        choose(tag)
        expected[tag] = visibleTexts()
      }
      XCTAssertNotEqual(expected["de"], expected["ar"])
      XCTAssertNotEqual(expected["de"]?["#banner"], expected["ar"]?["#banner"])
      XCTAssertNotEqual(expected["de"]?["#direction"], expected["ar"]?["#direction"])
      let localizer = try XCTUnwrap(self.localizer)
      let switcher = BackgroundSwitcher()
      let tags = try pair.map { try LanguageTag($0) }
      switcher.start {
        var index = 0
        while !switcher.isStopped {
          index += 1
          _ = try? localizer.switchLanguage(to: .pinned(tags[index % 2]), persisting: false)
        }
      }
      var mixed = 0
      var seen: Set<String> = []
      for _ in 0..<300 {
        controller.render()
        let shown = visibleTexts()
        guard let language = pair.first(where: { expected[$0] == shown }) else {
          mixed += 1
          if mixed <= 3 {
            func only(_ tag: String, not other: String) -> [String] {
              shown.filter {
                expected[tag]?[$0.key] == $0.value && expected[other]?[$0.key] != $0.value
              }
              .keys.sorted()
            }
            XCTFail(
              "a render mixed languages: \(only("de", not: "ar")) in de, "
                + "\(only("ar", not: "de")) in ar")
          }
          continue
        }
        seen.insert(language)
      }
      switcher.stop()
      Gtk.iteratePending()
      XCTAssertEqual(mixed, 0, "\(mixed) of 300 renders mixed two languages")
      XCTAssertEqual(seen, Set(pair), "the switches did not overlap the renders")
    }
  }
}

/// Runs a loop on a thread of its own until stopped.
private final class BackgroundSwitcher: @unchecked Sendable {
  private let lock = NSLock()
  private var stopped = false
  private let done = DispatchSemaphore(value: 0)

  var isStopped: Bool { lock.withLock { stopped } }

  func start(_ body: @escaping @Sendable () -> Void) {
    Thread.detachNewThread {
      body()
      self.done.signal()
    }
  }

  func stop() {
    lock.withLock { stopped = true }
    done.wait()
  }
}
