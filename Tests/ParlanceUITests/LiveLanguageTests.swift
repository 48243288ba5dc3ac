import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI
import XCTest

/// The one route of a switch, on its own: what its owner is told and shows, over real
/// catalogs on disk and GTK's main loop.
final class LiveLanguageTests: WindowTestCase, @unchecked Sendable {
  /// A route over `folders` in German, counting the updates it asks for.
  @MainActor
  private func route(_ folders: [URL]) throws -> (LiveLanguage, () -> Int) {
    let localizer = try Localizer(
      resources: folders, language: try LanguageTag("de"), preferences: store,
      environment: ["LANG": "en_US.UTF-8"])
    let language = LiveLanguage(localizer: localizer, persisting: false)
    var updates = 0
    language.onUpdate = { updates += 1 }
    return (language, { updates })
  }

  @MainActor
  private func settle(_ language: LiveLanguage, file: StaticString = #filePath, line: UInt = #line)
  {
    XCTAssertTrue(
      Gtk.iterate(until: { !language.isSwitching }, timeout: .seconds(10)),
      "the switch never answered", file: file, line: line)
  }

  func testAFailedSwitchIsTheProblemUntilASwitchSucceeds() throws {
    try onMainActor {
      let (language, updates) = try route([Self.resources, try brokenFrenchFolder()])
      language.choose("fr")
      settle(language)
      XCTAssertEqual(language.problem?.cause, .switchFailed)
      XCTAssertTrue(
        language.problem?.details.first?.contains("Localizable.strings:2:") == true,
        "\(String(describing: language.problem))")
      XCTAssertEqual(language.localizer.language, try LanguageTag("de"), "the language stays")
      XCTAssertEqual(language.failures.count, 1)
      XCTAssertGreaterThan(updates(), 0, "the owner was not told")
      language.choose("ja")
      settle(language)
      XCTAssertNil(language.problem, "a switch that works clears the failed one's problem")
      XCTAssertEqual(language.localizer.language, try LanguageTag("ja"))
    }
  }

  func testTheOwnersProblemStaysUntilClosedAndTheSameOneStaysClosed() throws {
    try onMainActor {
      let (language, _) = try route([Self.resources])
      language.report(.verbatim("mousepad has ended"), details: ["pid 42"])
      XCTAssertEqual(language.problem?.cause, .reported)
      language.choose("ja")
      settle(language)
      XCTAssertEqual(
        language.problem?.message, .verbatim("mousepad has ended"),
        "a switch is not what the owner's problem was about")
      language.dismissProblem()
      XCTAssertNil(language.problem)
      language.report(.verbatim("mousepad has ended"), details: ["pid 42"])
      XCTAssertNil(language.problem, "the very problem the user closed came back")
      language.report(.verbatim("meld has ended"), details: ["pid 43"])
      XCTAssertEqual(language.problem?.message, .verbatim("meld has ended"))
    }
  }

  func testPicksEndInTheLastWithItsDirectionSetBeforeTheUpdate() throws {
    try onMainActor {
      let (language, _) = try route([Self.resources])
      var directions: [LayoutDirection] = []
      language.onUpdate = { directions.append(Widget.defaultDirection) }
      language.choose("ar")
      settle(language)
      XCTAssertEqual(directions.last, .rightToLeft, "Arabic laid out left to right")
      for id in ["ja", "he", "ru", "ar", "de"] { language.choose(id) }
      settle(language)
      XCTAssertEqual(language.localizer.language, try LanguageTag("de"), "not the last pick")
      XCTAssertEqual(Widget.defaultDirection, .leftToRight)
      XCTAssertEqual(directions.last, .leftToRight)
      language.choose("not a tag")
      XCTAssertFalse(language.isSwitching, "an id that is no language started a switch")
    }
  }

  func testABrokenSaveIsTheProblemUntilTheSaveThatMendsIt() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-route-\(UUID().uuidString)", isDirectory: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let german = folder.appendingPathComponent("de.lproj/Localizable.strings")
    try FileManager.default.createDirectory(
      at: german.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("\"greeting\" = \"Hallo!\";\n".utf8).write(to: german)
    try onMainActor {
      let (language, _) = try route([Self.resources, folder])
      try language.watch(folder)
      @MainActor func save(_ text: String) throws {
        let before = language.reloadCount
        try Data(text.utf8).write(to: german, options: .atomic)
        XCTAssertTrue(
          Gtk.iterate(until: { language.reloadCount > before }, timeout: .seconds(10)),
          "the save was never reloaded")
      }
      try save("\"greeting\" = \"Hallo!\";\n\"oops\" = ;\n")
      XCTAssertEqual(language.problem?.cause, .brokenCatalog)
      XCTAssertTrue(
        language.problem?.details.first?.contains("Localizable.strings:2:") == true,
        "\(String(describing: language.problem))")
      language.choose("ja")
      settle(language)
      XCTAssertEqual(
        language.problem?.cause, .brokenCatalog, "a switch hid a file that is still broken")
      try save("\"greeting\" = \"Guten Tag!\";\n")
      XCTAssertNil(language.problem, "the mended save left the problem shown")
    }
  }
}
