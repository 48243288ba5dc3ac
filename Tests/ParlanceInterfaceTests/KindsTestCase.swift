import Foundation
import Parlance
import ParlanceGtk
import ParlanceInterface
import XCTest

/// Tests of the fixtures in `Fixtures/kinds/`: one `.ui` file per feature real
/// applications use and the Transmission corpus lacks, over `kinds/po/`.
class KindsTestCase: InterfaceTestCase, @unchecked Sendable {
  /// Opens `kinds/<name>` in `language`, or only `objectIDs` of it.
  @MainActor
  func openKind(_ name: String, language: String = "en", objectIDs: [String]? = nil) throws
    -> LocalizedInterface
  {
    try open(
      file: Self.fixture("kinds/" + name), po: Self.fixture("kinds/po"), language: language,
      objectIDs: objectIDs)
  }

  /// Writes `xml` to a `.ui` file of its own, removed when the test ends.
  func temporaryFile(_ xml: String) throws -> URL {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-kinds-\(UUID().uuidString).ui")
    try xml.write(to: file, atomically: true, encoding: .utf8)
    addTeardownBlock { try? FileManager.default.removeItem(at: file) }
    return file
  }

  /// What GTK shows for the text of `id` named `property` (`label`, `item[0]`, …).
  @MainActor
  func shown(_ interface: LocalizedInterface, _ id: String, _ property: String) -> String? {
    interface.texts.first { $0.objectID == id && $0.property == property }.flatMap {
      interface.shownValue(of: $0)
    }
  }

  /// The warnings of `interface` without the file's folder: `template.ui:4:3: warning: …`.
  @MainActor
  func warnings(_ interface: LocalizedInterface) -> [String] {
    interface.diagnostics.map { diagnostic in
      URL(fileURLWithPath: diagnostic.file).lastPathComponent + ":\(diagnostic.location.line):"
        + "\(diagnostic.location.column): \(diagnostic.severity.rawValue): \(diagnostic.message)"
    }
  }
}
