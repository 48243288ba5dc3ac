import Foundation
import Parlance
import ParlanceLive
import Testing

/// The messages a program's GtkBuilder files give its objects' texts, by id and
/// property, which decide a text several messages show.
struct InterfaceDeclarationsTests {
  static let file = """
    <?xml version="1.0" encoding="UTF-8"?>
    <interface domain="app">
      <object class="GtkWindow" id="window">
        <property name="title" translatable="yes">Messages</property>
        <child>
          <object class="GtkStack">
            <child>
              <object class="GtkLabel" id="status">
                <property name="label" translatable="yes" context="tab">Status messages</property>
                <property name="tooltip_text" translatable="yes">Other</property>
                <child internal-child="accessible">
                  <object class="AtkObject" id="status-atkobject">
                    <property name="AtkObject::accessible-name" translatable="yes">Others</property>
                  </object>
                </child>
              </object>
              <packing>
                <property name="title" translatable="yes">Status</property>
              </packing>
            </child>
            <child>
              <object class="GtkLabel">
                <property name="label" translatable="yes">No id of its own</property>
              </object>
            </child>
          </object>
        </child>
      </object>
    </interface>
    """

  @Test func eachTextIsFoundByItsObjectsIdAndProperty() {
    let declarations = InterfaceDeclarations(files: [("window.ui", Array(Self.file.utf8))])
    #expect(declarations.keys(of: "window", property: "title") == ["Messages"])
    #expect(
      declarations.keys(of: "status", property: "label")
        == [CatalogEntry.key("Status messages", context: "tab")])
    // A tooltip is read as text or as markup, whichever the widget holds.
    #expect(declarations.keys(of: "status", property: "tooltip-text") == ["Other"])
    #expect(declarations.keys(of: "status", property: "tooltip-markup") == ["Other"])
    #expect(declarations.keys(of: "status", property: "accessible-name") == ["Others"])
    #expect(declarations.keys(of: "status", property: "title") == ["Status"])
    // An id the reader made up names nothing in the running program.
    #expect(declarations.keys(of: "", property: "label").isEmpty)
    #expect(declarations.keys(of: "window", property: "label").isEmpty)
  }

  /// A menu item GTK makes of a menu model's item has no id: the module names it by its
  /// action, or as a submenu (liferea's "Im _Browser öffnen" is "_Open In Browser" in its
  /// menu and "Open Link In Browser" in its code; mousepad's "_Suchen" is the submenu
  /// "_Search" and the item "_Find").
  @Test func aMenusItemIsFoundByItsActionAndASubmenuAsOne() {
    let menu = """
      <interface>
        <menu id="menubar">
          <submenu>
            <attribute name="label" translatable="yes">_Search</attribute>
            <section>
              <attribute name="label" translatable="yes">Finding</attribute>
              <item>
                <attribute name="label" translatable="yes">_Find</attribute>
                <attribute name="action">win.find</attribute>
                <attribute name="tooltip" translatable="yes">Search for text</attribute>
              </item>
              <item>
                <attribute name="label" translatable="yes">_Open In Browser</attribute>
                <attribute name="action">app.launch</attribute>
              </item>
              <item>
                <attribute name="label" translatable="yes">No action</attribute>
              </item>
            </section>
          </submenu>
        </menu>
        <menu id="popup">
          <item>
            <attribute name="label" translatable="yes" context="menu">_Find</attribute>
            <attribute name="action">win.find</attribute>
          </item>
        </menu>
      </interface>
      """
    let declarations = InterfaceDeclarations(files: [("menus.ui", Array(menu.utf8))])
    #expect(
      declarations.keys(of: "action:win.find", property: "label")
        == ["_Find", CatalogEntry.key("_Find", context: "menu")])
    #expect(declarations.keys(of: "action:app.launch", property: "label") == ["_Open In Browser"])
    #expect(
      declarations.keys(of: "action:win.find", property: "tooltip-text") == ["Search for text"])
    #expect(declarations.keys(of: "submenu:", property: "label") == ["_Search"])
    // A section's heading names no menu item of GTK's, nor does an item with no action.
    #expect(declarations.keys(of: "action:", property: "label").isEmpty)
  }

  /// A GtkAction's texts, which GtkUIManager's proxies show (mypaint's actions): its short
  /// label is its label where the file sets none, and its tooltip a proxy's tooltip.
  @Test func anActionsShortLabelIsItsLabelAndItsTooltipItsProxies() {
    let actions = """
      <interface>
        <object class="GtkActionGroup">
          <child>
            <object class="GtkToggleAction" id="HCYWheelTool">
              <property name="label" translatable="yes" context="Menu">HCY Wheel</property>
              <property name="tooltip" translatable="yes">Dockable color selector.</property>
            </object>
          </child>
          <child>
            <object class="GtkAction" id="Pan">
              <property name="label" translatable="yes">Pan View</property>
              <property name="short-label" translatable="yes">Pan</property>
            </object>
          </child>
        </object>
      </interface>
      """
    let declarations = InterfaceDeclarations(files: [("resources.xml", Array(actions.utf8))])
    let wheel = CatalogEntry.key("HCY Wheel", context: "Menu")
    #expect(declarations.keys(of: "HCYWheelTool", property: "short-label") == [wheel])
    #expect(declarations.keys(of: "HCYWheelTool", property: "label") == [wheel])
    #expect(
      declarations.keys(of: "HCYWheelTool", property: "tooltip-text")
        == ["Dockable color selector."])
    #expect(declarations.keys(of: "Pan", property: "short-label") == ["Pan"])
  }

  /// One id in two files gives both files' messages: neither is taken on the id alone.
  @Test func anIdOfTwoFilesGivesBoth() {
    let other = Self.file.replacingOccurrences(of: ">Messages<", with: ">Report<")
    let declarations = InterfaceDeclarations(files: [
      ("window.ui", Array(Self.file.utf8)), ("other.ui", Array(other.utf8)),
    ])
    #expect(declarations.keys(of: "window", property: "title") == ["Messages", "Report"])
    #expect(declarations.fileCount == 2)
  }

  /// The files a program installs beside its data: `.ui` and `.glade` under
  /// `<share>/<program>` and `<share>/<text domain>`, `<share>` that of its locale folder,
  /// and under `<prefix>/lib/<program>` (mypaint's), with the `.xml` files whose root is
  /// `<interface>` (mypaint's `resources.xml`).
  @Test func installedFilesAreFoundBesideTheProgramsData() throws {
    let prefix = FileManager.default.temporaryDirectory
      .appendingPathComponent("declarations-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: prefix) }
    let share = prefix.appendingPathComponent("share", isDirectory: true)
    let data = "<?xml version=\"1.0\"?>\n<!-- <interface> -->\n<brushes/>\n"
    let files = [
      ("share/app/app.glade", Self.file), ("share/app/ui/prefs.ui", Self.file),
      ("share/app/ui/icon.png", Self.file), ("share/app-domain/dialog.ui", Self.file),
      ("share/app/a/b/c/d/too-deep.ui", Self.file), ("share/other/not-its.ui", Self.file),
      ("lib/app/gui/resources.xml", Self.file), ("lib/app/gui/brushes.xml", data),
      ("lib/app/gui/interfaces.xml", "<interfaces/>"),
    ]
    for (file, contents) in files {
      let url = prefix.appendingPathComponent(file)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
    }
    let found = InterfaceDeclarations.installedFiles(
      program: "app", textDomain: "app-domain",
      localeFolder: share.appendingPathComponent("locale").path
    ).map { String($0.path.dropFirst(prefix.path.count + 1)) }
    #expect(
      found == [
        "share/app/app.glade", "share/app/ui/prefs.ui", "share/app-domain/dialog.ui",
        "lib/app/gui/resources.xml",
      ])
  }
}
