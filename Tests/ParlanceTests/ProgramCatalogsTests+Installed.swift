import Foundation

@testable import Parlance

/// The installation the tests of `ProgramCatalogsTests` read: catalogs msgfmt compiled
/// into a fresh locale folder.
extension ProgramCatalogsTests {
  /// `app` in German, French, Arabic and Brazilian and plain Portuguese, and a `gtk30`
  /// in German, French and Korean, compiled into a fresh locale folder.
  final class Installed {
    let folder: URL
    var paths: [String] = []

    init() throws {
      folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("program-catalogs-\(UUID().uuidString)", isDirectory: true)
      let app: [String: [(String, String)]] = [
        "de": [
          ("_File", "_Datei"), ("_Color Scheme", "_Farbschema"),
          ("<b>Color Scheme</b>", "<b>Farbschema</b>"), ("Classic", "Klassisch"),
          ("%s | Authors: %s", "%s | Autoren: %s"), ("Other", "Sonstige"),
          ("Others", "Sonstige"), ("Untranslated in French", "Auf Französisch nicht"),
          ("_Open", "_Öffnen"),
          ("See <a href=\\\"%s\\\">%s</a>.", "Siehe <a href=\\\"%s\\\">%s</a>."),
          ("%s file", "%s-Datei"), ("%s script", "%s-Skript-Datei"), ("Unicode", "Unicode"),
          ("R", "R"), ("Cyrillic/Russian", "Kyrillisch/Russisch"),
          ("Cyrillic", "Kyrillisch"), ("_Back", "_Zurück"), ("_Edit", "_Bearbeiten"),
          ("%.1f MB", "%.1f MB"), ("Color: Dark", "Farbe: Dunkel"), ("Color", "Farbe"),
          ("Color: %s", "Farbe: %s"), ("Two", "Zwei"), ("Soyombo", "Sojombo"), ("App", "App"),
          ("Score: %u", "Punkte: %4u"), ("Move Page Up", "Seite nach oben"),
          ("Move page up", "Seite nach oben"),
          ("File not found: {path}", "Datei nicht gefunden: {path}"),
          ("{name} by {artist}", "Von {artist}: {name}"),
          ("<b>Icon: {icon}</b>", "<b>Symbol: {icon}</b>"),
          // Key names of a library's own (Granite's), no "keyboard label" of GTK's.
          ("Shift", "Umschalttaste"), ("Minus", "Minus"),
        ],
        "fr": [
          ("_File", "_Fichier"), ("_Color Scheme", "_Jeu de couleurs"),
          ("<b>Color Scheme</b>", "<b>Jeu de couleurs</b>"), ("Classic", "Classique"),
          ("%s | Authors: %s", "%s | Auteurs : %s"), ("Other", "Autre"),
          ("Others", "Autres"), ("_Open", "_Ouvrir"),
          ("See <a href=\\\"%s\\\">%s</a>.", "Voir <a href=\\\"%s\\\">%s</a>."),
          ("%s file", "fichier %s"), ("%s script", "script %s"), ("Unicode", "Unicode"), ("R", "D"),
          ("Cyrillic/Russian", "Cyrillique/Russe"), ("Cyrillic", "Cyrillique"),
          ("_Back", "_Précédent"), ("_Edit", "É_dition"), ("%.1f MB", "%.1f Mo"),
          ("Color: Dark", "Couleur foncée"), ("Color", "Couleur"), ("Color: %s", "Couleur : %s"),
          ("Two", "Deux"), ("App", "Appli"), ("Score: %u", "Score : %u"),
          ("Move Page Up", "Déplacer la page vers le haut"), ("Move page up", "Monter la page"),
          ("File not found: {path}", "Fichier non trouvé : {path}"),
          ("{name} by {artist}", "{name} par {artist}"),
          ("<b>Icon: {icon}</b>", "<b>Icône : {icon}</b>"),
          ("Shift", "Maj"), ("Minus", "Moins"),
        ],
        "ar": [
          ("_File", "_ملف"), ("_Open", "_افتح"), ("Unicode", "يونيكود"), ("Soyombo", "سويومبو"),
        ],
        "pt": [("_File", "_Ficheiro"), ("_Open", "_Abrir")],
        "pt_BR": [("_File", "_Arquivo")],
      ]
      // "%d file", and GLib's sizes: "%u byte", and "%s byte" whose count is no argument.
      let plurals: [String: Plurals] = [
        "de": (
          "nplurals=2; plural=(n != 1);",
          [
            ("%d file", "%d files", ["%d Datei", "%d Dateien"]),
            ("%u byte", "%u bytes", ["%u Byte", "%u Bytes"]),
            ("%s byte", "%s bytes", ["%s Byte", "%s Bytes"]),
          ]
        ),
        "fr": (
          "nplurals=2; plural=(n > 1);",
          [
            ("%d file", "%d files", ["%d fichier", "%d fichiers"]),
            ("%u byte", "%u bytes", ["%u octet", "%u octets"]),
            ("%s byte", "%s bytes", ["%s octet", "%s octets"]),
          ]
        ),
      ]
      for (language, messages) in app {
        paths.append(
          try compile(
            domain: "app", language: language, messages: messages, plural: plurals[language]))
      }
      let gtk: [String: [(String, String)]] = [
        "de": [
          ("_Cancel", "_Abbrechen"), ("Open", "Öffnen"), ("keyboard label\u{4}Back", "Zurück"),
          ("Action name\u{4}Edit", "Bearbeiten"), ("keyboard label\u{4}KP", "NB"),
          ("keyboard label\u{4}Ctrl", "Strg"), ("keyboard label\u{4}BackSpace", "Rücktaste"),
          ("keyboard label\u{4}Alt", "Alt"),
        ],
        "fr": [
          ("_Cancel", "_Annuler"), ("Open", "Ouvrir"), ("keyboard label\u{4}Back", "En arrière"),
          ("Action name\u{4}Edit", "Modifier"), ("keyboard label\u{4}KP", "PNum"),
          ("keyboard label\u{4}Ctrl", "Ctrl"), ("keyboard label\u{4}BackSpace", "Retour arrière"),
          ("keyboard label\u{4}Alt", "Alt"),
          // French translates GTK's script name as it is; the app leaves its own untranslated.
          ("Script\u{4}Soyombo", "Soyombo"),
        ],
        "ko": [("_Cancel", "취소(_C)")],
      ]
      for (language, messages) in gtk {
        paths.append(try compile(domain: "gtk30", language: language, messages: messages))
      }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// A catalog's plural rule and its plural messages: msgid, msgid_plural, forms.
    typealias Plurals = (header: String, messages: [(String, String, [String])])

    private func compile(
      domain: String, language: String, messages: [(String, String)], plural: Plurals? = nil
    ) throws -> String {
      var po = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\""
      if let plural { po += "\n\"Plural-Forms: \(plural.header)\\n\"" }
      po += "\n\n"
      for (key, text) in messages {
        // A key with a context is written as gettext keeps it: context, U+0004, msgid.
        let parts = key.split(separator: "\u{4}", maxSplits: 1).map(String.init)
        if parts.count == 2 { po += "msgctxt \"\(parts[0])\"\n" }
        po += "msgid \"\(parts.last ?? key)\"\nmsgstr \"\(text)\"\n\n"
      }
      for (msgid, msgidPlural, forms) in plural?.messages ?? [] {
        po += "msgid \"\(msgid)\"\nmsgid_plural \"\(msgidPlural)\"\n"
        for (form, text) in forms.enumerated() { po += "msgstr[\(form)] \"\(text)\"\n" }
        po += "\n"
      }
      let source = folder.appendingPathComponent("\(domain)-\(language).po")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try po.write(to: source, atomically: true, encoding: .utf8)
      return try GlibcGettext.compile(source, into: folder, language: language, domain: domain)
        .path
    }

    /// The catalogs, with the names of `desktopEntries` (none: a test does not depend on
    /// the machine's applications).
    func catalogs(
      textDomain: String = "app", desktopEntries: DesktopEntryNames = DesktopEntryNames(folders: [])
    ) throws -> ProgramCatalogs {
      try ProgramCatalogs(
        catalogPaths: paths, textDomain: textDomain, textDomainDirectory: folder.path,
        systemFolders: [], desktopEntries: desktopEntries)
    }
  }

  /// `body` with the catalogs of a fresh installation, kept on disk until it returns
  /// (the catalogs are read on first use).
  func withCatalogs(_ body: (ProgramCatalogs) throws -> Void) throws {
    let installed = try Installed()
    try withExtendedLifetime(installed) { try body(try installed.catalogs()) }
  }
}
