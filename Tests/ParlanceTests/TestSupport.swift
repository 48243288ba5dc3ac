import Foundation
import Parlance
import Synchronization

/// A real folder under the system temporary directory, removed by `remove()`.
struct TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// A copy of `Fixtures/<name>` inside this folder.
  func copyFixture(_ name: String) throws -> URL {
    let source = try fixtureURL(name)
    let destination = url.appendingPathComponent(name, isDirectory: true)
    try FileManager.default.copyItem(at: source, to: destination)
    return destination
  }

  func write(_ text: String, to relativePath: String) throws -> URL {
    let file = url.appendingPathComponent(relativePath, isDirectory: false)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

func fixtureURL(_ name: String) throws -> URL {
  guard let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
    throw CocoaError(.fileNoSuchFile)
  }
  return fixtures.appendingPathComponent(name)
}

/// Collects what a localizer reports, from any thread.
final class CollectingReporter: LocalizationReporter {
  private let storage = Mutex<[LocalizationEvent]>([])

  var events: [LocalizationEvent] { storage.withLock { $0 } }

  func report(_ event: LocalizationEvent) {
    storage.withLock { $0.append(event) }
  }
}

extension LanguageTag {
  /// For tests only: a tag literal known to be valid.
  static func test(_ text: String) -> LanguageTag {
    do {
      return try LanguageTag(text)
    } catch {
      preconditionFailure("\(error)")
    }
  }
}
