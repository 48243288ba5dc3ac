import Foundation
import Parlance
import ParlanceGtk
import ParlanceInterface
import XCTest

/// GTK tests of `.ui` files under the display `make test` provides; skipped cleanly where
/// there is none. Methods enter the main actor with `onMainActor`.
class InterfaceTestCase: XCTestCase, @unchecked Sendable {
  nonisolated(unsafe) var localizer: Localizer!
  nonisolated(unsafe) var interfaces: [LocalizedInterface] = []

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
    }
  }

  override func tearDownWithError() throws {
    try onMainActor {
      for interface in interfaces {
        for (_, built) in interface.toplevels { built.widget?.destroy() }
      }
      interfaces = []
      Gtk.iteratePending()
      Widget.defaultDirection = .leftToRight
    }
    try super.tearDownWithError()
  }

  static func fixture(_ name: String) throws -> URL {
    guard let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
      throw CocoaError(.fileNoSuchFile)
    }
    return fixtures.appendingPathComponent(name)
  }

  /// Opens fixture `name` over the fixtures' `po/` folder in `language`.
  @MainActor
  func open(_ name: String, language: String, po: URL? = nil) throws -> LocalizedInterface {
    try open(file: Self.fixture(name), po: po ?? Self.fixture("po"), language: language)
  }

  /// Opens `file` over the gettext folder `po` in `language` (or only `objectIDs`).
  @MainActor
  func open(file: URL, po: URL, language: String, objectIDs: [String]? = nil) throws
    -> LocalizedInterface
  {
    let folder = try ResourceFolder(url: po, layout: .gettext)
    localizer = Localizer(
      folders: [folder], developmentLanguage: try LanguageTag("en"),
      language: try LanguageTag(language), environment: [:], pseudoLocales: true)
    let interface = try LocalizedInterface(
      file: file, localizer: localizer, objectIDs: objectIDs)
    interfaces.append(interface)
    return interface
  }

  /// Switches the localizer and lets the change reach the widgets.
  @MainActor
  func switchTo(_ language: String) throws {
    try localizer.switchLanguage(to: .pinned(LanguageTag(language)), persisting: false)
    Gtk.iteratePending()
  }
}
