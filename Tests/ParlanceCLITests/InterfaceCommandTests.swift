import Foundation
import Parlance
import Testing

/// `ui-strings` and `screenshot --ui` on the interface fixtures, run as a user would,
/// in the fixtures' folder so paths read as typed. They build widgets: they need the
/// display `make test` provides.
@Suite(.serialized, .enabled(if: !CommandRunner.display.isEmpty, "needs a display (make test)"))
struct InterfaceCommandTests {
  let runner: CommandRunner
  static let kinds = CommandRunner.packageRoot.appendingPathComponent(
    "Tests/ParlanceInterfaceTests/Fixtures/kinds", isDirectory: true)

  init() throws {
    runner = try CommandRunner()
  }

  func run(_ arguments: [String]) throws -> CommandRunner.Output {
    try runner.run(arguments, environment: CommandRunner.display, in: Self.kinds)
  }

  @Test func textListsEveryTextAsShown() throws {
    let output = try run(["ui-strings", "strings.ui", "--language", "de-AT"])
    #expect(output.status == 0)
    #expect(
      output.stdout == """
        strings.ui:6: strings-menu item[0].label = "_Bits zeigen" (fallback: de)
        strings.ui:15: strings-store row[0].column[0] [unit] = "Megabyte" (fallback: de)
        strings.ui:20: strings-window title = "Maßeinheiten"
        strings.ui:28: strings-window/GtkBox[1]/GtkComboBoxText[1] item[0] = "Kilobyte" \
        (fallback: de)
        strings.ui:35: strings-button label [verb] = "_Open" (untranslated)
        strings.ui:38: strings-button accessible-name = "Dateiname" (fallback: de)
        strings.ui:45: strings-window/GtkBox[1]/DemoChart[1] caption: not shown \
        (a placeholder for class 'DemoChart'; fallback: de)

        """)
    #expect(
      output.stderr.contains(
        "strings.ui:44:11: warning: unknown class 'DemoChart': shown as a placeholder"))
  }

  /// GTK's own texts follow, each with its gtk30 message and its entry in GTK's catalog
  /// of the language: what `dgettext("gtk30", …)` gives a fresh program in French.
  @Test func gtksOwnTextsFollowWithTheirMessages() throws {
    let gtk30 = URL(fileURLWithPath: "/usr/share/locale/fr/LC_MESSAGES/gtk30.mo")
    try #require(FileManager.default.fileExists(atPath: gtk30.path), "no gtk30.mo (fr)")
    let french = Dictionary(
      try MOFile(contentsOf: gtk30).entries().map { ($0.key, $0.forms[0]) },
      uniquingKeysWith: { first, _ in first })
    let toolkit = CommandRunner.packageRoot.appendingPathComponent(
      "Tests/ParlanceInterfaceTests/Fixtures/toolkit", isDirectory: true)
    let output = try runner.run(
      ["ui-strings", "toolkit.ui", "--po", "po", "--language", "fr", "--json"],
      environment: CommandRunner.display, in: toolkit)
    #expect(output.status == 0, "\(output.stderr)")
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
    #expect(rows.first?["value"] as? String == "Enregistrer le rapport ?")
    let gtk = rows.filter { $0["object"] is NSNull }
    let ok = try #require(gtk.first { $0["msgid"] as? String == "_OK" })
    #expect(ok["value"] as? String == french["_OK"])
    #expect(ok["class"] as? String == "GtkButton")
    #expect(ok["status"] as? String == "translated")
    #expect((ok["source"] as? String)?.hasPrefix(gtk30.path + ", entry ") == true)
    // Stock items: a button's, a menu item's, and an action's label from its stock id
    // (gtk-go-forward's "_Forward" is the navigation's, not the media's).
    for (msgid, context) in [
      ("_Cancel", "Stock label"), ("_Open", "Stock label"), ("_Forward", "Stock label, navigation"),
    ] {
      let stock = try #require(
        gtk.first { $0["context"] as? String == context && $0["msgid"] as? String == msgid })
      #expect(stock["value"] as? String == french["\(context)\u{4}\(msgid)"])
    }
    // Each of GTK's texts is its message's French translation: the text itself, inside
    // markup GTK put around it (`<b>%s</b>`), or made from it (a printf message).
    for row in gtk {
      let key = [row["context"] as? String, row["msgid"] as? String].compactMap { $0 }
        .joined(separator: "\u{4}")
      let value = try #require(row["value"] as? String)
      let translation = try #require(french[key], "\(key)")
      #expect(
        value == translation || value.contains(translation) || translation.contains("%"),
        "\(row)")
    }
  }

  @Test func jsonHasExactlyTheDocumentedKeys() throws {
    let output = try run(["ui-strings", "strings.ui", "--language", "de-AT", "--json"])
    #expect(output.status == 0)
    #expect(
      output.stdout == """
        [{"object": "strings-menu", "class": "GMenu", "property": "item[0].label", \
        "context": null, "msgid": "Show _bits", "value": "_Bits zeigen", "status": "fallback", \
        "ui": "strings.ui:6", "source": "po/de.po:109"}, \
        {"object": "strings-store", "class": "GtkListStore", "property": "row[0].column[0]", \
        "context": "unit", "msgid": "Megabytes", "value": "Megabyte", "status": "fallback", \
        "ui": "strings.ui:15", "source": "po/de.po:103"}, \
        {"object": "strings-window", "class": "GtkWindow", "property": "title", \
        "context": null, "msgid": "Units", "value": "Maßeinheiten", "status": "translated", \
        "ui": "strings.ui:20", "source": "po/de_AT.po:6"}, \
        {"object": "strings-window/GtkBox[1]/GtkComboBoxText[1]", "class": "GtkComboBoxText", \
        "property": "item[0]", "context": null, "msgid": "Kilobytes", "value": "Kilobyte", \
        "status": "fallback", "ui": "strings.ui:28", "source": "po/de.po:99"}, \
        {"object": "strings-button", "class": "GtkButton", "property": "label", \
        "context": "verb", "msgid": "_Open", "value": "_Open", "status": "untranslated", \
        "ui": "strings.ui:35", "source": null}, \
        {"object": "strings-button", "class": "GtkButton", "property": "accessible-name", \
        "context": null, "msgid": "File name", "value": "Dateiname", "status": "fallback", \
        "ui": "strings.ui:38", "source": "po/de.po:72"}, \
        {"object": "strings-window/GtkBox[1]/DemoChart[1]", "class": "DemoChart", \
        "property": "caption", "context": null, "msgid": "Downloads per day", "value": null, \
        "status": "fallback", "ui": "strings.ui:45", "source": "po/de.po:15"}]

        """)
  }

  @Test func theDevelopmentLanguageIsTranslatedByItsMsgids() throws {
    let output = try run(["ui-strings", "strings.ui", "--language", "en", "--json"])
    #expect(output.status == 0)
    let list = try #require(
      try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
    #expect(list.map { $0["status"] as? String } == Array(repeating: "translated", count: 7))
    #expect(list.map { $0["value"] as? String }.compactMap { $0 }.count == 6)
    #expect(list[2]["value"] as? String == "Units")
    #expect(list[2]["source"] is NSNull)
  }

  @Test func oneObjectOnly() throws {
    let output = try run([
      "ui-strings", "labels.ui", "--object", "overwrite-dialog", "--language", "de",
    ])
    #expect(output.status == 0)
    // The message dialog's own buttons follow, as GTK's German catalog writes them.
    let german = URL(fileURLWithPath: "/usr/share/locale/de/LC_MESSAGES/gtk30.mo")
    let catalog = Dictionary(
      try MOFile(contentsOf: german).entries().map { ($0.key, $0.forms[0]) },
      uniquingKeysWith: { first, _ in first })
    let no = try #require(catalog["_No"])
    let yes = try #require(catalog["_Yes"])
    #expect(
      output.stdout == """
        labels.ui:81: overwrite-dialog text = "Die Datei ersetzen?"
        labels.ui:82: overwrite-dialog secondary-text = "Sie existiert bereits."
        GTK: GtkButton label = "\(no)" (gtk30 "_No")
        GTK: GtkButton label = "\(yes)" (gtk30 "_Yes")

        """)
  }

  @Test(arguments: [
    (
      ["ui-strings", "malformed.ui"],
      "malformed.ui:8:7: error: malformed interface: "
        + "</objekt> does not close <object> opened at 6:7\n"
    ),
    (["ui-strings", "no-such.ui"], "no-such.ui:1:1: error: cannot read file: no such file\n"),
    (
      ["ui-strings", "labels.ui", "--object", "nope"],
      "labels.ui:2:1: error: no object with id 'nope' in the interface\n"
    ),
    (
      ["ui-strings", "labels.ui", "--language", "fr"],
      "parlance: error: no translations for 'fr'; "
        + "available: de, de-AT, en, sr, sr-Latn, en-XA, ar-XB\n"
    ),
    (
      ["screenshot", "--ui", "malformed.ui", "--out", "never-written"],
      "malformed.ui:8:7: error: malformed interface: "
        + "</objekt> does not close <object> opened at 6:7\n"
    ),
  ])
  func errorsSayWhereAndExitOne(_ arguments: [String], _ message: String) throws {
    let output = try run(arguments)
    #expect(output.status == 1)
    #expect(output.stdout == "")
    #expect(output.stderr == message)
    #expect(
      !FileManager.default.fileExists(
        atPath: Self.kinds.appendingPathComponent("never-written").path))
  }

  @Test(arguments: [
    (["ui-strings"], "missing UI_FILE"),
    (["ui-strings", "a.ui", "b.ui"], "unexpected argument 'b.ui'"),
    (["ui-strings", "labels.ui", "--language", "../x"], "invalid language tag '../x'"),
    (["ui-strings", "labels.ui", "--frobnicate"], "unknown option '--frobnicate'"),
    (["screenshot", "--ui", "labels.ui"], "missing --out"),
    (
      ["screenshot", "--ui", "labels.ui", "--out", "x", "--size", "300x300"],
      "--size does not apply to --ui"
    ),
    (["screenshot", "--object", "a", "--out", "x"], "--object needs --ui UI_FILE"),
  ])
  func badUsageExitsTwo(_ arguments: [String], _ message: String) throws {
    let output = try run(arguments)
    #expect(output.status == 2)
    #expect(output.stderr.contains(message))
    #expect(output.stderr.contains("usage: parlance"))
  }

  @Test func screenshotsNameLanguageAndObject() throws {
    let out = runner.configHome.appendingPathComponent("shots", isDirectory: true)
    let output = try run([
      "screenshot", "--ui", "fit.ui", "--languages", "en,de", "--out", out.path,
    ])
    #expect(output.status == 0)
    let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
    #expect(
      files == [
        "01-en-fit-dialog.png", "02-en-fit-window.png", "03-de-fit-dialog.png",
        "04-de-fit-window.png", "contact-sheet.png", "report.json", "report.md",
      ])
    #expect(output.stdout.contains("[3/4] de fit-dialog: \(out.path)/03-de-fit-dialog.png"))
    // Each text drawn, with its message and its rectangle inside the picture; the label
    // of the page not shown is not drawn.
    let report = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: out.appendingPathComponent("report.json"))) as? [String: Any])
    let german = try #require(
      (report["languages"] as? [[String: Any]])?.first {
        $0["screenshot"] as? String == "03-de-fit-dialog.png"
      })
    let texts = try #require(german["texts"] as? [[String: Any]])
    let width = try #require(german["width"] as? Int)
    let height = try #require(german["height"] as? Int)
    let byMsgid = Dictionary(
      texts.map { ($0["msgid"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    #expect(
      byMsgid["Short"]?["value"] as? String == "Eine viel zu lange Beschriftung für diesen Platz")
    #expect(byMsgid["_Remember"]?["status"] as? String == "translated")
    // The entry: its msgid's line in the file.
    #expect((byMsgid["_Remember"]?["source"] as? String)?.hasSuffix("kinds/po/de.po:133") == true)
    #expect(byMsgid["Tiny"] == nil, "on the page not shown")
    for text in texts {
      let rect = try #require(text["rect"] as? [String: Int])
      let (x, y, w, h) = (rect["x"] ?? -1, rect["y"] ?? -1, rect["width"] ?? 0, rect["height"] ?? 0)
      #expect(x >= 0 && y >= 0 && w > 0 && h > 0 && x + w <= width && y + h <= height, "\(text)")
    }
    let all = try run([
      "screenshot", "--ui", "labels.ui", "--object", "save-window", "--out", out.path + "2",
    ])
    #expect(all.status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: out.path + "2")
      .filter { $0.hasSuffix("-save-window.png") }.sorted()
    #expect(
      names == [
        "01-en-save-window.png", "02-de-save-window.png", "03-de-AT-save-window.png",
        "04-sr-save-window.png", "05-sr-Latn-save-window.png",
      ])
  }

  /// A picture that cannot be written after the switch to German says why in English,
  /// like the rest of the message: the switch gives GTK's own texts German through
  /// gettext, which the system's error texts follow too.
  @Test func aWriteThatFailsAfterASwitchSaysWhyInEnglish() throws {
    try #require(
      FileManager.default.fileExists(atPath: "/usr/share/locale/de/LC_MESSAGES/libc.mo"),
      "glibc's German messages (the locales package)")
    let out = runner.configHome.appendingPathComponent("blocked", isDirectory: true)
    // Where the German dialog's picture goes, a folder.
    let taken = out.appendingPathComponent("01-de-fit-dialog.png", isDirectory: true)
    try FileManager.default.createDirectory(at: taken, withIntermediateDirectories: true)
    let output = try run(["screenshot", "--ui", "fit.ui", "--languages", "de", "--out", out.path])
    #expect(output.status == 1)
    #expect(
      output.stderr.contains("parlance: error: cannot write '\(taken.path)': Is a directory"),
      "\(output.stderr)")
    #expect(!output.stderr.contains("Verzeichnis"), "\(output.stderr)")
  }
}

/// Without a display `ui-strings` cannot build widgets, and says so.
@Suite struct InterfaceCommandWithoutDisplayTests {
  @Test func noDisplayIsAClearError() throws {
    let runner = try CommandRunner()
    let output = try runner.run(["ui-strings", "labels.ui"], in: InterfaceCommandTests.kinds)
    #expect(output.status == 1)
    #expect(output.stdout == "")
    #expect(
      output.stderr == "parlance: error: cannot open the display: ui-strings builds the widgets "
        + "to read them back (run it under X, or Xvfb: scripts/with-display)\n")
  }
}
