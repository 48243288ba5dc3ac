import Foundation
import Parlance
import Testing

/// `parlance lint dialog.ui po/`: each finding where a translator fixes it.
@Suite struct InterfaceLintTests {
  @Test func findingsPointIntoThePoFile() throws {
    let folder = try fixtureURL("ui/lint")
    let findings = Linter().lint(
      interfaces: [folder.appendingPathComponent("dialog.ui")],
      translations: [folder.appendingPathComponent("po")])
    let ui = folder.appendingPathComponent("dialog.ui").path
    let po = folder.appendingPathComponent("po/de.po").path
    #expect(
      findings.map(\.description) == [
        "\(ui):38:13: warning: 'Not translated yet' is not translated into de",
        "\(po):9:1: error: the translation of '<b>Network</b> options' breaks its Pango markup: "
          + "<b> is not closed",
        "\(po):18:1: warning: access key 's' of '_Print' is also the access key of '_Save' "
          + "(at 15:1) in the same window",
        "\(po):21:1: error: placeholders of '%d files' differ from the source: the source has "
          + "argument 1 as integer, the translation no printf arguments",
      ])
  }

  @Test func aDroppedAccessKeyIsAWarning() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let ui = try temporary.write(
      """
      <interface><object class="GtkWindow" id="w"><child><object class="GtkButton">
      <property name="label" translatable="yes">_Quit</property>
      <property name="use_underline">True</property>
      </object></child></object></interface>
      """, to: "app/data/window.ui")
    let po = try temporary.write(
      "msgid \"_Quit\"\nmsgstr \"Beenden\"\n", to: "app/po/de.po")
    // The project's po/ folder is found from the .ui file.
    let findings = Linter().lint(interfaces: [ui], translations: [])
    #expect(
      findings.map(\.description) == [
        "\(po.path):1:1: warning: the translation of '_Quit' has no access key '_' although "
          + "the source has one"
      ])
  }

  @Test func malformedInterfaceIsAnErrorWithItsPosition() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let ui = try temporary.write(
      "<interface>\n  <object class=\"GtkLabel\">\n    <property name=\"label\">x</object>\n",
      to: "broken.ui")
    let findings = Linter().lint(interfaces: [ui], translations: [])
    #expect(
      findings.map(\.description) == [
        "\(ui.path):3:29: error: malformed interface: </object> does not close <property> "
          + "opened at 3:5"
      ])
  }

  /// A `.ui` file nested 5,000 widgets deep, or a menu of 50,000 nested submenus, is an
  /// error at the element too deep, not a stack overflow; one as deep as allowed is read.
  @Test func nestingBeyondTheLimitIsAnErrorWithItsPosition() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let boxes = String(repeating: "<object class=\"GtkBox\"><child>", count: 5_000)
    let deep = try temporary.write("<interface>\n" + boxes + "\n</interface>\n", to: "deep.ui")
    let submenus = String(repeating: "<submenu><section>", count: 50_000)
    let menu = try temporary.write(
      "<interface>\n<menu id=\"app-menu\">" + submenus + "\n</interface>\n", to: "menu.ui")
    // <interface> is depth 1, so the 257th element is the <child> of the 128th box
    // (each 30 characters, <child> after 23) and the <submenu> of the 128th pair after
    // the 20 characters of <menu id="app-menu"> (each pair 18).
    #expect(
      Linter().lint(interfaces: [deep, menu], translations: []).map(\.description) == [
        "\(deep.path):2:\(1 + 127 * 30 + 23): error: malformed interface: <child> is nested "
          + "deeper than 256 elements",
        "\(menu.path):2:\(1 + 20 + 127 * 18): error: malformed interface: <submenu> is nested "
          + "deeper than 256 elements",
      ])

    let levels = (XMLReader.maximumDepth - 2) / 2
    let widgets =
      String(repeating: "<object class=\"GtkBox\"><child>", count: levels)
      + "<object class=\"GtkLabel\"/>"
      + String(repeating: "</child></object>", count: levels)
    let allowed = try temporary.write(
      "<interface>" + widgets + "</interface>\n", to: "allowed.ui")
    #expect(Linter().lint(interfaces: [allowed], translations: []).isEmpty)
  }
}
