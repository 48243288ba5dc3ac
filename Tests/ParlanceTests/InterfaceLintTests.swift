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
}
