import Foundation
import Testing

@testable import Parlance

/// A switch of texts no message shows that are installed applications' and menus'
/// names: what a menu editor or an application chooser shows.
extension ProgramCatalogsTests {
  @Test func aNameOfNoMessageIsTheDesktopEntrysInTheNewLanguage() throws {
    let installed = try Installed()
    let folders = try DesktopEntryNamesTests.Folders()
    try withExtendedLifetime((installed, folders)) {
      let catalogs = try installed.catalogs(desktopEntries: folders.names)
      let texts: [ProgramCatalogs.Text] = [
        // A menu editor's categories: a list column all of whose rows are names.
        .init(text: "Zubehör", group: 7), .init(text: "Multimedia", group: 7),
        .init(text: "Rechner", group: 7),
        .init(text: "<b>Zubehör</b>"), .init(text: "<small><i>Zubehör</i></small>"),
        .init(text: "Neues Fenster"), .init(text: "Texteditor"),
        // A message of the catalogs is that, though an entry has the same name.
        .init(text: "Klassisch"), .init(text: "Sonstige"),
        // Two menus' entries with different French: the list's other rows are the first
        // menu's; shown alone, it is left.
        .init(text: "Spiele", group: 7), .init(text: "Spiele"),
        // A category's name, which its comment reads as in German.
        .init(text: "Brett", group: 7),
        // A name alike in every language; a program's name; none; one GLib refuses.
        .init(text: "System Settings"), .init(text: "Mousepad"),
        .init(text: "Kaputt"), .init(text: "Gar nichts"),
      ]
      let plan = try catalogs.plan(texts, from: Self.de, to: Self.fr)
      let changed = Dictionary(
        plan.changes.map { (texts[$0.index].text, $0.text) }, uniquingKeysWith: { $1 })
      #expect(
        changed == [
          "Zubehör": "Accessoires", "Multimedia": "Son et vidéo", "Rechner": "Calculatrice",
          "<b>Zubehör</b>": "<b>Accessoires</b>",
          "<small><i>Zubehör</i></small>": "<small><i>Accessoires</i></small>",
          "Neues Fenster": "Nouvelle fenêtre",
          "Texteditor": "Éditeur", "Klassisch": "Classique", "Spiele": "Jeux", "Brett": "Plateau",
          "System Settings": "System Settings",
        ])
      let left = Dictionary(uniqueKeysWithValues: plan.left.map { ($0.text, $0.reason) })
      guard case .ambiguous(let spiele)? = left["Spiele"],
        case .ambiguous(let sonstige)? = left["Sonstige"]
      else {
        Issue.record("left: \(left)")
        return
      }
      #expect(spiele.allSatisfy { $0.table == DesktopEntryNames.table })
      #expect(sonstige.allSatisfy { $0.table == "app" })
      #expect(left["Kaputt"] == .unknown && left["Gar nichts"] == .unknown)
      #expect(left["Mousepad"] == .unknown)
      // Alike in every language: kept by a recipe, the module's to make.
      let settings = try #require(plan.changes.first { texts[$0.index].text == "System Settings" })
      #expect(settings.recipe == Retranslator.Recipe.kept("System Settings").encoded)
      // No recipe: gettext cannot make it. The entry is remembered instead, and the next
      // switch makes it from there.
      let zubehör = try #require(plan.changes.first { texts[$0.index].text == "Zubehör" })
      #expect(zubehör.recipe.isEmpty)
      let back = try catalogs.plan(
        [.init(text: "Accessoires", message: zubehör.message)], from: Self.fr, to: Self.de)
      #expect(back.changes.map(\.text) == ["Zubehör"])
    }
  }

  /// In a list, an entry's untranslated name is its name: a menu editor's list of
  /// applications shows "Mousepad", which Arabic names otherwise; a language with no
  /// name of an entry shows its untranslated one.
  @Test func aListsNamesAreEntriesNamesUntranslatedToo() throws {
    let installed = try Installed()
    let folders = try DesktopEntryNamesTests.Folders()
    try withExtendedLifetime((installed, folders)) {
      let catalogs = try installed.catalogs(desktopEntries: folders.names)
      let plan = try catalogs.plan(
        [.init(text: "Mousepad", group: 3), .init(text: "Rechner", group: 3)], from: Self.de,
        to: LanguageTag.test("ar"))
      #expect(plan.changes.map(\.text) == ["ماوس باد", "Calculator"])
    }
  }

  /// A markup column gets a name as markup: `&` written `&amp;`, and read back so.
  @Test func aNameInAMarkupColumnIsWrittenAsMarkup() throws {
    let installed = try Installed()
    let folders = try DesktopEntryNamesTests.Folders()
    try withExtendedLifetime((installed, folders)) {
      let catalogs = try installed.catalogs(desktopEntries: folders.names)
      let english = LanguageTag.test("en")
      let toEnglish = try catalogs.plan(
        [.init(text: "Multimedia", isMarkup: true), .init(text: "Multimedia")], from: Self.de,
        to: english)
      #expect(toEnglish.changes.map(\.text) == ["Sound &amp; Video", "Sound & Video"])
      // English shows the untranslated name: a list's row.
      let fromEnglish = try catalogs.plan(
        [.init(text: "Sound &amp; Video", group: 1, isMarkup: true)], from: english, to: Self.fr)
      #expect(fromEnglish.changes.map(\.text) == ["Son et vidéo"])
    }
  }
}
