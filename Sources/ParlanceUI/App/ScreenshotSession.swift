import Foundation
import Parlance
import ParlanceGtk

/// Photographs the window in several languages from one process: switch, wait for the
/// frame to be drawn, write `NN-<tag>.png`.
@MainActor
public final class ScreenshotSession {
  public struct Shot: Sendable {
    public let language: LanguageTag
    public let file: URL
  }

  public enum Failure: Error, CustomStringConvertible {
    case noDisplay
    case notDrawn(LanguageTag)
    case switchFailed(LocalizerError)
    case cannotWrite(String, String)

    public var description: String {
      switch self {
      case .noDisplay: "no display: run under xvfb-run (make run does)"
      case .notDrawn(let tag): "the window in \(tag) was not drawn within 10 seconds"
      case .switchFailed(let error): error.description
      case .cannotWrite(let path, let reason): "cannot write '\(path)': \(reason)"
      }
    }
  }

  /// The instant every screenshot's date line shows, so that runs compare.
  public static let fixedDate = Date(timeIntervalSince1970: 1_772_539_200)  // 2026-03-03 12:00 UTC

  public let localizer: Localizer
  public let controller: WindowController
  public let window: Window

  /// - Parameter size: the window's size in pixels; fixed so screenshots compare.
  public init(localizer: Localizer, size: Size) throws(Failure) {
    guard Gtk.initialize() else { throw .noDisplay }
    Gtk.configureForScreenshots(fontName: "DejaVu Sans 10")
    self.localizer = localizer
    window = Window(title: "Parlance")
    controller = WindowController(localizer: localizer, window: window, now: Self.fixedDate)
    controller.setInitialSize(size)
    window.resizable = false
  }

  /// Switches to each language in turn and writes its PNG into `directory`.
  ///
  /// - Parameter progress: called after each file is written.
  public func capture(
    _ languages: [LanguageTag], into directory: URL, progress: (Shot) -> Void = { _ in }
  ) throws(Failure) -> [Shot] {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw .cannotWrite(directory.path, error.localizedDescription)
    }
    var shots: [Shot] = []
    controller.show()
    for (index, language) in languages.enumerated() {
      do {
        try localizer.switchLanguage(to: .pinned(language), persisting: false)
      } catch {
        throw .switchFailed(error)
      }
      controller.render()
      guard window.waitForFirstDraw(timeout: .seconds(10)) else { throw .notDrawn(language) }
      let file = directory.appendingPathComponent(
        String(format: "%02d-%@.png", index + 1, language.identifier))
      do {
        try window.snapshotPNG(to: file.path)
      } catch {
        throw .cannotWrite(file.path, error.description)
      }
      let shot = Shot(language: language, file: file)
      shots.append(shot)
      progress(shot)
    }
    return shots
  }
}
