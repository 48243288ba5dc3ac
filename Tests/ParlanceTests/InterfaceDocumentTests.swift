import Foundation
import Parlance
import Testing

/// Reading GtkBuilder `.ui` files: every translatable text with its position, ids for
/// objects without one, and errors with positions for what is not XML.
@Suite struct InterfaceDocumentTests {
  static let transmission: [(name: String, texts: Int)] = [
    ("PrefsDialog", 82), ("DetailsDialog", 40), ("MakeDialog", 15), ("StatsDialog", 13),
    ("RelocateDialog", 7), ("OptionsDialog", 10),
  ]

  @Test(arguments: transmission)
  func transmissionDialogsListEveryNonEmptyText(name: String, texts: Int) throws {
    let url = Corpus.root.appendingPathComponent("ui/transmission/gtk/ui/gtk3/\(name).ui")
    let document = try InterfaceDocument.read(contentsOf: url)
    #expect(document.isUsable)
    #expect(document.diagnostics.isEmpty)
    #expect(document.texts.count == texts)
    #expect(document.toplevels.first?.id == name)
    // Every text's line holds translatable="yes" (where de.po's #: references point).
    let lines = try String(contentsOf: url, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    for text in document.texts {
      #expect(lines[text.location.line - 1].contains("translatable=\"yes\""))
    }
  }
}

/// Which objects GtkBuilder must build so that a selection of a file stands.
@Suite struct InterfaceSelectionTests {
  static let xml = """
    <interface>
      <object class="GtkListStore" id="store"/>
      <menu id="menu"><item><attribute name="label">A</attribute></item></menu>
      <object class="GtkSizeGroup" id="group"><widgets><widget name="combo"/></widgets></object>
      <object class="GtkWindow" id="window">
        <child>
          <object class="GtkBox" id="box">
            <child>
              <object class="GtkComboBox" id="combo">
                <property name="model">store</property>
              </object>
            </child>
            <child>
              <object class="GtkMenuButton">
                <property name="menu-model"> menu </property>
                <property name="sensitive" bind-source="toggle" \
                bind-property="active">False</property>
              </object>
            </child>
          </object>
        </child>
      </object>
      <object class="GtkToggleButton" id="toggle"/>
      <object class="GtkWindow" id="other"><property name="title">window</property></object>
    </interface>
    """

  @Test func aWindowNeedsWhatItRefersTo() {
    let document = InterfaceDocument.parse(Array(Self.xml.utf8), file: "selection.ui")
    #expect(document.objectsNeeded(by: ["window"]) == ["window", "store", "menu", "toggle"])
    // "other" names "window" in its title: built as well, which does no harm.
    #expect(
      document.objectsNeeded(by: ["other"]) == ["other", "window", "store", "menu", "toggle"])
    #expect(document.objectsNeeded(by: ["group"]) == ["group", "combo", "store"])
    // Something inside an object already chosen is not chosen again.
    #expect(
      document.objectsNeeded(by: ["window", "box"]) == ["window", "store", "menu", "toggle"])
  }

  /// What else a window may name: its accel group (geany's main window has one beside
  /// it) and an accessible relation's target; not a signal's object (signals are left
  /// out of what GtkBuilder builds).
  @Test func aWindowNeedsItsAccelGroupAndRelationTargets() {
    let xml = """
      <interface>
        <object class="GtkAccelGroup" id="accels"/>
        <object class="GtkLabel" id="caption"><property name="label">Name</property></object>
        <object class="GtkEntry" id="target"/>
        <object class="GtkWindow" id="window">
          <accel-groups><group name="accels"/></accel-groups>
          <child>
            <object class="GtkButton" id="button">
              <signal name="clicked" handler="gtk_widget_grab_focus" object="target"/>
              <accessibility><relation type="labelled-by" target="caption"/></accessibility>
            </object>
          </child>
        </object>
      </interface>
      """
    let document = InterfaceDocument.parse(Array(xml.utf8), file: "references.ui")
    #expect(document.objectsNeeded(by: ["window"]) == ["window", "accels", "caption"])
  }

  @Test func objectsInsideASelection() {
    let document = InterfaceDocument.parse(Array(Self.xml.utf8), file: "selection.ui")
    #expect(document.isObject("combo", inside: ["window"]))
    #expect(document.isObject("combo", inside: ["box"]))
    #expect(!document.isObject("window", inside: ["box"]))
    #expect(!document.isObject("store", inside: ["window"]))
  }
}

/// A `.ui` file saved with CRLF line ends (and a byte order mark) reads as the same file
/// with LF: XML normalizes line ends, and xgettext wrote the msgids that way.
@Suite struct InterfaceLineEndTests {
  @Test func crlfLineEndsReadAsLineFeeds() {
    let xml =
      "\u{FEFF}<?xml version=\"1.0\"?>\r\n<interface>\r\n  <object class=\"GtkLabel\" id=\"l\">\r\n"
      + "    <property name=\"label\" translatable=\"yes\" comments=\"two\r\nlines\">One\r\n"
      + "two\rthree<![CDATA[\r\nfour]]>&#13;</property>\r\n  </object>\r\n</interface>\r\n"
    let document = InterfaceDocument.parse(Array(xml.utf8), file: "crlf.ui")
    #expect(document.diagnostics.isEmpty)
    let text = document.texts.first
    // A character reference to CR is kept: it is no line end.
    #expect(text?.msgid == "One\ntwo\nthree\nfour\r")
    #expect(text?.comments == "two lines")
    #expect(text?.location == SourceLocation(line: 4, column: 5))
  }
}
