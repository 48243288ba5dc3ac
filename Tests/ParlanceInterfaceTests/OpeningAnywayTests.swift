import Foundation
import Parlance
import ParlanceGtk
import ParlanceInterface
import XCTest

/// Files GtkBuilder would refuse whole open anyway, with a warning: a template becomes
/// an object of its parent class, an unknown class the GTK class its name ends in, or a
/// placeholder naming it.
final class OpeningAnywayTests: KindsTestCase, @unchecked Sendable {
  func testATemplateIsBuiltAsItsParentClass() throws {
    try onMainActor {
      let interface = try openKind("template.ui")
      XCTAssertEqual(
        warnings(interface),
        ["template.ui:4:3: warning: template 'DemoPrefsDialog' is built as a plain GtkDialog"])
      let dialog = try interface.object("DemoPrefsDialog")
      XCTAssertEqual(dialog.typeName, "GtkDialog")
      let window = try XCTUnwrap(dialog.widget as? Window)
      XCTAssertEqual(window.title, "Preferences")
      try switchTo("de")
      XCTAssertEqual(window.title, "Einstellungen")
      XCTAssertEqual(shown(interface, "template-label", "label"), "Aus einer Vorlage gemacht")
      try switchTo("en")
      XCTAssertEqual(window.title, "Preferences")
      XCTAssertEqual(shown(interface, "template-label", "label"), "Made from a template")
    }
  }

  func testUnknownClassesArePlaceholdersWhoseTextsAreListed() throws {
    try onMainActor {
      let interface = try openKind("unknown.ui")
      XCTAssertEqual(
        warnings(interface),
        [
          "unknown.ui:5:3: warning: unknown class 'HdyApplicationWindow': built as a plain "
            + "GtkApplicationWindow, as its name says; what only it has is left out",
          "unknown.ui:20:11: warning: unknown class 'DemoChart': shown as a placeholder; its "
            + "texts are listed, not shown",
        ])
      // A class whose name ends in a GTK class's is built as that class: its contents
      // show and follow the language.
      let handy = try XCTUnwrap(interface.object("handy-window").widget as? Window)
      XCTAssertEqual(try interface.object("handy-window").typeName, "GtkApplicationWindow")
      XCTAssertEqual(handy.title, "Preferences")
      // Any other unknown class is a label naming it.
      let chart = try XCTUnwrap(interface.object("chart").widget as? Label)
      XCTAssertEqual(chart.text, "DemoChart")
      XCTAssertTrue(chart.isVisible)
      // Its texts are listed with what they say, but set on nothing.
      let unapplied = interface.texts.filter { !interface.isApplied($0) }
      XCTAssertEqual(
        unapplied.map { "\($0.objectPath) \($0.property) \($0.msgid)" },
        ["chart caption Downloads per day"])
      XCTAssertEqual(unapplied.map { interface.shownValue(of: $0) }, [nil])
      try switchTo("de")
      XCTAssertEqual(handy.title, "Einstellungen")
      XCTAssertEqual(shown(interface, "handy-label", "label"), "Aus einer Vorlage gemacht")
      XCTAssertEqual(shown(interface, "chart-window", "title"), "Statistik")
      XCTAssertEqual(shown(interface, "chart-note", "label"), "Stündlich aktualisiert")
      XCTAssertEqual(chart.text, "DemoChart")
    }
  }

  func testAToplevelOfAnUnknownClassIsAWindowNamingIt() throws {
    try onMainActor {
      let file = try temporaryFile(
        """
        <interface>
          <object class="DemoChart" id="chart">
            <property name="caption" translatable="yes">Downloads per day</property>
          </object>
        </interface>
        """)
      let interface = try open(file: file, po: Self.fixture("kinds/po"), language: "de")
      let window = try XCTUnwrap(interface.object("chart").widget as? Window)
      XCTAssertEqual(window.title, "DemoChart")
      XCTAssertEqual(
        try interface.object("chart-label").string(forProperty: "label"), "DemoChart")
      XCTAssertEqual(interface.texts.map(interface.isApplied), [false])
    }
  }

  func testAShortcutsWindowFollowsTheLanguage() throws {
    try onMainActor {
      let interface = try openKind("shortcuts.ui")
      XCTAssertEqual(warnings(interface), [])
      try switchTo("de")
      XCTAssertEqual(shown(interface, "editor-section", "title"), "Bearbeiten")
      XCTAssertEqual(shown(interface, "files-group", "title"), "Dateien")
      XCTAssertEqual(shown(interface, "open-shortcut", "title"), "Eine Datei öffnen")
      XCTAssertEqual(shown(interface, "save-shortcut", "title"), "Die Datei speichern")
      // Untranslated in de.po (empty msgstr): the English text stays.
      XCTAssertEqual(shown(interface, "save-shortcut", "subtitle"), "Keeps a backup")
      let subtitle = try XCTUnwrap(interface.texts.first { $0.property == "subtitle" })
      XCTAssertEqual(subtitle.comments, "Shown below 'Save the file'")
      try switchTo("en")
      XCTAssertEqual(shown(interface, "files-group", "title"), "Files")
      XCTAssertEqual(shown(interface, "open-shortcut", "title"), "Open a file")
    }
  }

  func testPageTitlesAreChildProperties() throws {
    try onMainActor {
      let interface = try openKind("pages.ui")
      XCTAssertEqual(warnings(interface), [])
      XCTAssertEqual(
        interface.texts.filter {
          if case .childProperty = $0.target { true } else { false }
        }.map { "\($0.objectID) \($0.property)" },
        [
          "intro-page child.title", "summary-page child.title", "general-page child.title",
          "network-page child.title", "advanced-page child.tab-label",
        ])
      try switchTo("de")
      XCTAssertEqual(shown(interface, "assistant", "title"), "Neues Projekt")
      XCTAssertEqual(shown(interface, "intro-page", "child.title"), "Willkommen")
      XCTAssertEqual(shown(interface, "summary-page", "child.title"), "Zusammenfassung")
      XCTAssertEqual(shown(interface, "general-page", "child.title"), "Allgemein")
      XCTAssertEqual(shown(interface, "network-page", "child.title"), "Netzwerk")
      XCTAssertEqual(shown(interface, "advanced-page", "child.tab-label"), "Erweitert")
      try switchTo("en")
      XCTAssertEqual(shown(interface, "intro-page", "child.title"), "Welcome")
      XCTAssertEqual(shown(interface, "advanced-page", "child.tab-label"), "Advanced")
    }
  }
}
