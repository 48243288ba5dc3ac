import Foundation
import XCTest

/// A test with a folder of its own in the temporary directory, removed after it.
class FolderTestCase: XCTestCase, @unchecked Sendable {
  var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-\(type(of: self))-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }
}
