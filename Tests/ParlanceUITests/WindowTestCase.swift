import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI
import ParlanceWindow
import XCTest

/// A real GTK window over the app's real translations, under the display `make test`
/// provides (Xvfb); skipped cleanly where there is none.
///
/// Test methods are not `@MainActor` (Linux test discovery aborts on isolated ones): each
/// enters with `onMainActor`. Unchecked `Sendable`: XCTest uses an instance on the main
/// thread only.
class WindowTestCase: XCTestCase, @unchecked Sendable {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let resources = packageRoot.appendingPathComponent("Resources", isDirectory: true)

  nonisolated(unsafe) var controller: WindowController!
  nonisolated(unsafe) var localizer: Localizer!
  let configHome = FileManager.default.temporaryDirectory
    .appendingPathComponent("parlance-ui-\(UUID().uuidString)", isDirectory: true)

  func onMainActor(_ body: @MainActor () throws -> Void) throws {
    try MainActor.assumeIsolated { try body() }
  }

  override func setUpWithError() throws {
    try super.setUpWithError()
    let environment = ProcessInfo.processInfo.environment
    guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil else {
      throw XCTSkip("no display: GTK tests need X (make test runs them under Xvfb)")
    }
    try onMainActor {
      guard Gtk.initialize() else { throw XCTSkip("GTK cannot open the display") }
      Gtk.configureForScreenshots(fontName: "DejaVu Sans 10")
    }
  }

  override func tearDownWithError() throws {
    try onMainActor {
      controller?.window.destroy()
      controller = nil
      Gtk.iteratePending()
      Widget.defaultDirection = .leftToRight
    }
    try? FileManager.default.removeItem(at: configHome)
    try super.tearDownWithError()
  }

  var store: FilePreferenceStore {
    FilePreferenceStore.standard(environment: ["XDG_CONFIG_HOME": configHome.path])
  }

  /// Opens the window in `language` (or following `environment`'s languages).
  @MainActor
  func openWindow(
    language: String? = nil, environment: [String: String] = ["LANG": "en_US.UTF-8"],
    resources: [URL] = [WindowTestCase.resources], strategy: Renderer.Strategy = .reuse
  ) throws {
    localizer = try Localizer(
      resources: resources, language: try language.map { try LanguageTag($0) },
      preferences: store, environment: environment)
    let window = Window(title: "")
    controller = WindowController(
      localizer: localizer, window: window, now: ScreenshotSession.fixedDate, strategy: strategy)
    controller.show()
    XCTAssertTrue(window.waitForFirstDraw(timeout: .seconds(10)), "window was never drawn")
  }

  /// Picks `id` in the language menu as a user would, and waits for the re-render.
  @MainActor
  func choose(_ id: String, file: StaticString = #filePath, line: UInt = #line) {
    let before = controller.renderCount
    guard let menu = controller.renderer.languageMenu else {
      XCTFail("no language menu", file: file, line: line)
      return
    }
    // Picking the entry already shown changes nothing, for a user too.
    if menu.activeID == id { return }
    XCTAssertTrue(menu.select(id: id), "no menu entry '\(id)'", file: file, line: line)
    let finished = Gtk.iterate(
      until: { !self.controller.isSwitching && self.controller.renderCount > before },
      timeout: .seconds(10))
    XCTAssertTrue(finished, "no re-render after choosing \(id)", file: file, line: line)
  }

  /// A resources folder whose French catalog has a syntax error on line 2; removed after
  /// the test.
  func brokenFrenchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-broken-\(UUID().uuidString)", isDirectory: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let broken = folder.appendingPathComponent("fr.lproj/Localizable.strings")
    try FileManager.default.createDirectory(
      at: broken.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("\"greeting\" = \"Bonjour\"\n\"oops\" = ;\n".utf8).write(to: broken)
    return folder
  }

  /// Picks `id` in the language menu, expecting the switch to fail: waits until it has
  /// finished, the info bar shows the problem and the menu is back at the language in use.
  @MainActor
  func failToSwitch(to id: String, file: StaticString = #filePath, line: UInt = #line) {
    guard let menu = controller.renderer.languageMenu else {
      XCTFail("no language menu", file: file, line: line)
      return
    }
    XCTAssertTrue(menu.select(id: id), "no menu entry '\(id)'", file: file, line: line)
    let shown = Gtk.iterate(
      until: {
        !self.controller.isSwitching && self.controller.widgetIsShown("problem")
          && menu.activeID != id
      },
      timeout: .seconds(10))
    XCTAssertTrue(shown, "no problem shown after choosing \(id)", file: file, line: line)
  }

  /// The text of the label of node `id`.
  @MainActor
  func text(_ id: String) -> String? {
    controller.renderer.label(for: id)?.text
  }

  /// A second localizer pinned to `tag`, independent of the window, for expectations.
  func reference(_ tag: String) throws -> Localizer {
    try Localizer(resources: [Self.resources], language: try LanguageTag(tag), environment: [:])
  }
}

/// The Parlance window's controls, found by their node ids.
extension Renderer {
  @MainActor var languageMenu: ComboBoxText? { widget(ComboBoxText.self, for: "language") }
  @MainActor var notesView: TextView? { widget(TextView.self, for: "notes") }
  @MainActor var notesScroll: ScrolledWindow? { widget(ScrolledWindow.self, for: "notes") }
  @MainActor var numberField: SpinButton? { widget(SpinButton.self, for: "files") }
}
