import Parlance
import Testing

@Suite struct PseudoLocaleTests {
  @Test func accentedIsLongerBracketedAndKeepsPlaceholders() {
    let message = PseudoLocale.accented.transform(
      .text(MessageTemplate("Hello #{name}, you have %d new messages")))
    guard case .text(let template) = message else {
      Issue.record("not a text message")
      return
    }
    #expect(template.source.hasPrefix("[Ĥéļļö #{name}, ýöû ĥáṽé %d ñéŵ ɱéššáĝéš"))
    #expect(template.source.hasSuffix("]"))
    #expect(template.placeholderNames == ["name"])
    #expect(template.formatSpecifiers.map(\.text) == ["%d"])
    let plainLength = "Hello , you have  new messages".count
    let pseudoLength = template.render(arguments: [0], named: ["name": ""]).count - 1  // "0"
    #expect(Double(pseudoLength) >= Double(plainLength) * 1.3)
    #expect(template.render(arguments: [3], named: ["name": "Bo"]).contains("Bo, ýöû ĥáṽé 3 ñéŵ"))
  }

  @Test func percentSignsSurvive() {
    guard
      case .text(let template) = PseudoLocale.accented.transform(
        .text(MessageTemplate("100%% sure")))
    else { return }
    #expect(template.render().hasPrefix("[100% šûŕé"))
  }

  @Test func bidiForcesRightToLeftAroundTextOnly() {
    guard
      case .text(let template) = PseudoLocale.bidi.transform(.text(MessageTemplate("Hi #{name}!")))
    else { return }
    #expect(template.render(named: ["name": "Anna"]) == "\u{202E}Hi \u{202C}Anna\u{202E}!\u{202C}")
    #expect(PseudoLocale.bidi.tag.direction == .rightToLeft)
    #expect(PseudoLocale.accented.tag.direction == .leftToRight)
  }

  @Test func deterministic() {
    let message = Message.text(MessageTemplate("Choose a language"))
    #expect(PseudoLocale.accented.transform(message) == PseudoLocale.accented.transform(message))
  }

  @Test func pluralsKeepTheirForms() {
    let plural = Message.plural(
      PluralMessage(
        format: "%#@files@",
        variables: [("files", "d", nil, [.one: "%d file", .other: "%d files"])]))
    var problems: [RenderProblem] = []
    let text = PseudoLocale.accented.transform(plural).render(
      arguments: [1], language: .test("en"), problems: &problems)
    #expect(text == "[1 ƒîļé]")
    #expect(problems.isEmpty)
  }

  @Test func selectableOnlyByName() throws {
    let localizer = try Localizer(
      resources: [try fixtureURL("resources")], language: .test("en-XA"), environment: [:],
      pseudoLocales: true)
    #expect(localizer.availableLanguages.suffix(2).map(\.identifier) == ["en-XA", "ar-XB"])
    #expect(localizer.string("greeting") == "[Ĥéļļö! one]")
    // A user of plain English never gets pseudo text, even for a key English lacks.
    let english = LanguageNegotiator.negotiate(
      requested: [.test("en-US")], available: localizer.availableLanguages, default: .test("en"))
    #expect(english.languages == [.test("en")])
  }
}
