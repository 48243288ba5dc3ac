import Foundation
import Testing

@testable import Parlance

/// Which message a text several messages show, or none, is read as: what the interface
/// file declares, what the program asked gettext for, the lists it belongs to, and the
/// program's own table before the toolkit's.
extension ProgramCatalogsTests {
  @Test func aTextOfSeveralMessagesIsLeftAndSaysWhich() throws {
    try withCatalogs { catalogs in
      let plan = try catalogs.plan(
        [
          .init(text: "Sonstige"), .init(text: "Kein Text der Kataloge"),
          // A path is no text joined from parts, and a part of several messages is left.
          .init(text: "/usr/Klassisch"), .init(text: "Sonstige/Klassisch"),
          // Nor is a text whose parentheses hold more than a detail, nor a catalog's
          // word beside another word.
          .init(text: "Klassisch (a (b))"), .init(text: "Sonstige (ISO-8859-1)"),
          .init(text: "Annas Klassisch 2"),
        ], from: Self.de, to: Self.fr)
      #expect(plan.changes.isEmpty)
      #expect(
        plan.left.map(\.reason.isAmbiguous) == [true, false, false, true, false, true, false])
      guard case .ambiguous(let candidates) = plan.left.first?.reason else {
        Issue.record("not ambiguous: \(plan.left)")
        return
      }
      #expect(Set(candidates.map(\.match.msgid)) == ["Other", "Others"])
      #expect(plan.left[1].reason == .unknown)
    }
  }

  /// A message a program fills with `str.format` (lightdm-gtk-greeter-settings' "File not
  /// found: {path}"): its fields are read back by name and filled into the new
  /// language's text, which may put them in another order; with no recipe, which printf
  /// could not make.
  @Test func aMessageFilledByStrFormatIsSwitched() throws {
    try withCatalogs { catalogs in
      let plan = try catalogs.plan(
        [
          .init(text: "Datei nicht gefunden: /usr/share/a b.css"), .init(text: "Von Anna: Lied"),
          .init(text: "<b>Symbol: avatar-default</b>"),
        ], from: Self.de, to: Self.fr)
      #expect(
        plan.changes.map(\.text) == [
          "Fichier non trouvé : /usr/share/a b.css", "Lied par Anna",
          "<b>Icône : avatar-default</b>",
        ])
      #expect(plan.changes.allSatisfy { $0.recipe.isEmpty })
      let back = try catalogs.plan(
        plan.changes.map { .init(text: $0.text, message: $0.message) }, from: Self.fr, to: Self.de)
      #expect(
        back.changes.map(\.text) == [
          "Datei nicht gefunden: /usr/share/a b.css", "Von Anna: Lied",
          "<b>Symbol: avatar-default</b>",
        ])
    }
  }

  /// Two messages that differ in capitals alone: a label shows the one in header
  /// capitalization, a tooltip the sentence, as GNOME writes them (ocrfeeder's action
  /// and its tooltip, both "Seite nach oben" in German).
  @Test func capitalsDecideBetweenALabelsMessageAndATooltips() throws {
    try withCatalogs { catalogs in
      let plan = try catalogs.plan(
        [
          .init(text: "Seite nach oben"), .init(text: "Seite nach oben", isDescription: true),
          // Messages that differ in more than capitals are left.
          .init(text: "Sonstige", isDescription: true),
        ], from: Self.de, to: Self.fr)
      #expect(plan.changes.map(\.text) == ["Déplacer la page vers le haut", "Monter la page"])
      #expect(plan.left.map(\.text) == ["Sonstige"])
      // Remembered: the next switch makes each from its own message.
      let back = try catalogs.plan(
        plan.changes.map { .init(text: $0.text, message: $0.message) }, from: Self.fr, to: Self.de)
      #expect(back.changes.map(\.text) == ["Seite nach oben", "Seite nach oben"])
    }
  }

  /// The message the program's interface file gives a place (a GtkBuilder id's
  /// property) decides between several that show its text; one that is none of them
  /// decides nothing.
  @Test func theInterfaceFilesMessageDecidesAnAmbiguousText() throws {
    try withCatalogs { catalogs in
      let plan = try catalogs.plan(
        [
          .init(text: "Sonstige", declared: ["Others"]),
          .init(text: "Sonstige", declared: ["Other", "Classic"]),
          .init(text: "Sonstige", declared: ["Classic"]),
        ], from: Self.de, to: Self.fr)
      #expect(plan.changes.map(\.text) == ["Autres", "Autre"])
      #expect(plan.left.map(\.index) == [2])
    }
  }

  /// Of several messages that show a text, the one the program asked gettext for (of
  /// its table: the same key in another table decides nothing), before any other rule.
  @Test func theMessageTheProgramAskedForDecidesAnAmbiguousText() throws {
    try withCatalogs { catalogs in
      func plan(_ asked: Set<String>) throws -> ProgramCatalogs.Plan {
        try catalogs.plan([.init(text: "Sonstige")], from: Self.de, to: Self.fr, asked: asked)
      }
      let name = Retranslator.askedName
      let others = try plan([name("app", "Others"), name("app", "_File")])
      #expect(others.changes.map(\.text) == ["Autres"])
      let other = try plan([name("app", "Other")])
      #expect(other.changes.map(\.text) == ["Autre"])
      let both = try plan([name("app", "Other"), name("app", "Others")])
      #expect(both.left.count == 1)
      let elsewhere = try plan([name("gtk30", "Others")])
      #expect(elsewhere.left.count == 1)
    }
  }

  /// A text none of whose messages the program asked gettext for, of tables it asks
  /// gettext for, is its data spelled like one, and left; a table it asked nothing of
  /// (one it reads itself) still gives its messages, and without a record every one does.
  @Test func aTextOfNoMessageTheProgramAskedForIsItsData() throws {
    try withCatalogs { catalogs in
      let shown = ["_Datei", "Klassisch", "Klassisch/CMake", "_Abbrechen"]
      let name = Retranslator.askedName
      let recorded = try catalogs.plan(
        shown.map { ProgramCatalogs.Text(text: $0) }, from: Self.de, to: Self.fr,
        asked: [name("app", "_File")])
      #expect(recorded.changes.map(\.text) == ["_Fichier", "_Annuler"])
      #expect(recorded.left.map(\.text) == ["Klassisch", "Klassisch/CMake"])
      #expect(recorded.left.allSatisfy { $0.reason == .unknown })
      let unrecorded = try catalogs.plan(
        shown.map { ProgramCatalogs.Text(text: $0) }, from: Self.de, to: Self.fr)
      #expect(
        unrecorded.changes.map(\.text) == ["_Fichier", "Classique", "Classique/CMake", "_Annuler"])
    }
  }

  /// A combo box's items are switched together: a list with one text no catalog has
  /// holds the user's data, and is left whole.
  @Test func aListIsSwitchedWholeOrNotAtAll() throws {
    try withCatalogs { catalogs in
      let plan = try catalogs.plan(
        [
          .init(text: "_Datei", group: 1), .init(text: "Klassisch", group: 1),
          .init(text: "_Datei", group: 2), .init(text: "Annas Ordner", group: 2),
          .init(text: "Klassisch"),
        ], from: Self.de, to: Self.fr)
      #expect(plan.changes.map(\.index) == [0, 1, 4])
      #expect(plan.changes.map(\.text) == ["_Fichier", "Classique", "Classique"])
      #expect(plan.left.map(\.index) == [2, 3])
      #expect(plan.left.map(\.reason) == [.sharedColumn, .unknown])
    }
  }

  /// A long list of texts the program asked gettext for, a few of its rows no catalog's,
  /// is the program's list and not the user's data: its catalog texts are switched
  /// (synaptic's 55 sections, 4 of them English that no catalog has, were left German
  /// whole). Not without a record, nor where more rows are no catalog's, nor where a row
  /// is a message the program never asked for.
  @Test func aListOfAskedTextsWithAFewUnknownRowsIsSwitched() throws {
    try withCatalogs { catalogs in
      let name = Retranslator.askedName
      let asked: Set<String> = [
        name("app", "_File"), name("app", "Classic"), name("app", "Others"), name("app", "Two"),
      ]
      func plan(_ shown: [String], asked: Set<String>) throws -> ProgramCatalogs.Plan {
        try catalogs.plan(
          shown.map { ProgramCatalogs.Text(text: $0, group: 1) }, from: Self.de, to: Self.fr,
          asked: asked)
      }
      let list = ["_Datei", "Klassisch", "Zwei", "Go Programming Language"]
      let switched = try plan(list, asked: asked)
      #expect(switched.changes.map(\.text) == ["_Fichier", "Classique", "Deux"])
      #expect(switched.left.map(\.reason) == [.unknown])
      // A text of no catalog in many rows is one text: mate-search-tool's rows that its
      // combo box draws as separators all read "separator".
      let separated = try plan(
        ["_Datei", "separator", "Klassisch", "separator", "Zwei", "separator"], asked: asked)
      #expect(separated.changes.map(\.text) == ["_Fichier", "Classique", "Deux"])
      // Without a record of what was asked, or with a second row of no catalog, or with
      // a row of a message the program never asked for (of GTK's, which it asked nothing
      // of), the list is left whole.
      for (shown, record) in [
        (list, Set<String>()), (list + ["Annas Ordner"], asked), (list + ["_Abbrechen"], asked),
      ] {
        #expect(try plan(shown, asked: record).changes.isEmpty, "\(shown) \(record)")
      }
    }
  }

  /// A row several messages show is a catalog's text, not the user's: it is left, and
  /// the column's other rows are switched (transmission-gtk's "Angehalten" is "Paused",
  /// "Stalled" and "Stopped"; its activity filter was left German whole for it).
  @Test func anAmbiguousRowLeavesOnlyItselfOfItsList() throws {
    try withCatalogs { catalogs in
      let plan = try catalogs.plan(
        [
          .init(text: "_Datei", group: 1), .init(text: "Sonstige", group: 1),
          .init(text: "Klassisch", group: 1),
        ], from: Self.de, to: Self.fr)
      #expect(plan.changes.map(\.text) == ["_Fichier", "Classique"])
      #expect(plan.left.map(\.index) == [1])
      #expect(plan.left.first?.reason.isAmbiguous == true)
    }
  }

  /// A row of a model the program keeps itself is read, never set: a catalog's text in
  /// it is left and said (thunar's places), one no catalog has is the user's.
  @Test func aRowOfTheProgramsOwnModelIsSaidNotSet() throws {
    try withCatalogs { catalogs in
      let plan = try catalogs.plan(
        [
          .init(text: "Klassisch", isOwnModel: true), .init(text: "Sonstige", isOwnModel: true),
          .init(text: "Annas Ordner", isOwnModel: true),
        ], from: Self.de, to: Self.fr)
      #expect(plan.changes.isEmpty)
      #expect(plan.left.map(\.reason) == [.ownModel, .ownModel, .unknown])
      #expect(plan.left.allSatisfy { !$0.recipe.isEmpty })
    }
  }

  /// A text the program's own catalog leaves untranslated in the language shown is its
  /// msgid, though a toolkit's message is translated to read the same: gucharmap's
  /// script "Soyombo", untranslated in French, beside GTK's "Script|Soyombo", which
  /// French writes "Soyombo". Its whole list of scripts was left French for it, with the
  /// record of what the program asked for, and the row stayed "Soyombo" without it.
  @Test func theProgramsUntranslatedMessageComesBeforeTheToolkitsTranslation() throws {
    try withCatalogs { catalogs in
      let arabic = LanguageTag.test("ar")
      // GTK asked for texts of its own, not for that one.
      let recorded = Set(
        ["Soyombo", "Unicode"].map { Retranslator.askedName(table: "app", key: $0) } + [
          Retranslator.askedName(table: "gtk30", key: "_Cancel")
        ])
      for asked in [[], recorded] {
        let plan = try catalogs.plan(
          [.init(text: "Soyombo", group: 1), .init(text: "Unicode", group: 1)], from: Self.fr,
          to: arabic, asked: asked)
        #expect(plan.changes.map(\.text) == ["سويومبو", "يونيكود"], "asked: \(asked)")
        #expect(plan.left.isEmpty)
      }
    }
  }

  /// The program's own message wins over GTK's where both show the text: "_Öffnen" is
  /// the app's "_Open" ("_Ouvrir"), and GTK's "Open" shows "Öffnen" without mnemonic.
  @Test func theProgramsOwnMessageComesBeforeTheToolkits() throws {
    try withCatalogs { catalogs in
      let plan = try catalogs.plan(
        [.init(text: "_Öffnen"), .init(text: "Öffnen")], from: Self.de, to: Self.fr)
      #expect(plan.changes.map(\.text) == ["_Ouvrir", "Ouvrir"])
    }
  }

  /// A key's name (GTK's "keyboard label" messages, which GTK writes into accelerators)
  /// or an accessible's action name is not taken for a text another message shows:
  /// caja's back button "Zurück" is its "_Back", "Précédent", not the Back key's "En
  /// arrière"; "Bearbeiten" shown without its mnemonic is the app's "_Edit", not GTK's
  /// accessible action "Edit", "Modifier".
  @Test func aKeysNameGivesWayToAnotherMessage() throws {
    try withCatalogs { catalogs in
      let plan = try catalogs.plan(
        [.init(text: "Zurück"), .init(text: "Bearbeiten")], from: Self.de, to: Self.fr)
      #expect(plan.changes.map(\.text) == ["Précédent", "Édition"])
      #expect(plan.left.isEmpty)
    }
  }
}
