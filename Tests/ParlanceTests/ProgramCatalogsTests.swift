import Foundation
import Testing

@testable import Parlance

/// A running program's catalogs and what a switch makes of the texts it shows: on
/// catalogs compiled by msgfmt into a locale folder, as a program installs them.
struct ProgramCatalogsTests {
  static let de = LanguageTag.test("de")
  static let fr = LanguageTag.test("fr")

  @Test func aCatalogPathGivesItsDomainFolderAndLanguage() throws {
    let found = try #require(
      ProgramCatalogs.catalog(at: "/usr/share/locale/pt_BR/LC_MESSAGES/gtk30.mo"))
    #expect(found.domain == "gtk30")
    #expect(found.folder.path == "/usr/share/locale")
    #expect(found.language == LanguageTag.test("pt-BR"))
    #expect(
      ProgramCatalogs.catalog(at: "/opt/x/share/locale/sr@latin/LC_MESSAGES/x.mo")?
        .language == LanguageTag.test("sr-Latn"))
    #expect(ProgramCatalogs.catalog(at: "/usr/share/locale/de/x.mo") == nil)
    #expect(ProgramCatalogs.catalog(at: "/usr/lib/locale/de/LC_MESSAGES/x.so") == nil)
  }

  @Test func theProgramsOwnDomainComesFirstAndTheToolkitsLast() throws {
    let installed = try Installed()
    let catalogs = try ProgramCatalogs(
      catalogPaths: installed.paths.sorted() + [
        "/usr/share/locale/de/LC_MESSAGES/gtk30-properties.mo"
      ],
      textDomain: "messages", textDomainDirectory: "", systemFolders: [],
      desktopEntries: DesktopEntryNames(folders: []))
    // `messages` is glibc's default: no domain of the program's.
    #expect(catalogs.domains == ["app", "gtk30", "glib20"])
    #expect(try installed.catalogs().domains == ["app", "gtk30", "glib20"])
    #expect(try installed.catalogs(textDomain: "other").domains.prefix(2) == ["other", "app"])
  }

  @Test func theLanguagesAreThoseOfTheProgramsOwnDomain() throws {
    try withCatalogs { catalogs in
      #expect(
        Set(catalogs.languages.map(\.identifier)) == ["en", "de", "fr", "ar", "pt", "pt-BR"])
      #expect(catalogs.languages.first == LanguageTag.test("en"))
      // Known from the files: no catalog was read for it (a program has some 50 languages).
      #expect(catalogs.localizer.loader.folders.allSatisfy { $0.parsedFileCount == 0 })
      // Korean is only GTK's.
      #expect(catalogs.installedLanguages.contains(LanguageTag.test("ko")))
      #expect(catalogs.shownLanguage(gettextLanguages: ["de_DE", "de"]) == Self.de)
      #expect(catalogs.shownLanguage(gettextLanguages: ["xx"]) == LanguageTag.test("en"))
      #expect(catalogs.shownLanguage(gettextLanguages: []) == LanguageTag.test("en"))
      #expect(
        catalogs.gettextLanguages(for: LanguageTag.test("pt-BR")).prefix(2) == ["pt_BR", "pt"])
    }
  }

  /// What a fresh start in French shows, for each German text a program shows.
  @Test func aSwitchGivesWhatTheProgramShowsInTheOtherLanguage() throws {
    try withCatalogs { catalogs in
      let shown: [(String, String)] = [
        ("_Datei", "_Fichier"),
        // Padding the program put around a menu label stays.
        ("_Datei      ", "_Fichier      "),
        // The mnemonic label, not the heading with the same words.
        ("_Farbschema      ", "_Jeu de couleurs      "),
        ("<b>Farbschema</b>", "<b>Jeu de couleurs</b>"),
        // The plural form of the new language, with the number shown.
        ("3 Dateien", "3 fichiers"), ("1 Datei", "1 fichier"),
        // An argument that is itself a text of the catalogs is switched too.
        ("Klassisch | Autoren: Anna", "Classique | Auteurs : Anna"),
        // A message French does not translate shows its msgid, as gettext does.
        ("Auf Französisch nicht", "Untranslated in French"),
        // GTK's own texts come from its domain.
        ("_Abbrechen", "_Annuler"),
        // Texts the program joined: each part that is a catalog text switches, a name
        // stays.
        ("3 Dateien - Mousepad", "3 fichiers - Mousepad"), ("Klassisch/CMake", "Classique/CMake"),
        // The mark an editor puts before the title of a document changed since it was
        // saved (mousepad's "*Unbenannt 1 - Mousepad").
        ("*Klassisch - Mousepad", "*Classique - Mousepad"), ("•Klassisch", "•Classique"),
        // The program's name in its title stays, though its catalog translates it (for
        // its menu entry), and is switched where it is the whole text.
        ("Klassisch - App", "Classique - App"), ("App", "Appli"),
        // A text with its detail in parentheses (geany's "%s (%s)" of an encoding's name
        // and charset), either one a catalog text.
        ("Klassisch (ISO-8859-15)", "Classique (ISO-8859-15)"),
        ("Mousepad (Klassisch)", "Mousepad (Classique)"),
        // The text before the detail is one message with a separator in it, or texts
        // joined by one.
        ("Kyrillisch/Russisch (CP866)", "Cyrillique/Russe (CP866)"),
        ("Klassisch/C (UTF-8)", "Classique/C (UTF-8)"),
        // Of two printf messages, the one whose words cover more of the text (geany's
        // "%s script" with "Batch", not "%s file" with "Batch-Skript").
        ("Batch-Skript-Datei", "script Batch"), ("Batch-Datei", "fichier Batch"),
        // A text joined of one that reads the same in both languages is one all the same.
        ("Unicode (UTF-8)", "Unicode (UTF-8)"),
        // A word of the catalogs among numbers and signs: a quantity and its unit.
        ("0 Klassisch ▴", "0 Classique ▴"),
        // A text of several words before a sign, whole, though a separator is in it,
        // its first word is a text too, and a printf message reads the rest as its
        // argument (iagno's menu button, "%s ▾", and GTK's "Color: %s"); that message
        // where no other reads the text.
        ("Farbe: Dunkel ▾", "Couleur foncée ▾"), ("Farbe: Anna ▾", "Couleur : Anna ▾"),
        // A text and the colon the program put after it (zim's `_('Find') + ': '`).
        ("Klassisch: ", "Classique: "), ("Klassisch:", "Classique:"),
        // Lines a program joined, each switched where it is a text (gnome-mines' board
        // buttons: its own markup of the size, then a plural message).
        (
          "<span size='x-large'>8 × 8</span>\n3 Dateien",
          "<span size='x-large'>8 × 8</span>\n3 fichiers"
        ),
        ("<span size='x-large'>?</span>\nKlassisch", "<span size='x-large'>?</span>\nClassique"),
        // Paragraphs: grsync's tooltip of an rsync option's own help, which no catalog
        // has, and its translated description.
        (
          "--delete   delete extraneous files\n\nKlassisch",
          "--delete   delete extraneous files\n\nClassique"
        ),
        // A tooltip and its key, apart (a key of one letter is no message, though one
        // shows it: galculator's "R" is no "Red"); a section and a name with the
        // separator in it; a time before a message.
        ("Klassisch    Strg+K", "Classique    Ctrl+K"), ("Klassisch    R", "Classique    R"),
        // A shortcut GTK wrote into the program's tooltip: its key names switched, a key
        // of its own kept; a text of signs that is no shortcut is none.
        ("Klassisch (Strg+Rücktaste)", "Classique (Ctrl+Retour arrière)"),
        ("Klassisch: Strg+Alt+R", "Classique: Ctrl+Alt+R"),
        ("Klassisch    A+B", "Classique    A+B"),
        ("Strg+Rücktaste", "Ctrl+Retour arrière"),
        // A shortcut Granite wrote under a tooltip's text (minder's "Neue Datei\nStrg +
        // N"): key names joined by " + ", GTK's or a library's own, a key of signs kept.
        ("Klassisch\nStrg + N", "Classique\nCtrl + N"),
        ("Klassisch\nUmschalttaste + Strg + Minus", "Classique\nMaj + Ctrl + Moins"),
        ("⌘ + Umschalttaste + Strg + Alt + N", "⌘ + Maj + Ctrl + Alt + N"),
        // …in the markup Granite gives it (`markup_accel_tooltip`).
        (
          "Klassisch\n<span weight=\"600\" size=\"smaller\" alpha=\"75%\">Strg + N</span>",
          "Classique\n<span weight=\"600\" size=\"smaller\" alpha=\"75%\">Ctrl + N</span>"
        ),
        // …and one that is a printf message's argument ("Color: %s").
        ("Farbe: Strg+Alt+R", "Couleur : Ctrl+Alt+R"),
        // A key on the number pad in a tooltip: GTK's name for the pad and the digit
        // (galculator's "Zwei    NB 2").
        ("Zwei    NB 2", "Deux    PNum 2"),
        // A number its field width pads (swell-foop's "Punkte: %4u").
        ("Punkte:    7", "Score : 7"),
        ("Klassisch/IDL/PV-WAVE", "Classique/IDL/PV-WAVE"),
        ("21:21:46: Klassisch", "21:21:46: Classique"),
        // A text the program wrapped whole in markup (GtkAboutDialog's licence line,
        // a link inside): the text inside switches, the element stays.
        ("<span size=\"small\">Klassisch</span>", "<span size=\"small\">Classique</span>"),
        (
          "<span size=\"small\">Siehe <a href=\"https://x.org\">Klassisch</a>.</span>",
          "<span size=\"small\">Voir <a href=\"https://x.org\">Classique</a>.</span>"
        ),
      ]
      let plan = try catalogs.plan(
        shown.map { ProgramCatalogs.Text(text: $0.0) }, from: Self.de, to: Self.fr)
      #expect(plan.left.map(\.text) == [])
      #expect(plan.changes.map(\.text) == shown.map(\.1))
      #expect(plan.language == Self.fr)
      #expect(plan.gettextLanguages.first == "fr")
      // …and it keeps a recipe of its message, which a language that writes it
      // otherwise makes: Arabic.
      let unicode = try #require(plan.changes.first { $0.text == "Unicode (UTF-8)" })
      #expect(!unicode.recipe.isEmpty)
      #expect(unicode.recipe != Retranslator.Recipe.kept("Unicode (UTF-8)").encoded)
      let arabic = try catalogs.plan(
        [.init(text: "Unicode (UTF-8)")], from: Self.fr, to: LanguageTag.test("ar"))
      #expect(arabic.changes.map(\.text) == ["يونيكود (UTF-8)"])
      // A mark before no word is none: the text is no catalog's.
      let unmarked = try catalogs.plan([.init(text: "*3 Dateien")], from: Self.de, to: Self.fr)
      #expect(unmarked.left.map(\.reason) == [.unknown])
      #expect(!plan.isRightToLeft)
    }
  }

  @Test func onlyAnElementAroundTheWholeTextIsTakenAsAWrapper() {
    #expect(Retranslator.enclosingElement("<b>Name</b>")! == ("<b>", "Name", "</b>"))
    #expect(
      Retranslator.enclosingElement("<span size=\"small\">a <i>b</i></span>")!
        == ("<span size=\"small\">", "a <i>b</i>", "</span>"))
    for text in [
      "<b>a</b> and <b>b</b>", "<b>a</i>", "<br/>x</br>", "plain", "<b></b>", "< b>x</b>",
    ] {
      #expect(Retranslator.enclosingElement(text) == nil, "\(text)")
    }
  }

  /// Arabic leaves "_Color Scheme" untranslated: the program shows its msgid, padded,
  /// and an accessible name reads it without the mnemonic.
  @Test func aTextShownAsItsMsgidKeepsWhatWasAroundIt() throws {
    try withCatalogs { catalogs in
      let plan = try catalogs.plan(
        [.init(text: "_Color Scheme      "), .init(text: "Color Scheme")],
        from: .test("ar"), to: Self.fr)
      #expect(plan.changes.map(\.text) == ["_Jeu de couleurs      ", "Jeu de couleurs"])
      let remembered = try #require(plan.changes.first?.message)
      let english = try catalogs.plan(
        [.init(text: "_Color Scheme      ", message: remembered)], from: .test("ar"),
        to: .test("en"))
      #expect(english.changes.map(\.text) == ["_Color Scheme      "])
      // Without it, the msgid is found among those of the fullest catalog (German's), not
      // only among those of the first language.
      let forgotten = try catalogs.plan(
        [.init(text: "Others")], from: .test("ar"), to: .test("en"))
      #expect(forgotten.changes.map(\.text) == ["Others"])
    }
  }

  /// A number a program wrote with its locale's decimal comma keeps it in the new
  /// language, as a fresh start writes it (its numbers stay the user's), and the text is
  /// made from a recipe at later switches; a size GLib wrote with no-break spaces is
  /// recognized, and made with them.
  @Test func aNumbersDecimalCommaStays() throws {
    try withCatalogs { catalogs in
      let plan = try catalogs.plan(
        [.init(text: "1,5 MB"), .init(text: "2.5 MB")], from: Self.de, to: Self.fr)
      #expect(plan.changes.map(\.text) == ["1,5 Mo", "2.5 Mo"])
      #expect(plan.changes.allSatisfy { !$0.recipe.isEmpty })
      // GLib writes a size's spaces as no-break spaces: so is the new text.
      let glib = try catalogs.plan([.init(text: "1,5\u{A0}MB")], from: Self.de, to: Self.fr)
      #expect(glib.changes.map(\.text) == ["1,5\u{A0}Mo"])
      // Its "0 Bytes" is "%u byte" or "%s byte", with 0 as the count of both: one text.
      let none = try catalogs.plan([.init(text: "0 Bytes")], from: Self.de, to: Self.fr)
      #expect(none.changes.map(\.text) == ["0 octet"])
      #expect(none.left.isEmpty)
    }
  }

  /// The message a switch remembers at a place decides the next one, and a toolkit item
  /// is set again as it is.
  @Test func theRememberedMessageDecidesTheNextSwitch() throws {
    try withCatalogs { catalogs in
      let first = try catalogs.plan([.init(text: "_Datei")], from: Self.de, to: Self.fr)
      let message = try #require(first.changes.first?.message)
      #expect(Retranslator.ShownMessage(encoded: message)?.match.msgid == "_File")
      // A text French shows for another message too would be ambiguous without it.
      let second = try catalogs.plan(
        [
          .init(text: "_Fichier", message: message),
          .init(text: "gtk-cancel", isToolkitItem: true),
        ], from: Self.fr, to: LanguageTag.test("ar"))
      #expect(second.changes.map(\.text) == ["_ملف", "gtk-cancel"])
      #expect(second.isRightToLeft)
      // Brazilian Portuguese falls back to Portuguese where it has no translation.
      let brazil = try catalogs.plan(
        [.init(text: "_Datei"), .init(text: "_Öffnen")], from: Self.de,
        to: LanguageTag.test("pt-BR"))
      #expect(brazil.changes.map(\.text) == ["_Arquivo", "_Abrir"])
    }
  }

  /// A text a switch left in a language (several messages show it) is decided in that
  /// language at the next switch, and a text the program set again after a switch in
  /// any language it showed, the message remembered at its place first; a German row
  /// of a list is then no text of the user's. A German text with neither is the user's.
  @Test func aTextOfALanguageShownBeforeIsDecidedInIt() throws {
    try withCatalogs { catalogs in
      let others = Retranslator.ShownMessage(
        table: "app",
        match: TranslationIndex.Match(
          key: "Others", form: nil, arguments: [], values: [], count: nil, isExact: true))
      let german = ProgramCatalogs.leftMark(Self.de)
      let plan = try catalogs.plan(
        [
          .init(text: "Klassisch", message: german),
          .init(text: "Sonstige", replaced: others.encoded),
          .init(text: "_Fichier", group: 1), .init(text: "Sonstige", message: german, group: 1),
          .init(text: "Klassisch"),
        ], from: Self.fr, to: LanguageTag.test("en"), earlier: [Self.de])
      #expect(plan.changes.map(\.text) == ["Classic", "Others", "_File"])
      #expect(plan.left.map(\.index) == [3, 4])
      #expect(plan.left.map(\.reason.isAmbiguous) == [true, false])
      #expect(plan.left.map(\.message) == [german, ""])
      // Without the mark, the German row is taken for the user's data.
      let alone = try catalogs.plan(
        [.init(text: "_Fichier", group: 1), .init(text: "Sonstige", group: 1)],
        from: Self.fr, to: LanguageTag.test("en"))
      #expect(alone.changes.isEmpty)
      // A text left in the language switched to is what it shows there.
      let back = try catalogs.plan(
        [.init(text: "Klassisch", message: german)], from: Self.fr, to: Self.de)
      #expect(back.changes.map(\.text) == ["Klassisch"])
      #expect(back.changes.first?.message.isEmpty == false)
      // A msgid neither French nor Arabic translates is known from German's catalog: a
      // list with it is no list of the user's.
      let untranslated: [ProgramCatalogs.Text] = [
        .init(text: "Untranslated in French", group: 1), .init(text: "_Fichier", group: 1),
      ]
      let known = try catalogs.plan(
        untranslated, from: Self.fr, to: LanguageTag.test("ar"), earlier: [Self.de])
      #expect(known.changes.map(\.text) == ["Untranslated in French", "_ملف"])
      let unknown = try catalogs.plan(untranslated, from: Self.fr, to: LanguageTag.test("ar"))
      #expect(unknown.changes.isEmpty)
      // The first switch marks what it leaves with the language it was shown in.
      // and keeps it as it is, so that the next switch needs no decision while it shows
      // the same.
      let first = try catalogs.plan([.init(text: "Sonstige")], from: Self.de, to: Self.fr)
      #expect(first.left.map(\.message) == [german])
      #expect(first.left.map(\.recipe) == [Retranslator.Recipe.kept("Sonstige").encoded])
    }
  }

  /// A text that is a msgid the language shown translates otherwise is none of its
  /// texts: a French program shows "_Fichier" for "_File", and "_File" in it is another
  /// language's (left by a switch, or kept by the program).
  @Test func aMsgidTheLanguageShownTranslatesIsNotItsText() throws {
    try withCatalogs { catalogs in
      let plan = try catalogs.plan(
        [.init(text: "_File")], from: Self.fr, to: LanguageTag.test("ar"))
      #expect(plan.changes.isEmpty)
      #expect(plan.left.map(\.reason) == [.unknown])
    }
  }

  @Test func aLanguageWithoutCatalogsIsRefusedAndTheSameOneChangesNothing() throws {
    try withCatalogs { catalogs in
      #expect(throws: LocalizerError.self) {
        try catalogs.plan([.init(text: "_Datei")], from: Self.de, to: LanguageTag.test("ja"))
      }
      let same = try catalogs.plan([.init(text: "_Datei")], from: Self.de, to: Self.de)
      #expect(same.changes.isEmpty && same.left.isEmpty)
      // English, the msgids, needs no catalog.
      let english = try catalogs.plan([.init(text: "_Datei")], from: Self.de, to: .test("en"))
      #expect(english.changes.map(\.text) == ["_File"])
    }
  }
}

extension Retranslator.Unresolved {
  /// Whether several messages show the text (the tests of ProgramCatalogsTests).
  var isAmbiguous: Bool {
    if case .ambiguous = self { return true }
    return false
  }
}
