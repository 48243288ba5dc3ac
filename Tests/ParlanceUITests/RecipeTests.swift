import CGettext
import CParlanceLive
import Foundation
import XCTest

@testable import Parlance

/// A recipe the controller gives a text, made by the GTK module's own C
/// (`parlance_render_recipe`) through glibc's gettext over catalogs msgfmt compiled: in
/// every language it must give what the controller decides for that language. XCTest,
/// serial: gettext's language is the process's, put back after each test.
final class RecipeTests: XCTestCase {
  private var folder: URL!
  private var paths: [String] = []
  private var savedLanguage: String?
  private var savedLocale: String?

  /// The texts of a German program: messages shown whole, padded, without their
  /// mnemonic, in markup, joined, in a context; printf messages with numbers, with a
  /// name and a message as arguments, reordered by a translation; plural forms.
  private static let shownInGerman = [
    "_Datei", "Datei", "_Datei      ", "  Farbschema  ", "<b>Farbschema</b>",
    "Sonstige/Klassisch", "Klassisch - Mousepad", "Öffnen", "Nur deutsch",
    "Zeile 3, Spalte 12", "Klassisch | Autoren: Anna Berg", "Anna von Bob", "3 Dateien",
    "1 Datei", "  Zeile 40, Spalte 1",
  ]

  /// The plural message of the catalogs, by language: its Plural-Forms and forms.
  private static let plurals: [String: (header: String, forms: [String])] = [
    "de": ("nplurals=2; plural=(n != 1);", ["%d Datei", "%d Dateien"]),
    "fr": ("nplurals=2; plural=(n > 1);", ["%d fichier", "%d fichiers"]),
  ]

  override func setUpWithError() throws {
    let msgfmt = "/usr/bin/msgfmt"
    guard FileManager.default.isExecutableFile(atPath: msgfmt) else {
      throw XCTSkip("no msgfmt (gettext) to compile the catalogs")
    }
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("recipes-\(UUID().uuidString)", isDirectory: true)
    let app: [String: [(String, String, String?)]] = [
      "de": [
        ("_File", "_Datei", nil), ("Color Scheme", "Farbschema", nil),
        ("Classic", "Klassisch", nil), ("Others", "Sonstige", nil),
        ("Open", "Öffnen", "verb"), ("German only", "Nur deutsch", nil),
        ("Line %d, Column %d", "Zeile %d, Spalte %d", nil),
        ("%s | Authors: %s", "%s | Autoren: %s", nil), ("%s of %s", "%s von %s", nil),
      ],
      "fr": [
        ("_File", "_Fichier", nil), ("Color Scheme", "Jeu de couleurs", nil),
        ("Classic", "Classique", nil), ("Others", "Autres", nil),
        ("Open", "Ouvrir", "verb"), ("Line %d, Column %d", "Ligne %d, colonne %d", nil),
        ("%s | Authors: %s", "%s | Auteurs : %s", nil), ("%s of %s", "%2$s, de %1$s", nil),
      ],
      // Arabic translates only a few: the others show their msgids, as in a fresh start.
      "ar": [("_File", "_ملف", nil), ("Open", "افتح", "verb")],
      // A fresh start in English shows the msgids, British English or not installed.
      "en_GB": [("Color Scheme", "Colour Scheme", nil)],
    ]
    for (language, messages) in app {
      let plural = Self.plurals[language]
      var po = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\""
      if let plural { po += "\n\"Plural-Forms: \(plural.header)\\n\"" }
      po += "\n\n"
      for (id, text, context) in messages {
        if let context { po += "msgctxt \"\(context)\"\n" }
        // A format string gets the flag xgettext gives it, for msgfmt to check.
        if id.contains("%") { po += "#, c-format\n" }
        po += "msgid \"\(id)\"\nmsgstr \"\(text)\"\n\n"
      }
      if let plural {
        po += "#, c-format\nmsgid \"%d file\"\nmsgid_plural \"%d files\"\n"
        for (form, text) in plural.forms.enumerated() { po += "msgstr[\(form)] \"\(text)\"\n" }
      }
      let messagesFolder = folder.appendingPathComponent("\(language)/LC_MESSAGES")
      try FileManager.default.createDirectory(at: messagesFolder, withIntermediateDirectories: true)
      let source = folder.appendingPathComponent("app-\(language).po")
      try po.write(to: source, atomically: true, encoding: .utf8)
      let compiled = messagesFolder.appendingPathComponent("app.mo")
      let process = Process()
      process.executableURL = URL(fileURLWithPath: msgfmt)
      process.arguments = ["-o", compiled.path, source.path]
      try process.run()
      process.waitUntilExit()
      XCTAssertEqual(process.terminationStatus, 0, "msgfmt refused \(source.path)")
      paths.append(compiled.path)
    }
    savedLanguage = getenv("LANGUAGE").map { String(cString: $0) }
    savedLocale = setlocale(LC_MESSAGES, nil).map { String(cString: $0) }
    XCTAssertEqual(parlance_bindtextdomain("app", folder.path), 0)
  }

  override func tearDownWithError() throws {
    if let savedLanguage { setenv("LANGUAGE", savedLanguage, 1) } else { unsetenv("LANGUAGE") }
    if let savedLocale { setlocale(LC_MESSAGES, savedLocale) }
    if let folder { try? FileManager.default.removeItem(at: folder) }
  }

  private func catalogs() throws -> ProgramCatalogs {
    try ProgramCatalogs(
      catalogPaths: paths, textDomain: "app", textDomainDirectory: folder.path,
      systemFolders: [], desktopEntries: DesktopEntryNames(folders: []))
  }

  /// What the module makes of `recipe` with gettext switched to `languages`.
  private func made(_ recipe: String, in languages: [String]) -> (ParlanceRecipeKind, String?) {
    XCTAssertEqual(parlance_switch_gettext(languages.joined(separator: ":")), 0)
    var text: UnsafeMutablePointer<CChar>?
    let kind = parlance_render_recipe(recipe, &text)
    defer { g_free(text) }
    return (kind, text.map { String(cString: $0) })
  }

  func testARecipeMadeInAnyLanguageIsWhatTheControllerDecidesThere() throws {
    let catalogs = try catalogs()
    let de = try LanguageTag("de")
    let first = try catalogs.plan(
      Self.shownInGerman.map { ProgramCatalogs.Text(text: $0) }, from: de, to: try LanguageTag("fr")
    )
    // Every text has a recipe: "Nur deutsch" has no French, so French shows its msgid.
    XCTAssertEqual(first.left.map(\.text), [])
    XCTAssertEqual(first.changes.filter(\.recipe.isEmpty).map(\.text), [])
    for target in ["fr", "ar", "en", "de"] {
      let decided = try catalogs.plan(
        Self.shownInGerman.map { ProgramCatalogs.Text(text: $0) }, from: de,
        to: try LanguageTag(target))
      let languages = catalogs.destination(of: try LanguageTag(target)).gettextLanguages
      for (change, expected) in zip(first.changes, decided.changes) {
        let (kind, text) = made(change.recipe, in: languages.isEmpty ? ["en"] : languages)
        XCTAssertEqual(kind, PARLANCE_RECIPE_MESSAGES, "\(change.recipe.debugDescription)")
        XCTAssertEqual(text, expected.text, "\(Self.shownInGerman[change.index]) in \(target)")
      }
    }
  }

  func testATextNoCatalogHasIsKeptAsItIs() throws {
    let recipe = try XCTUnwrap(Retranslator.Recipe.kept("AsciiDoc      ").encoded)
    let (kind, text) = made(recipe, in: ["fr"])
    XCTAssertEqual(kind, PARLANCE_RECIPE_LITERAL)
    XCTAssertEqual(text, "AsciiDoc      ")
  }

  func testARecipeTheModuleCannotMakeIsRefused() throws {
    // A text holding a separator has no recipe: the controller decides it every time.
    XCTAssertNil(Retranslator.Recipe.kept("a\u{1E}b").encoded)
    XCTAssertNil(
      Retranslator.Recipe([.message(table: "", key: "x", withoutMnemonic: false)]).encoded)
    XCTAssertNil(Retranslator.Recipe([]).encoded)
    let line = "Fapp\u{1F}Line %d, Column %d\u{1F}\u{1F}"
    for broken in [
      "", "X", "Mapp", "M\u{1F}_File", "Tok\u{1E}", "Mapp\u{1F}",
      // A number's conversion given a text, an argument missing, a plural without count.
      line + "\u{1F}sx\u{1F}sy", line + "\u{1F}i3", "Fapp\u{1F}%d file\u{1F}%d files\u{1F}",
      "Fapp\u{1F}%s | Authors: %s\u{1F}\u{1F}\u{1F}gapp\u{1F}sAnna",
    ] {
      XCTAssertEqual(made(broken, in: ["fr"]).0, PARLANCE_RECIPE_INVALID, broken.debugDescription)
    }
    // A catalog answering in another codeset than UTF-8 is not read as UTF-8.
    XCTAssertEqual(parlance_bind_codeset("app", "ISO-8859-1"), 0)
    defer { parlance_bind_codeset("app", "UTF-8") }
    XCTAssertEqual(made("Mapp\u{1F}_File", in: ["fr"]).0, PARLANCE_RECIPE_INVALID)
    XCTAssertEqual(made(Retranslator.Recipe.toolkitItem, in: ["fr"]).0, PARLANCE_RECIPE_TOOLKIT)
  }
}
