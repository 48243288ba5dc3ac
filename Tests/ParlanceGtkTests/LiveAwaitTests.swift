import Foundation
import ParlanceGtk
import XCTest

/// Waiting for a started program to take its name on the session bus (`LiveBus.await`),
/// over the real session bus of the test run.
final class LiveAwaitTests: XCTestCase {
  /// A program that ended, and was reaped, before the wait began (a second mousepad hands
  /// its window to the first and ends while `screenshot --run` opens its display): the
  /// wait says it ended, rather than waiting out its timeout for a name that will not come.
  func testAProgramThatEndedBeforeTheWaitIsSaidToHaveEnded() throws {
    try XCTSkipIf(
      ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] == nil,
      "no session bus (make test gives one)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    XCTAssertThrowsError(try LiveBus.await(pid: process.processIdentifier, timeout: .seconds(20))) {
      error in
      let message = (error as? LiveBus.Failure)?.description ?? "\(error)"
      XCTAssertTrue(message.contains("ended before it took"), message)
    }
  }
}
