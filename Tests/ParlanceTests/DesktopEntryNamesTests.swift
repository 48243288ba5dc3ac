import Foundation
import Testing

@testable import Parlance

/// The names installed desktop entries give, found as GLib gave them to a program: in a
/// user's and a system's data folder written to disk.
struct DesktopEntryNamesTests {
  /// A user's and a system's data folder with applications and menus.
  final class Folders {
    let root: URL
    var user: URL { root.appendingPathComponent("user", isDirectory: true) }
    var system: URL { root.appendingPathComponent("system", isDirectory: true) }
    var menus: URL { root.appendingPathComponent("config/menus", isDirectory: true) }

    init() throws {
      root = FileManager.default.temporaryDirectory
        .appendingPathComponent("desktop-entries-\(UUID().uuidString)", isDirectory: true)
      let files: [(String, String)] = [
        (
          "system/applications/viewer.desktop",
          """
          [Desktop Entry]
          Name=Viewer
          Name[de]=Betrachter
          Name[fr]=Visionneuse
          Comment=Look at files
          Comment[de]=Dateien ansehen
          Comment[fr]=Voir des fichiers
          Icon=viewer
          [Desktop Action new-window]
          Name=New Window
          Name[de]=Neues Fenster
          Name[fr]=Nouvelle fenêtre
          """
        ),
        (
          "system/applications/editor.desktop",
          "[Desktop Entry]\nName=Text Editor\nName[de]=Texteditor\nName[fr]=Éditeur de texte\n"
            + "Comment[de]=Textdateien bearbeiten\nComment[fr]=Modifier des fichiers texte\n"
        ),
        // The user's copy of an entry hides the system's.
        (
          "user/applications/editor.desktop",
          "[Desktop Entry]\nName=Text Editor\nName[de]=Texteditor\nName[fr]=Éditeur\n"
        ),
        // In a subfolder: its id is kde-calculator.desktop.
        (
          "system/applications/kde/calculator.desktop",
          "[Desktop Entry]\nName=Calculator\nName[de]=Rechner\nName[fr]=Calculatrice\n"
        ),
        (
          "system/desktop-directories/Utility.directory",
          "[Desktop Entry]\nName=Accessories\nName[de]=Zubehör\nName[fr]=Accessoires\n"
            + "Name[pt]=Acessórios\nName[pt_BR]=Utilitários\nName[sr@latin]=Pribor\n"
        ),
        (
          "system/desktop-directories/AudioVideo.directory",
          "[Desktop Entry]\nName=Sound & Video\nName[de]=Multimedia\nName[fr]=Son et vidéo\n"
        ),
        // Two menus German names alike and French does not.
        (
          "system/desktop-directories/Game.directory",
          "[Desktop Entry]\nName=Games\nName[de]=Spiele\nName[fr]=Jeux\n"
        ),
        (
          "system/desktop-directories/Play.directory",
          "[Desktop Entry]\nName=Play\nName[de]=Spiele\nName[fr]=Ludothèque\n"
        ),
        // Names a catalog's messages show too (ProgramCatalogsTests).
        (
          "system/applications/retro.desktop",
          "[Desktop Entry]\nName=Retro\nName[de]=Klassisch\nName[fr]=Rétro\n"
        ),
        (
          "system/desktop-directories/Other.directory",
          "[Desktop Entry]\nName=Other\nName[de]=Sonstige\nName[fr]=Divers\n"
        ),
        // A desktop's own categories, beside the others (MATE's).
        (
          "system/mate/desktop-directories/mate-development.directory",
          "[Desktop Entry]\nName=Programming\nName[de]=Programmierung\nName[fr]=Programmation\n"
        ),
        // A category whose comment German writes as its name.
        (
          "system/desktop-directories/Board.directory",
          "[Desktop Entry]\nName=Board\nName[de]=Brett\nName[fr]=Plateau\nComment=Board games\n"
            + "Comment[de]=Brett\nComment[fr]=Jeux de plateau\n"
        ),
        // A program's name, which a program shows as it is; a name no language
        // translates.
        (
          "system/applications/mousepad.desktop",
          "[Desktop Entry]\nName=Mousepad\nName[ar]=ماوس باد\n"
        ),
        (
          "system/desktop-directories/Settings.directory", "[Desktop Entry]\nName=System Settings\n"
        ),
        // Two menus, each naming its categories' files.
        (
          "config/menus/gnome-applications.menu",
          "<Menu><Name>Applications</Name><Directory>X.directory</Directory>\n"
            + "<Menu><Directory> Utility.directory </Directory></Menu>\n"
            + "<Menu><Directory>AudioVideo.directory</Directory></Menu>\n"
            + "<Menu><Directory>Game.directory</Directory>\n"
            + "<Menu><Directory>Board.directory</Directory></Menu></Menu></Menu>\n"
        ),
        (
          "config/menus/applications-merged/other.menu",
          "<Menu><Directory>Play.directory</Directory><Directory>Other.directory</Directory></Menu>"
        ),
        // GLib refuses it; the next leaves its names to gettext; the last is no entry.
        (
          "system/applications/broken.desktop",
          "[Desktop Entry]\nName[de]=Kaputt\nName[fr]=Cassé\nbroken\n"
        ),
        (
          "system/applications/gettext.desktop",
          "[Desktop Entry]\nName=Named\nName[de]=Benannt\nName[fr]=Nommé\nX-GNOME-Gettext-Domain=app\n"
        ),
        ("system/applications/notes.txt", "[Desktop Entry]\nName[de]=Notiz\nName[fr]=Note\n"),
      ]
      for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
      }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var names: DesktopEntryNames {
      DesktopEntryNames(folders: [user, system], menuFolders: [menus])
    }
  }

  @Test func aTextIsFoundInTheLanguageShownAndMadeInAnother() throws {
    let folders = try Folders()
    let names = folders.names
    let cases: [(shown: String, languages: [String], french: [String])] = [
      ("Zubehör", ["de"], ["Accessoires"]),
      ("Rechner", ["de"], ["Calculatrice"]),
      ("Neues Fenster", ["de"], ["Nouvelle fenêtre"]),
      ("Dateien ansehen", ["de"], ["Voir des fichiers"]),
      ("Programmierung", ["de"], ["Programmation"]),
      // The user's copy: its name, not the system's, which it hides whole.
      ("Texteditor", ["de"], ["Éditeur"]), ("Textdateien bearbeiten", ["de"], []),
      // A name no language translates.
      ("System Settings", ["de"], ["System Settings"]),
      // `pt_BR` before `pt`; `sr@latin` as GLib names it.
      ("Utilitários", ["pt_BR"], ["Accessoires"]),
      ("Pribor", DesktopEntryNames.languageNames(["sr_RS@latin"]), ["Accessoires"]),
      ("Spiele", ["de"], ["Jeux", "Ludothèque"]),
      // Refused, left to gettext, no entry.
      ("Kaputt", ["de"], []), ("Benannt", ["de"], []), ("Notiz", ["de"], []),
    ]
    for (shown, languages, french) in cases {
      let keys = names.keys(showing: shown, languages: languages)
      #expect(
        keys.compactMap { names.text(of: $0, languages: ["fr"]) }.sorted() == french, "\(shown)")
    }
    #expect(names.keys(showing: "Utilitários", languages: ["pt"]).isEmpty)
    // The untranslated name of an entry that has translations, where the language has
    // none, only when asked for: "Mousepad" is the program's own name too.
    #expect(names.keys(showing: "Sound & Video", languages: ["it"]).isEmpty)
    #expect(names.keys(showing: "Mousepad", languages: ["de"]).isEmpty)
    let untranslated = names.keys(
      showing: "Sound & Video", languages: ["it"], untranslatedToo: true)
    #expect(untranslated.compactMap { names.text(of: $0, languages: ["fr"]) } == ["Son et vidéo"])
    #expect(names.keys(showing: "Mousepad", languages: ["de"], untranslatedToo: true).count == 1)
  }

  @Test func menusAreSharedByTheCategoriesOneMenuFileNames() throws {
    let folders = try Folders()
    let names = folders.names
    func key(_ text: String) throws -> String {
      try #require(names.keys(showing: text, languages: ["de"]).first)
    }
    let (utility, audioVideo) = (try key("Zubehör"), try key("Multimedia"))
    let spiele = names.keys(showing: "Spiele", languages: ["de"])
    #expect(spiele.count == 2)
    // Game.directory is in the menu of Utility.directory; Play.directory is not.
    #expect(spiele.map { names.sharedMenus($0, utility) }.sorted() == [0, 1])
    #expect(names.sharedMenus(utility, audioVideo) == 1)
    // Applications go with applications.
    #expect(names.sharedMenus(try key("Rechner"), try key("Betrachter")) == 1)
    #expect(names.sharedMenus(try key("Rechner"), utility) == 0)
    #expect(names.isAlikeInEveryLanguage(try key("System Settings")))
    #expect(!names.isAlikeInEveryLanguage(utility))
  }

  /// Read ahead on a thread of its own while lookups come from others: all see the same
  /// names, with no data race (run under ThreadSanitizer: `make sanitize`).
  @Test func lookupsDuringTheReadAheadSeeTheSameNames() throws {
    let folders = try Folders()
    let names = folders.names
    names.readAhead()
    let found = Lock<[[String]]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      let keys = names.keys(showing: "Zubehör", languages: ["de"])
      found.withLock { $0.append(keys.compactMap { names.text(of: $0, languages: ["fr"]) }) }
    }
    #expect(found.withLock { $0 } == Array(repeating: ["Accessoires"], count: 4))
  }

  @Test func languageNamesAreGLibsVariants() {
    #expect(
      DesktopEntryNames.languageNames(["sr_RS@latin"]) == [
        "sr_RS@latin", "sr@latin", "sr_RS", "sr",
      ])
    #expect(
      DesktopEntryNames.languageNames(["de_DE.UTF-8@euro"]) == [
        "de_DE.UTF-8@euro", "de_DE@euro", "de.UTF-8@euro", "de@euro", "de_DE.UTF-8", "de_DE",
        "de.UTF-8", "de",
      ])
    #expect(DesktopEntryNames.languageNames(["pt_BR", "pt"]) == ["pt_BR", "pt"])
    #expect(DesktopEntryNames.languageNames(["de"]) == ["de"])
  }

  @Test func theFoldersAreTheUsersThenTheSystems() {
    #expect(
      DesktopEntryNames.installedMenuFolders(environment: ["HOME": "/home/a"]).map(\.path) == [
        "/home/a/.config/menus", "/etc/xdg/menus",
      ])
    func paths(_ environment: [String: String]) -> [String] {
      DesktopEntryNames.installedFolders(environment: environment).map(\.path)
    }
    #expect(
      paths(["HOME": "/home/a"]) == ["/home/a/.local/share", "/usr/local/share", "/usr/share"])
    #expect(
      paths([
        "HOME": "/home/a", "XDG_DATA_HOME": "/data", "XDG_DATA_DIRS": "/opt/share::rel:/usr/share",
      ])
        == ["/data", "/opt/share", "/usr/share"])
    // A relative folder is no XDG folder.
    #expect(
      paths(["XDG_DATA_HOME": "data", "XDG_DATA_DIRS": ""]) == ["/usr/local/share", "/usr/share"])
  }
}
