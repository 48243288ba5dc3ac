import CGettext
import CGtk
import CParlanceTranslation
import Foundation
import Parlance
import ParlanceGtk
import ParlanceInterface
import ParlanceUI
import XCTest

/// A `.ui` file GtkBuilder can take as written is built from its own bytes, GtkBuilder's
/// gettext answered by Parlance in the interface's language; any other file is rewritten
/// first. Either way every text shows its translation and follows a switch.
final class AsWrittenTests: InterfaceTestCase, @unchecked Sendable {
  func testAFileTakenAsWrittenIsBuiltInTheLanguageThroughGettext() throws {
    try onMainActor {
      let interface = try open("as-written.ui", language: "de")
      XCTAssertTrue(interface.isBuiltAsWritten)
      let unnamed = try XCTUnwrap(interface.texts.first { !$0.hasOwnID })
      let title = try XCTUnwrap(interface.texts.first { $0.objectID == "main-window" })
      let open = try XCTUnwrap(interface.texts.first { $0.objectID == "open-button" })
      XCTAssertEqual(interface.shownValue(of: unnamed), "Hallo")
      XCTAssertEqual(interface.shownValue(of: title), "Rundgang")
      XCTAssertEqual(interface.shownValue(of: open), "_Öffnen")
      // The object without an id is found under GtkBuilder's name for it, and switches.
      try switchTo("en")
      XCTAssertEqual(interface.shownValue(of: unnamed), "Hello")
      XCTAssertEqual(interface.shownValue(of: open), "_Open")
      try switchTo("de")
      XCTAssertEqual(interface.shownValue(of: unnamed), "Hallo")
    }
  }

  func testADocumentReadBeforeIsBuiltAsWrittenFromItsBytes() throws {
    try onMainActor {
      let folder = try ResourceFolder(url: Self.fixture("po"), layout: .gettext)
      localizer = Localizer(
        folders: [folder], developmentLanguage: try LanguageTag("en"),
        language: try LanguageTag("de"), environment: [:])
      let document = try InterfaceDocument.read(contentsOf: Self.fixture("as-written.ui"))
      // The reader made up an id for the label without one; GtkBuilder has its own name.
      XCTAssertEqual(document.objects.filter { !$0.hasOwnID }.count, 2)
      let interface = try LocalizedInterface(document: document, localizer: localizer)
      interfaces.append(interface)
      XCTAssertTrue(interface.isBuiltAsWritten)
      let unnamed = try XCTUnwrap(interface.texts.first { !$0.hasOwnID })
      XCTAssertEqual(interface.shownValue(of: unnamed), "Hallo")
      try switchTo("en")
      XCTAssertEqual(interface.shownValue(of: unnamed), "Hello")
    }
  }

  func testInternalChildrenWithoutIDsAreFoundUnderGtkBuildersNames() throws {
    try onMainActor {
      let interface = try open("as-written-dialog.ui", language: "de")
      XCTAssertTrue(interface.isBuiltAsWritten)
      let button = try XCTUnwrap(interface.texts.first { $0.className == "GtkButton" })
      let label = try XCTUnwrap(interface.texts.first { $0.className == "GtkLabel" })
      XCTAssertEqual(try interface.object(button.objectID).typeName, "GtkButton")
      XCTAssertEqual(try interface.object(label.objectID).typeName, "GtkLabel")
      XCTAssertEqual(interface.shownValue(of: button), "_Öffnen")
      XCTAssertEqual(interface.shownValue(of: label), "Hallo")
      try switchTo("en")
      XCTAssertEqual(interface.shownValue(of: button), "_Open")
      XCTAssertEqual(interface.shownValue(of: label), "Hello")
    }
  }

  func testAFileWithAPropertyGTKDoesNotKnowIsRewrittenAndStillTranslated() throws {
    try onMainActor {
      let interface = try open("features.ui", language: "de")
      XCTAssertFalse(interface.isBuiltAsWritten)
      let greeting = try XCTUnwrap(interface.texts.first { $0.objectID == "greeting" })
      XCTAssertEqual(interface.shownValue(of: greeting), "Hallo")
    }
  }

  /// Either way a file opened in a right-to-left language is built right to left, not
  /// built left to right and turned around, which restyles and measures every widget
  /// again: no widget it makes hears of a change of direction.
  func testAFileOpenedInARightToLeftLanguageIsBuiltThatWay() throws {
    try onMainActor {
      let widgetClass = g_type_class_ref(gtk_widget_get_type())
      defer { g_type_class_unref(widgetClass) }
      let signal = g_signal_lookup("direction-changed", gtk_widget_get_type())
      let hook = g_signal_add_emission_hook(
        signal, 0,
        { _, _, _, _ in
          AsWrittenTests.directionChanges += 1
          return 1
        }, nil, nil)
      defer { g_signal_remove_emission_hook(signal, hook) }
      for (file, asWritten) in [("as-written.ui", true), ("features.ui", false)] {
        // What a turn costs the windows open already (GTK's own, earlier tests'): they
        // turn as the interface takes its direction, and are not counted against it.
        Widget.defaultDirection = .leftToRight
        Self.directionChanges = 0
        Widget.defaultDirection = .rightToLeft
        let others = Self.directionChanges
        Widget.defaultDirection = .leftToRight
        Self.directionChanges = 0
        let interface = try open(file, language: "ar-XB")
        XCTAssertEqual(interface.isBuiltAsWritten, asWritten, file)
        XCTAssertEqual(Self.directionChanges, others, file)
        let window = try XCTUnwrap(interface.toplevels.lazy.compactMap(\.built.widget).first, file)
        XCTAssertEqual(window.direction, .rightToLeft, file)
        // A switch still turns what was built around.
        try switchTo("de")
        XCTAssertEqual(window.direction, .leftToRight, file)
        XCTAssertGreaterThan(Self.directionChanges, 0, file)
        // Gone before the next file, which would turn it around too.
        for (_, built) in interface.toplevels { built.widget?.destroy() }
        interfaces = []
      }
    }
  }

  nonisolated(unsafe) static var directionChanges = 0

  /// A file that is not opened leaves the process's direction as it was, though its
  /// language's was taken for GtkBuilder: the windows open already do not turn around.
  func testAFileThatIsNotOpenedLeavesTheDirectionAsItWas() throws {
    try onMainActor {
      Widget.defaultDirection = .leftToRight
      // Rewritten: an object the file does not have, asked for.
      XCTAssertThrowsError(
        try open(
          file: Self.fixture("features.ui"), po: Self.fixture("po"), language: "ar-XB",
          objectIDs: ["no-such-object"]))
      XCTAssertEqual(Widget.defaultDirection, .leftToRight)
      // As written: built by GtkBuilder before the file was found malformed.
      Widget.defaultDirection = .leftToRight
      XCTAssertThrowsError(
        try open(
          file: Self.fixture("kinds/malformed.ui"), po: Self.fixture("po"), language: "ar-XB"))
      XCTAssertEqual(Widget.defaultDirection, .leftToRight)
    }
  }

  func testGettextIsAnsweredOnlyInTheScopesDomainAndThread() throws {
    let scopeDomain = "parlance-as-written-test"
    let answer: parlance_translate_fn = { _, key in
      guard let key, String(cString: key) == "Hello" else { return nil }
      return UnsafePointer(strdup("Hallo"))  // kept for the process: a test's one string
    }
    @Sendable func ask(_ domain: String) -> String {
      // The msgid stays alive while the answer, which may be it, is read.
      "Hello".withCString { String(cString: parlance_dgettext(domain, $0)) }
    }
    XCTAssertEqual(ask(scopeDomain), "Hello")
    scopeDomain.withCString { domain in
      var scope = parlance_translation_scope(domain: domain, translate: answer, context: nil)
      withUnsafePointer(to: &scope) { scope in
        parlance_translation_scope_enter(scope)
        defer { parlance_translation_scope_leave() }
        XCTAssertEqual(ask(scopeDomain), "Hallo")
        XCTAssertEqual(ask("another-domain"), "Hello")
        // Another thread's gettext is libc's.
        let other = BackgroundResult<String>()
        Thread { other.finish(.success(ask(scopeDomain))) }.start()
        XCTAssertEqual(try? other.wait().get(), "Hello")
      }
    }
    XCTAssertEqual(ask(scopeDomain), "Hello")
  }
}
