import Foundation
import Parlance
import ParlanceGtk
import ParlanceInterface
import XCTest

/// What cannot be opened is an `InterfaceError` saying where, and nothing is built.
final class InterfaceErrorTests: KindsTestCase, @unchecked Sendable {
  @MainActor
  func openingError(_ file: URL, objectIDs: [String]? = nil) throws -> String? {
    let localizer = Localizer(folders: [], environment: [:])
    do {
      _ = try LocalizedInterface(file: file, localizer: localizer, objectIDs: objectIDs)
      return nil
    } catch {
      return error.description
    }
  }

  func testMalformedXMLSaysWhere() throws {
    try onMainActor {
      let file = try Self.fixture("kinds/malformed.ui")
      XCTAssertEqual(
        try openingError(file),
        file.path + ":8:7: error: malformed interface: "
          + "</objekt> does not close <object> opened at 6:7")
    }
  }

  func testAMissingFileIsNamed() throws {
    try onMainActor {
      let file = try Self.fixture("kinds/no-such-dialog.ui")
      let message = try XCTUnwrap(try openingError(file))
      XCTAssertTrue(
        message.hasPrefix(file.path + ":1:1: error: cannot read file: "), message)
    }
  }

  func testAnUnknownObjectIDSaysWhichFile() throws {
    try onMainActor {
      let file = try Self.fixture("kinds/labels.ui")
      XCTAssertEqual(
        try openingError(file, objectIDs: ["nope"]),
        file.path + ":2:1: error: no object with id 'nope' in the interface")
      let interface = try openKind("labels.ui")
      XCTAssertThrowsError(try interface.object("nope")) { error in
        XCTAssertEqual(
          (error as? InterfaceError)?.description,
          file.path + ":2:1: error: no object with id 'nope' in the interface")
      }
    }
  }
}
