import Foundation
import Parlance
import ParlanceGtk

/// What a `ScreenshotSession` photographs in each language: the Parlance window
/// (`ParlanceWindow`'s `WindowScreenshots`), or the toplevels of a `.ui` file
/// (`ParlanceInterface`'s `InterfaceScreenshots`).
@MainActor
public protocol ScreenshotSubject: AnyObject {
  /// The localizer the session switches.
  var localizer: Localizer { get }
  /// The windows photographed after each switch, in order. `name` goes into the file name
  /// (`NN-<tag>-<name>.png`); nil for a subject of one window (`NN-<tag>.png`).
  var windows: [(name: String?, window: Window)] { get }
  /// Called once before the first language: show the windows, measure what later
  /// languages are compared with.
  func prepare() throws(ScreenshotSession.Failure)
  /// The language `prepare()` left every window drawn and measured in, when it did: the
  /// session photographs that language, when it comes first, without a frame of its own.
  /// Nil when `prepare` does not draw them.
  var preparedLanguage: LanguageTag? { get }
  /// Shows the localizer's current language in every window, now.
  func render()
  /// What a reviewer should look at in `window` (photographed in `language` as `file`).
  func examine(_ window: Window, named name: String?, in language: LanguageTag, file: URL)
    -> ScreenshotReport.Language
  /// The report's heading, without languages.
  func makeReport() -> ScreenshotReport
  /// What is photographed of `window`: the window itself, or a popover it shows.
  func photographed(in window: Window) -> Widget
  /// The size the last `render()` asked `window` to take (`Window.resize(to:)`), when it
  /// asked one: the session then photographs the window as soon as it is laid out at
  /// that size (`Window.picture(laidOutAt:timeout:)`) instead of in its next frame.
  func askedSize(of window: Window) -> Size?
}

extension ScreenshotSubject {
  /// The window itself.
  public func photographed(in window: Window) -> Widget { window }
  /// None: `prepare` does not draw.
  public var preparedLanguage: LanguageTag? { nil }
  /// None: `render` asks no size.
  public func askedSize(of window: Window) -> Size? { nil }
}
