import Foundation
import Parlance
import Testing

struct NegotiationCase: Decodable, CustomTestStringConvertible, Sendable {
  let name: String
  let requested: [String]
  let available: [String]
  let `default`: String?
  let expected: [String]

  var testDescription: String { name }

  static func all() throws -> [NegotiationCase] {
    try JSONDecoder().decode(
      [NegotiationCase].self, from: Data(contentsOf: fixtureURL("negotiation.json")))
  }
}

@Suite struct LanguageNegotiatorTests {
  @Test(arguments: try NegotiationCase.all())
  func caseTable(_ negotiation: NegotiationCase) throws {
    let chain = LanguageNegotiator.negotiate(
      requested: try negotiation.requested.map { try LanguageTag($0) },
      available: try negotiation.available.map { try LanguageTag($0) },
      default: try negotiation.default.map { try LanguageTag($0) })
    #expect(chain.languages.map(\.identifier) == negotiation.expected)
    #expect(chain.explain().count == chain.languages.count)
  }

  @Test func explainSaysWhy() throws {
    let chain = LanguageNegotiator.negotiate(
      requested: [try LanguageTag("zh-TW"), try LanguageTag("de-AT")],
      available: [try LanguageTag("zh-Hant"), try LanguageTag("de"), try LanguageTag("en")],
      default: try LanguageTag("en"))
    #expect(
      chain.explain() == [
        "zh-Hant: requested zh-TW maximizes to zh-Hant-TW, as zh-Hant does",
        "de: same language and script (de-Latn) as requested de-AT",
        "en: development language, the last fallback",
      ])
  }
}
