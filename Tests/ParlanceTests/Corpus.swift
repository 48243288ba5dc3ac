import Foundation

/// The real translation files of `shared/corpus`, laid beside the clone (as CI does).
enum Corpus {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // ParlanceTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the package root
    .deletingLastPathComponent()
    .appendingPathComponent("shared/corpus")

  /// `shared/corpus/<format>`.
  static func folder(_ format: String) -> URL {
    root.appendingPathComponent(format)
  }
}
