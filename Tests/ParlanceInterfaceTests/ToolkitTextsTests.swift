import Foundation
import Parlance
import ParlanceGtk
import ParlanceInterface
import XCTest

/// GTK's own texts (a message dialog's buttons, a stock button, a file chooser) in the
/// interface's language, from the machine's gtk30 catalogs: when built, and in place
/// after a switch.
final class ToolkitTextsTests: InterfaceTestCase, @unchecked Sendable {
  nonisolated(unsafe) var toolkit: ToolkitTexts!
  nonisolated(unsafe) var gtk: Localizer!

  override func setUpWithError() throws {
    try super.setUpWithError()
    try onMainActor {
      toolkit = ToolkitTexts()
      guard let localizer = toolkit.localizer else {
        throw XCTSkip("no gtk30 catalogs installed (scripts/install-deps gui installs GTK)")
      }
      gtk = localizer
    }
  }

  override func tearDownWithError() throws {
    try onMainActor {
      // Back to the locale's own language, for the tests after these.
      ProcessGettext.switchLanguage(to: [""])
    }
    try super.tearDownWithError()
  }

  /// GTK's translation of `msgid` (in `context`) in `language`, from its catalog.
  func gtk30(_ msgid: String, context: String? = nil, _ language: String) throws -> String {
    let catalog = gtk.catalog(for: try LanguageTag(language))
    let key = CatalogEntry.key(msgid, context: context)
    return catalog.tables[ToolkitTexts.domain]?[key]?.value ?? msgid
  }

  @MainActor
  func openToolkit(_ language: String) throws -> LocalizedInterface {
    let folder = try ResourceFolder(url: Self.fixture("toolkit/po"), layout: .gettext)
    localizer = Localizer(
      folders: [folder], developmentLanguage: try LanguageTag("en"),
      language: try LanguageTag(language), environment: [:])
    let interface = try LocalizedInterface(
      file: Self.fixture("toolkit/toolkit.ui"), localizer: localizer, toolkit: toolkit)
    interfaces.append(interface)
    return interface
  }

  /// Every text the toplevels show, own and GTK's (a stock item's label, not its id).
  @MainActor
  func shown(_ interface: LocalizedInterface) -> [String] {
    interface.toplevels.compactMap(\.built.widget).flatMap {
      ShownTexts(of: $0).texts.map(\.displayed)
    }
  }

  @MainActor
  func stockButtonName(_ interface: LocalizedInterface) throws -> String? {
    try interface.object("stock").widget?.accessibleName
  }

  func testBuiltInALanguageGTKsTextsComeInIt() throws {
    try onMainActor {
      let interface = try openToolkit("fr")

      let texts = shown(interface)
      XCTAssertTrue(texts.contains(try gtk30("_OK", "fr")), "\(texts)")
      XCTAssertTrue(texts.contains(try gtk30("_Cancel", "fr")), "\(texts)")
      XCTAssertEqual(
        try stockButtonName(interface),
        try gtk30("_Cancel", context: "Stock label", "fr").replacingOccurrences(of: "_", with: ""))
      XCTAssertTrue(texts.contains("Enregistrer le rapport ?"))
    }
  }

  func testASwitchSetsGTKsTextsInPlaceAndLeavesNoneOfTheLanguageBefore() throws {
    try onMainActor {
      let interface = try openToolkit("de")
      let dialog = try interface.object("question")
      XCTAssertTrue(shown(interface).contains(try gtk30("_Cancel", "de")))
      let german = gtk.translationIndex(for: try LanguageTag("de"), table: ToolkitTexts.domain)
      let french = gtk.translationIndex(for: try LanguageTag("fr"), table: ToolkitTexts.domain)
      try switchTo("fr")
      XCTAssertTrue(try interface.object("question").isSameObject(as: dialog), "rebuilt")
      let texts = shown(interface)
      XCTAssertTrue(texts.contains(try gtk30("_OK", "fr")), "\(texts)")
      XCTAssertTrue(texts.contains(try gtk30("_Cancel", "fr")), "\(texts)")
      XCTAssertEqual(
        try stockButtonName(interface),
        try gtk30("_Cancel", context: "Stock label", "fr").replacingOccurrences(of: "_", with: ""))
      // A stock menu item, an action's stock label, and the folders GTK names in a file
      // chooser button.
      XCTAssertTrue(texts.contains(try gtk30("_Open", context: "Stock label", "fr")), "\(texts)")
      XCTAssertTrue(
        texts.contains(try gtk30("_Forward", context: "Stock label, navigation", "fr")),
        "\(texts)")
      XCTAssertTrue(texts.contains(try gtk30("Desktop", "fr")), "\(texts)")
      XCTAssertTrue(texts.contains(try gtk30("Other…", "fr")), "\(texts)")
      // The file chooser's own texts: none is German any more (one both languages write
      // alike, "Type", may stay).
      let left = texts.filter {
        !german.messages(showing: $0).isEmpty && french.messages(showing: $0).isEmpty
      }
      XCTAssertEqual(left, [], "German texts left after switching to French")
      XCTAssertEqual(toolkit.unresolved, [])
    }
  }

  /// The oracle: the same interface built fresh in the language switched to.
  func testASwitchShowsWhatAFreshBuildShows() throws {
    try onMainActor {
      for (before, after) in [("de", "fr"), ("fr", "ar"), ("ar", "en"), ("en", "de")] {
        let fresh = try openToolkit(after)
        let expected = shown(fresh)
        for (_, built) in fresh.toplevels { built.widget?.destroy() }
        interfaces.removeAll()
        toolkit = ToolkitTexts()
        let interface = try openToolkit(before)
        try switchTo(after)
        let languages = [try LanguageTag(before), try LanguageTag(after)]
        XCTAssertEqual(
          shown(interface).filter { !isFreeSpace($0, in: languages) },
          expected.filter { !isFreeSpace($0, in: languages) }, "\(before) → \(after)")
        for (_, built) in interface.toplevels { built.widget?.destroy() }
        interfaces.removeAll()
        toolkit = ToolkitTexts()
      }
    }
  }

  /// Switch after switch, each from what the one before left (the messages it found,
  /// and the texts it found no message of GTK's for): each shows what a fresh build shows.
  func testSwitchAfterSwitchShowsWhatAFreshBuildShows() throws {
    try onMainActor {
      let route = ["de", "fr", "ar", "en", "de"]
      var expected: [String: [String]] = [:]
      for language in Set(route.dropFirst()) {
        toolkit = ToolkitTexts()
        let fresh = try openToolkit(language)
        expected[language] = shown(fresh)
        for (_, built) in fresh.toplevels { built.widget?.destroy() }
        interfaces.removeAll()
      }
      toolkit = ToolkitTexts()
      let interface = try openToolkit(route[0])
      for (before, after) in zip(route, route.dropFirst()) {
        try switchTo(after)
        let languages = [try LanguageTag(before), try LanguageTag(after)]
        XCTAssertEqual(
          shown(interface).filter { !isFreeSpace($0, in: languages) },
          expected[after]?.filter { !isFreeSpace($0, in: languages) }, "\(before) → \(after)")
      }
    }
  }

  /// A file chooser's free space of a disk ("84.7 GB / 270.6 GB available"): GIO fills it
  /// in when it has asked the disk, sooner or later after the chooser is built.
  @MainActor
  func isFreeSpace(_ text: String, in languages: [LanguageTag]) -> Bool {
    languages.contains { language in
      // English's msgids are those the other language translates.
      let other = languages.first { $0 != language }
      return gtk.translationIndex(for: language, table: ToolkitTexts.domain, sourceLanguage: other)
        .recognize(text).contains { $0.msgid == "%s / %s available" }
    }
  }

  func testThroughArabicAndBackToEnglish() throws {
    try onMainActor {
      let interface = try openToolkit("fr")
      try switchTo("ar")
      XCTAssertTrue(shown(interface).contains(try gtk30("_Cancel", "ar")), "\(shown(interface))")
      try switchTo("en")
      let texts = shown(interface)
      XCTAssertTrue(texts.contains("_OK"), "\(texts)")
      XCTAssertTrue(texts.contains("_Cancel"), "\(texts)")
      XCTAssertEqual(try stockButtonName(interface), "Cancel")
      XCTAssertTrue(texts.contains("Save the report?"))
    }
  }
}
