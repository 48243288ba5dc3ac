import Foundation
import Parlance
import ParlanceUI
import XCTest

/// Texts of the view tree resolve in the render's language, dates inside messages too.
final class LocalizedTextTests: XCTestCase {
  /// 2026-03-03 12:00 UTC, the screenshots' date.
  private let march3 = Date(timeIntervalSince1970: 1_772_539_200)

  private func snapshot(_ tag: String) throws -> LocalizationSnapshot {
    try Localizer(
      resources: [WindowTestCase.resources], language: try LanguageTag(tag), environment: [:]
    ).snapshot()
  }

  func testADateInsideAMessageIsWrittenInTheMessagesLanguage() throws {
    let arrival = LocalizedText.key(
      "message.arrival", ["name": "Anna", "city": "Kraków"],
      localized: ["day": .date(march3, style: .dayAndMonth)])
    XCTAssertEqual(
      arrival.resolve(in: try snapshot("de")).text,
      "Am 3. März hat dir Anna aus Kraków eine Nachricht geschickt.")
    XCTAssertEqual(
      arrival.resolve(in: try snapshot("ru")).text,
      "3 марта вам пришло сообщение от Anna из города Kraków.")
    XCTAssertEqual(
      arrival.resolve(in: try snapshot("en")).text,
      "Anna from Kraków sent you a message on March 3.")
  }

  func testNumbersAndDatesFollowTheLanguage() throws {
    let date = LocalizedText.date(march3)
    XCTAssertEqual(date.resolve(in: try snapshot("de")).text, "3. März 2026")
    XCTAssertEqual(date.resolve(in: try snapshot("en")).text, "March 3, 2026")
    let number = LocalizedText.number(1_234_567.891)
    XCTAssertEqual(number.resolve(in: try snapshot("de")).text, "1.234.567,89")
  }
}
