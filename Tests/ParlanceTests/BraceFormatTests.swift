import Testing

@testable import Parlance

/// Messages a program fills with `str.format`, `String.Format` or `fmt`: their fields,
/// and a translation filled with the arguments of another language's text.
struct BraceFormatTests {
  @Test(arguments: [
    ("File not found: {path}", ["path"]),
    ("{0} of {1}, {0} again", ["0", "1"]),
    ("{} and {}", ["0", "1"]),
    ("{count:d} files, {name!r}", ["count", "name"]),
    ("{{literal}} and {x}", ["x"]),
    // A printf message whose text holds braces; a brace that opens no field; none.
    ("%s {x}", []), ("a { b", []), ("a } b", []), ("{a b}", []), ("plain", []),
  ])
  func aMsgidsFieldsAreNamedInTheOrderTheyComeFirst(msgid: String, fields: [String]) {
    #expect(BraceFormat.fields(of: msgid) == fields)
  }

  @Test func aTranslationIsFilledByTheMsgidsNames() {
    #expect(
      BraceFormat.render(
        "{artist} : {name}", fields: ["name", "artist"], arguments: ["Lied", "Anna"])
        == "Anna : Lied")
    #expect(BraceFormat.render("{{{0}}}", fields: ["0"], arguments: ["x"]) == "{x}")
    // A field the msgid has not.
    #expect(BraceFormat.render("{other}", fields: ["name"], arguments: ["x"]) == nil)
  }

  @Test func aPatternGivesBackTheArgumentsByTheMsgidsNames() throws {
    let pattern = try #require(
      PrintfPattern(braces: "By {artist}: {name} ({year:d})", fields: ["name", "artist", "year"]))
    #expect(pattern.match(Array("By Anna: Lied (1999)".utf8)) == ["Lied", "Anna", "1999"])
    #expect(pattern.values(of: ["Lied", "Anna", "1999"]).last == .unsigned(1999))
    // A text of fields and signs alone would take any text.
    #expect(PrintfPattern(braces: "{name}", fields: ["name"]) == nil)
    #expect(PrintfPattern(braces: "{artist}: {name}", fields: ["name", "artist"]) == nil)
    #expect(PrintfPattern(braces: "Datei {other}", fields: ["name"]) == nil)
  }
}
