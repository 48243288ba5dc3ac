import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI
import XCTest

/// "Open Interface…" and the recent interfaces of the window, with the app's opener
/// replaced by one that records what it was asked to open.
final class OpenInterfaceTests: WindowTestCase, @unchecked Sendable {
  var recentStore: RecentInterfaceStore {
    RecentInterfaceStore.standard(environment: ["XDG_CONFIG_HOME": configHome.path])
  }

  /// The files the opener was given, in order, and how to make the last one fail.
  @MainActor
  final class Opener {
    var opened: [URL] = []
    var fail: (@Sendable ([String]) -> Void)?
  }

  @MainActor
  @discardableResult
  func enable(_ opener: Opener) -> Diagnostic? {
    let warning = controller.enableInterfaces(store: recentStore) { file, failed in
      opener.opened.append(file)
      opener.fail = failed
    }
    render()
    return warning
  }

  @MainActor
  func render() {
    controller.render()
    Gtk.iteratePending()
  }

  @MainActor
  func button(_ id: String) -> Button? {
    controller.renderer.widget(for: id) as? Button
  }

  func testWithoutAnOpenerTheWindowHasNoOpenButton() throws {
    try onMainActor {
      try openWindow(language: "de")
      XCTAssertNil(button("interface.open"))
    }
  }

  func testOpenedInterfacesAreRememberedNewestFirstAndReopenFromTheirButtons() throws {
    try onMainActor {
      try openWindow(language: "de")
      let opener = Opener()
      XCTAssertNil(enable(opener))
      XCTAssertEqual(button("interface.open")?.label, "Oberfläche öffnen …")
      XCTAssertNil(button("recent:0"), "nothing opened yet")
      let prefs = URL(fileURLWithPath: "/src/transmission/gtk/ui/gtk3/PrefsDialog.ui")
      let stats = URL(fileURLWithPath: "/src/transmission/gtk/ui/gtk3/StatsDialog.ui")
      controller.openInterface(prefs)
      controller.openInterface(stats)
      render()
      XCTAssertEqual(opener.opened, [prefs, stats])
      XCTAssertEqual(button("recent:0")?.label, "StatsDialog.ui")
      XCTAssertEqual(button("recent:0")?.tooltipText, stats.path)
      XCTAssertEqual(button("recent:1")?.label, "PrefsDialog.ui")
      XCTAssertEqual(controller.renderer.label(for: "recent.caption")?.text, "Zuletzt geöffnet")
      // The user clicks the older one: it opens again and comes first.
      button("recent:1")?.click()
      render()
      XCTAssertEqual(opener.opened.last, prefs)
      XCTAssertEqual(button("recent:0")?.label, "PrefsDialog.ui")
      // The list is kept: the next start of the program shows it.
      XCTAssertEqual(recentStore.load().files, [prefs, stats])
    }
  }

  func testAPreviewThatFailsShowsItsErrorsInTheInfoBar() throws {
    try onMainActor {
      try openWindow(language: "de")
      let opener = Opener()
      enable(opener)
      controller.openInterface(URL(fileURLWithPath: "/tmp/broken.ui"))
      let failed = try XCTUnwrap(opener.fail)
      // From another thread, as the app's opener reports a preview process that ended.
      let lines = [
        "/tmp/broken.ui:5:3: error: malformed interface: </objekt> does not close <object>"
      ]
      Thread.detachNewThread { failed(lines) }
      XCTAssertTrue(
        Gtk.iterate(until: { self.controller.widgetIsShown("problem") }, timeout: .seconds(10)),
        "the info bar never showed")
      let bar = try XCTUnwrap(controller.renderer.widget(for: "problem") as? InfoBar)
      XCTAssertEqual(
        bar.text, "„broken.ui“ konnte nicht angezeigt werden.\n" + lines[0])
    }
  }

  func testACorruptRecentListIsEmptyWithAWarning() throws {
    try onMainActor {
      try FileManager.default.createDirectory(
        at: recentStore.fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("PrefsDialog.ui\n".utf8).write(to: recentStore.fileURL)
      try openWindow(language: "en")
      let warning = enable(Opener())
      XCTAssertEqual(warning?.severity, .warning)
      XCTAssertNotNil(button("interface.open"))
      XCTAssertNil(button("recent:0"))
    }
  }

  func testOpenInterfaceAsksForAUIFileAndOpensTheChosenOne() throws {
    try onMainActor {
      let folder = configHome.appendingPathComponent("project", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let file = folder.appendingPathComponent("dialog.ui")
      try Data("<interface/>".utf8).write(to: file)
      try openWindow(language: "de")
      let opener = Opener()
      enable(opener)
      button("interface.open")?.click()
      let chooser = try XCTUnwrap(controller.interfaceChooser)
      XCTAssertEqual(chooser.title, "Oberfläche öffnen")
      XCTAssertEqual(chooser.filterNames, ["GtkBuilder-Oberflächen (*.ui)"])
      chooser.setCurrentFolder(folder)
      chooser.selectedURL = file
      XCTAssertTrue(Gtk.iterate(until: { chooser.selectedURL == file }, timeout: .seconds(10)))
      chooser.respond(.accept)
      XCTAssertEqual(opener.opened, [file])
      XCTAssertNil(controller.interfaceChooser, "the chooser closes")
    }
  }
}
