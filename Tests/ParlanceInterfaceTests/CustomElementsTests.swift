import Foundation
import Parlance
import ParlanceGtk
import ParlanceInterface
import XCTest

/// What a `.ui` file holds beyond properties: a scale's marks and an accessible's
/// actions follow the language; what GtkBuilder would refuse the whole file for is left
/// out, or built otherwise, with a warning at its place in the file.
final class CustomElementsTests: KindsTestCase, @unchecked Sendable {
  func testScaleMarksFollowTheLanguageAsGtkBuilderDrawsThem() throws {
    try onMainActor {
      // With GTK's animations on, as for a user: giving the marks again must not make
      // the slider ease from another shape (it did, for 200 ms, before the classes of
      // both sides were given back at once).
      let interface = try openKind("marks.ui")
      XCTAssertEqual(
        interface.texts.filter { $0.objectID == "volume" }.map {
          "\($0.property) \($0.msgid) \($0.context ?? "-") \($0.isMarkup)"
        },
        ["mark[0] Quiet - true", "mark[2] <b>Loud</b> volume true"])
      XCTAssertEqual(shown(interface, "volume", "mark[0]"), "Quiet")
      let window = try XCTUnwrap(interface.object("marks-window").widget as? Window)
      let scale = try XCTUnwrap(interface.object("volume").widget)
      XCTAssertTrue(window.waitForFirstDraw())
      let english = try scale.snapshot()

      try switchTo("de")
      XCTAssertEqual(shown(interface, "volume", "mark[0]"), "Leise")
      XCTAssertEqual(shown(interface, "volume", "mark[2]"), "<b>Laut</b>")
      XCTAssertTrue(window.waitForFirstDraw())
      let german = try scale.snapshot()
      XCTAssertNotEqual(english.differingPixelCount(from: german), 0, "the marks did not change")
      try switchTo("en")
      XCTAssertTrue(window.waitForFirstDraw())
      XCTAssertEqual(try scale.snapshot().differingPixelCount(from: english), 0)
      window.destroy()

      // The same file with the German written in it (and without what GtkBuilder
      // refuses), built by GtkBuilder alone: its scale looks exactly as the switched one,
      // the untranslated mark in its place.
      let source = try String(contentsOf: Self.fixture("kinds/marks.ui"), encoding: .utf8)
      let builder = try Builder(
        xml: source.replacingOccurrences(of: ">Quiet<", with: ">Leise<")
          .replacingOccurrences(of: "&lt;b&gt;Loud&lt;/b&gt;", with: "&lt;b&gt;Laut&lt;/b&gt;")
          .replacingOccurrences(
            of: "<mark value=\"loud\" translatable=\"yes\">Broken</mark>", with: ""
          )
          .replacingOccurrences(of: "<class/>", with: ""))
      let reference = try XCTUnwrap(builder.object("marks-window")?.widget as? Window)
      defer { reference.destroy() }
      XCTAssertTrue(reference.waitForFirstDraw())
      let referenceScale = try XCTUnwrap(builder.object("volume")?.widget)
      XCTAssertEqual(try referenceScale.snapshot().differingPixelCount(from: german), 0)
    }
  }

  func testElementsGtkBuilderRefusesAreLeftOutAtTheirPlace() throws {
    try onMainActor {
      let interface = try openKind("marks.ui")
      XCTAssertEqual(
        warnings(interface),
        [
          "marks.ui:35:15: warning: GtkBuilder refused <mark>: Could not parse double "
            + "'loud'; its <marks> is left out",
          "marks.ui:45:15: warning: GtkBuilder refused <class>: element 'class' requires "
            + "attribute 'name'; it is left out",
        ])
      // The scale is built without its marks; their texts are listed, set on nothing.
      let broken = interface.texts.filter { $0.objectID == "broken-scale" }
      XCTAssertEqual(broken.map(\.msgid), ["Fine", "Broken"])
      XCTAssertEqual(broken.map(interface.isLeftOut), [true, true])
      XCTAssertEqual(broken.map(interface.isApplied), [false, false])
      XCTAssertEqual(broken.map(interface.shownValue), [nil, nil])
      XCTAssertNotNil(try interface.object("broken-scale").widget)
      // The label whose style GtkBuilder refused is there, keeps its other class, and
      // follows the language.
      let label = try XCTUnwrap(interface.object("styled-label").widget)
      XCTAssertTrue(label.hasStyleClass("dim-label"))
      try switchTo("de")
      XCTAssertEqual(shown(interface, "styled-label", "label"), "Gestaltet")
      XCTAssertEqual(shown(interface, "marks-window", "title"), "Ton")
    }
  }

  func testAccessibleActionsAreListedAndSetAsGtkBuilderSetsThem() throws {
    try onMainActor {
      let interface = try openKind("marks.ui")
      let action = try XCTUnwrap(
        interface.texts.first { $0.objectID == "play-button" && $0.property != "label" })
      XCTAssertEqual(action.property, "action[click].description")
      XCTAssertEqual(action.msgid, "Plays the sound")
      try switchTo("de")
      // GTK 3's own button accessible keeps its description whatever it is given, as
      // under GtkBuilder with gettext: what a screen reader hears is GTK's.
      let builder = try Builder(
        xml: """
          <interface><object class="GtkButton" id="b"><accessibility>\
          <action action_name="click" description="Spielt den Ton ab"/>\
          </accessibility></object></interface>
          """)
      let plain = try XCTUnwrap(builder.object("b"))
      XCTAssertEqual(
        interface.shownValue(of: action), plain.accessibleActionDescription("click"))
    }
  }

  func testClassesThatCannotBeBuiltArePlaceholders() throws {
    try onMainActor {
      // Before: GLib aborted the process making an object of an abstract class.
      let interface = try openKind("unbuildable.ui")
      let suffix = "shown as a placeholder; its texts are listed, not shown"
      XCTAssertEqual(
        warnings(interface),
        [
          "unbuildable.ui:30:11: warning: id 'twice' was given before (at 24:11): this "
            + "object is built with id 'parlance-object-2'",
          "unbuildable.ui:13:11: warning: class 'GtkContainer' cannot be built (it is "
            + "abstract): " + suffix,
          "unbuildable.ui:18:11: warning: class 'GtkBuildable' cannot be built (it is an "
            + "interface): " + suffix,
          "unbuildable.ui:21:11: warning: class 'GtkBorder' cannot be built (it is not a "
            + "GObject class): " + suffix,
          "unbuildable.ui:53:15: warning: unknown class 'DemoRecentFiles': " + suffix,
          "unbuildable.ui:61:15: warning: unknown class 'DemoZoomToolItem': " + suffix,
          "unbuildable.ui:79:19: warning: unknown class 'DemoCellRendererSize': " + suffix,
          "unbuildable.ui:89:15: warning: unknown class 'DemoSizeColumn': " + suffix,
        ])
      XCTAssertEqual(
        try XCTUnwrap(interface.object("abstract").widget as? Label).text, "GtkContainer")
      // Where a container takes one kind of child only, the stand-in is of that kind
      // (before: a label, and GTK criticals adding it).
      XCTAssertEqual(
        try ["recent-item", "zoom-item", "size-renderer", "custom-column"].map {
          try interface.object($0).typeName
        },
        ["GtkMenuItem", "GtkToolButton", "GtkCellRendererText", "GtkTreeViewColumn"])
      XCTAssertEqual(
        try interface.object("recent-item").string(forProperty: "label"), "DemoRecentFiles")
      XCTAssertEqual(
        try interface.object("custom-column").string(forProperty: "title"),
        "DemoSizeColumn")
      // Both labels given one id are built, and both follow the language.
      try switchTo("de")
      XCTAssertEqual(shown(interface, "twice", "label"), "Abspielen")
      XCTAssertEqual(shown(interface, "parlance-object-2", "label"), "Leise")
      XCTAssertEqual(shown(interface, "size-column", "title"), "Abspielen")
    }
  }

  func testAnObjectInsideAPropertyIsLeftOut() throws {
    try onMainActor {
      // GTK 4 syntax in a GTK 3 file: GtkBuilder itself segfaults on it (before: so
      // did Parlance).
      let file = try temporaryFile(
        """
        <interface>
          <object class="GtkWindow" id="window">
            <property name="title" translatable="yes">Sound</property>
            <property name="child">
              <object class="GtkLabel" id="inner"><property name="label">Play</property></object>
            </property>
          </object>
        </interface>
        """)
      let interface = try open(file: file, po: Self.fixture("kinds/po"), language: "de")
      XCTAssertEqual(
        interface.diagnostics.map { "\($0.location): \($0.message)" },
        [
          "4:5: property 'child' of GtkWindow holds <object>, which GTK 3 cannot take (GTK 4 "
            + "writes objects there); it is left out"
        ])
      XCTAssertEqual(shown(interface, "window", "title"), "Ton")
    }
  }

  func testImagesAreReadBesideTheFileAndBindingsToMissingPropertiesAreLeftOut() throws {
    try onMainActor {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("parlance-images-\(UUID().uuidString)", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
      let red: UInt32 = 0xFFFF_0000
      try Screenshot(width: 8, height: 6, pixels: Array(repeating: red, count: 48))
        .writePNG(to: folder.appendingPathComponent("logo.png").path)
      let file = folder.appendingPathComponent("images.ui")
      try """
      <interface>
        <object class="GtkWindow" id="window">
          <property name="title" translatable="yes">Sound</property>
          <child>
            <object class="GtkBox">
              <property name="visible">True</property>
              <child>
                <object class="GtkImage" id="logo">
                  <property name="visible">True</property>
                  <property name="pixbuf">logo.png</property>
                </object>
              </child>
              <child>
                <object class="GtkImage" id="named">
                  <property name="visible">True</property>
                  <property name="pixbuf" translatable="yes">logo.png</property>
                </object>
              </child>
              <child>
                <object class="GtkLabel" id="bound">
                  <property name="visible">True</property>
                  <property name="label" translatable="yes" bind-source="chart" \
      bind-property="caption" bind-flags="sync-create">Play</property>
                </object>
              </child>
              <child>
                <object class="DemoChart" id="chart"/>
              </child>
            </object>
          </child>
        </object>
      </interface>
      """.write(to: file, atomically: true, encoding: .utf8)
      let interface = try open(file: file, po: Self.fixture("kinds/po"), language: "de")
      XCTAssertEqual(
        interface.diagnostics.map { "\($0.location): \($0.message)" },
        [
          "22:13: property 'label' is bound to 'caption' of 'chart', which it will not have; "
            + "the binding is left out",
          "26:11: unknown class 'DemoChart': shown as a placeholder; its texts are listed, "
            + "not shown",
        ])
      XCTAssertEqual(shown(interface, "bound", "label"), "Abspielen")
      // The image was read beside the .ui file, as GtkBuilder reads it for a program
      // that loads the file by name (before: from the current folder, so the
      // "image-missing" icon).
      let window = try XCTUnwrap(interface.object("window").widget as? Window)
      XCTAssertTrue(window.waitForFirstDraw())
      let logo = try XCTUnwrap(interface.object("logo").widget).snapshot()
      XCTAssertEqual(logo.pixels.filter { $0 == red }.count, 48)
      // A translatable image's file name too: an image is not built with a text.
      let named = try XCTUnwrap(interface.object("named").widget).snapshot()
      XCTAssertEqual(named.pixels.filter { $0 == red }.count, 48)
    }
  }

  func testANotebookPageLeftOutTakesItsTabWithIt() throws {
    try onMainActor {
      @MainActor func page(_ id: String, _ label: String, _ tabID: String, _ tab: String)
        -> String
      {
        """
            <child>
              <object class="GtkLabel" id="\(id)" \(id == "p2" ? "flavour=\"odd\"" : "")>
                <property name="visible">True</property><property name="label">\(label)</property>
              </object>
            </child>
            <child type="tab">
              <object class="GtkLabel" id="\(tabID)">
                <property name="visible">True</property>
                <property name="label" translatable="yes">\(tab)</property>
              </object>
            </child>
        """
      }
      let file = try temporaryFile(
        "<interface><object class=\"GtkNotebook\" id=\"pages\">\n"
          + page("p1", "one", "t1", "Play") + page("p2", "two", "t2", "Quiet")
          + page("p3", "three", "t3", "Sound") + "</object></interface>\n")
      let interface = try open(file: file, po: Self.fixture("kinds/po"), language: "de")
      XCTAssertEqual(
        interface.diagnostics.map(\.message),
        [
          "GtkBuilder refused <object>: attribute 'flavour' invalid for element 'object'; its "
            + "<child> is left out"
        ])
      // The third page keeps its own tab (before: the second page's tab went to the
      // first page, and the third page's to the second).
      let pages = try interface.object("pages")
      XCTAssertEqual((pages.widget as? Container)?.children.count, 2)
      XCTAssertEqual(
        try interface.object("p1").string(forChildProperty: "tab-label", in: pages), "Abspielen")
      XCTAssertEqual(
        try interface.object("p3").string(forChildProperty: "tab-label", in: pages), "Ton")
      let quiet = try XCTUnwrap(interface.texts.first { $0.objectID == "t2" })
      XCTAssertTrue(interface.isLeftOut(quiet))
    }
  }

  func testAGtk4FileIsRefusedAtItsRequirement() throws {
    try onMainActor {
      let file = try temporaryFile(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface>
          <requires lib="gtk" version="4.0"/>
          <object class="GtkWindow" id="window">
            <property name="child"><object class="GtkLabel"/></property>
          </object>
        </interface>
        """)
      XCTAssertThrowsError(
        try open(file: file, po: Self.fixture("kinds/po"), language: "en")
      ) { error in
        XCTAssertEqual(
          (error as? InterfaceError)?.description,
          file.path + ":3:3: error: this interface is for GTK 4.0 (<requires lib=\"gtk\">); "
            + "Parlance builds GTK 3 interfaces")
      }
    }
  }

  func testARefusalNothingCanBeLeftOutForSaysWhere() throws {
    try onMainActor {
      let file = try temporaryFile(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- GTK 3 takes no attribute but the domain on the interface. -->
        <interface domain="demo" flavour="strange">
          <object class="GtkLabel" id="label"/>
        </interface>
        """)
      XCTAssertThrowsError(
        try open(file: file, po: Self.fixture("kinds/po"), language: "en")
      ) { error in
        XCTAssertEqual(
          (error as? InterfaceError)?.description,
          file.path + ":3:1: error: GtkBuilder refused it: attribute 'flavour' invalid for "
            + "element 'interface'")
      }
    }
  }
}
