import Foundation
import Parlance
import ParlanceGtk
import ParlanceInterface
import XCTest

/// Tests of `InterfacePreview`: the previewed windows and the control bar, driven through
/// GTK (the bar's combo box and check buttons), read back from GTK.
class PreviewTestCase: InterfaceTestCase, @unchecked Sendable {
  nonisolated(unsafe) var previews: [InterfacePreview] = []
  /// A copy of the preview fixture (the `.ui` and its `po/`), for tests that save files.
  nonisolated(unsafe) var workFolder: URL?

  override func tearDownWithError() throws {
    try onMainActor {
      for preview in previews { preview.close() }
      previews = []
      Gtk.iteratePending()
    }
    if let workFolder { try? FileManager.default.removeItem(at: workFolder) }
    try super.tearDownWithError()
  }

  /// The fixture copied into a temporary folder: `preview.ui` and `po/`.
  func copyFixture() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-preview-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.copyItem(at: Self.fixture("preview"), to: folder)
    workFolder = folder
    return folder
  }

  /// Opens `preview.ui` of `folder` (the fixture when nil) with its `po/`, and shows it.
  @MainActor
  func openPreview(
    language: String?, folder: URL? = nil, objectID: String? = nil,
    configure: (inout PreviewOptions) -> Void = { _ in }
  ) throws -> InterfacePreview {
    let folder = try folder ?? Self.fixture("preview")
    var options = PreviewOptions(
      files: [folder.appendingPathComponent("preview.ui")],
      sources: TranslationSources(gettextFolders: [folder.appendingPathComponent("po")]),
      language: try language.map { try LanguageTag($0) }, objectID: objectID)
    options.appResources = [Self.parlanceResources]
    options.environment = ["LANGUAGE": "en"]
    configure(&options)
    let preview = try InterfacePreview(options: options)
    previews.append(preview)
    preview.show()
    Gtk.iteratePending()
    return preview
  }

  /// Parlance's own `Resources/` (the control bar's texts).
  static var parlanceResources: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Resources", isDirectory: true)
  }

  /// The label (or other string property) of object `id`, read from GTK.
  @MainActor
  func shown(_ preview: InterfacePreview, _ id: String, _ property: String = "label") -> String? {
    for interface in preview.interfaces {
      if let object = try? interface.object(id) { return object.string(forProperty: property) }
    }
    return nil
  }

  @MainActor
  func object(_ preview: InterfacePreview, _ id: String) throws -> BuiltObject {
    for interface in preview.interfaces {
      if let object = try? interface.object(id) { return object }
    }
    throw XCTSkip("no object '\(id)'")
  }

  /// Runs the main loop until `condition` holds; the timeout only guards against a hang.
  @MainActor
  func waitFor(_ what: String, _ condition: () -> Bool) {
    XCTAssertTrue(Gtk.iterate(until: condition, timeout: .seconds(20)), "never: \(what)")
  }

  /// Saves `text` as `file` the way many editors do: a new file renamed over the old.
  func saveByRenaming(_ text: String, to file: URL) throws {
    let temporary = file.deletingLastPathComponent()
      .appendingPathComponent(".\(file.lastPathComponent).swp-\(UUID().uuidString)")
    try Data(text.utf8).write(to: temporary)
    guard rename(temporary.path, file.path) == 0 else {
      throw CocoaError(.fileWriteUnknown)
    }
  }
}
