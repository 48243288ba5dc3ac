import Parlance
import Testing

@Suite struct MessageTemplateTests {
  @Test func namedPlaceholdersInOnePass() {
    let template = MessageTemplate("#{name} from #{city} wrote on #{day}.")
    #expect(template.placeholderNames == ["name", "city", "day"])
    #expect(
      template.render(named: ["name": "Anna", "city": "Kraków", "day": "Monday"])
        == "Anna from Kraków wrote on Monday.")
  }

  @Test func insertedValuesAreNeverExpandedAgain() {
    let template = MessageTemplate("Hello #{name}, you are #{role}")
    let value = template.render(named: ["name": "#{role}", "role": "%d admin %@"])
    #expect(value == "Hello #{role}, you are %d admin %@")
  }

  @Test func missingNamedValueStaysVisibleAndIsReported() {
    var problems: [RenderProblem] = []
    let value = MessageTemplate("Hi #{name} and #{other}").render(
      named: ["name": "Bo"], problems: &problems)
    #expect(value == "Hi Bo and #{other}")
    #expect(problems == [.missingNamedArgument("other")])
  }

  @Test(arguments: [
    ("%@ has %d files", ["Anna", 3] as [MessageArgument], "Anna has 3 files"),
    ("%2$d Dateien gehören %1$@", ["Anna", 3], "3 Dateien gehören Anna"),
    ("%ld %lld %u", [1, -2, 3], "1 -2 3"),
    ("%.2f%%", [12.345], "12.35%"),
    ("%f", [2], "2.000000"),
    ("[%5d|%-5d|%05d]", [42, 42, 42], "[   42|42   |00042]"),
    ("%x %X %o", [255, 255, 8], "ff FF 10"),
    ("%s and %c", ["text", 65], "text and A"),
    ("%1$@ %1$@", ["echo"], "echo echo"),
    ("%e", [1234.5], "1.234500e+03"),
    ("100%% sure", [], "100% sure"),
    ("%@", [0.5], "0.5"),
    ("%d", [3.0], "3"),
  ])
  func printfSpecifiers(_ source: String, _ arguments: [MessageArgument], _ expected: String) {
    #expect(MessageTemplate(source).render(arguments: arguments) == expected)
  }

  @Test func missingArgumentShowsAMarkerNotACrash() {
    var problems: [RenderProblem] = []
    let value = MessageTemplate("%1$@ and %2$d").render(arguments: ["x"], problems: &problems)
    #expect(value == "x and [missing %2$d]")
    #expect(problems.count == 1)
  }

  @Test func wrongTypeShowsAMarker() {
    var problems: [RenderProblem] = []
    let value = MessageTemplate("%d items, %u left, %f%%").render(
      arguments: ["many", -1, "x"], problems: &problems)
    #expect(
      value
        == #"[%d: not an integer: "many"] items, [%u: not an integer: "-1"] left, "#
        + #"[%f: not a number: "x"]%"#
    )
    #expect(problems.count == 3)
  }

  @Test func specifiersAndVariablesAreListed() {
    let template = MessageTemplate("%#@files@ in %2$#@folders@ by %@, %3$lld")
    #expect(template.variables.map(\.name) == ["files", "folders"])
    #expect(template.variables.map(\.argumentIndex) == [0, 1])
    #expect(template.formatSpecifiers.map(\.text) == ["%@", "%3$lld"])
    #expect(template.formatSpecifiers.map(\.argumentIndex) == [1, 2])
    #expect(template.formatSpecifiers.map(\.valueType) == [.object, .signedInteger])
  }

  @Test func invalidSpecifiersStayLiteralAndAreListed() {
    let template = MessageTemplate("50%y off, #{unclosed, #{} and %")
    #expect(template.render() == "50%y off, #{unclosed, #{} and %")
    #expect(template.problems.map(\.text) == ["%y", "%"])
    #expect(template.problems.map(\.offset) == [2, 30])
  }

  @Test func plainTemplatesReturnTheirSource() {
    #expect(MessageTemplate("Just text").isPlain)
    #expect(!MessageTemplate("50%% off").isPlain)
    #expect(MessageTemplate("50%% off").render() == "50% off")
    #expect(MessageTemplate("").render() == "")
  }

  @Test func bidiIsolationWrapsInsertedValues() {
    let options = RenderOptions(isolatesArguments: true)
    let value = MessageTemplate("مرحبًا #{name}!").render(named: ["name": "Anna"], options: options)
    #expect(value == "مرحبًا \u{2068}Anna\u{2069}!")
  }

  /// A program's locale may write a number's fraction after a comma: floating-point
  /// conversions write the separator asked for, integers and values of `%@` are as they
  /// are, and a plural message writes its numbers the same way.
  @Test func aDecimalSeparatorIsWrittenByFloatingPointConversions() {
    let options = RenderOptions(decimalSeparator: ",")
    let template = MessageTemplate("%.1f MB, %e, %d.%@ #{v}")
    #expect(
      template.render(arguments: [1.5, 1500.0, 3, "x.y"], named: ["v": 0.5], options: options)
        == "1,5 MB, 1,500000e+03, 3.x.y 0.5")
    #expect(
      template.render(arguments: [1.5, 1500.0, 3, "x.y"]) == "1.5 MB, 1.500000e+03, 3.x.y #{v}")
    let plural = Message.plural(
      PluralMessage(
        format: "%#@files@",
        variables: [("files", "f", nil, [.one: "%.1f Datei", .other: "%.1f Dateien"])]))
    var problems: [RenderProblem] = []
    #expect(
      plural.render(arguments: [2.5], language: .test("de"), options: options, problems: &problems)
        == "2,5 Dateien")
  }

  @Test func nonASCIILiteralsSurvive() {
    let template = MessageTemplate("「#{day}」に%@さんから")
    #expect(template.render(arguments: ["アンナ"], named: ["day": "月曜日"]) == "「月曜日」にアンナさんから")
  }

  /// A 10 MB value may hold two million specifiers, each kept as long as its catalog:
  /// one takes 32 bytes (its fields written out took 120, and such a value 672 ms).
  @Test func aSpecifierIsKeptIn32Bytes() {
    #expect(MemoryLayout<FormatSpecifier>.stride <= 32)
  }

  @Test func manyPlaceholdersEachReadTheirOwnArgument() {
    let count = 30_000
    let source = String(repeating: "%@ #{name} %2$@,", count: count)
    let template = MessageTemplate(source)
    let arguments = (0..<(count + 1)).map { MessageArgument.string("v\($0)") }
    let expected = (0..<count).map { "v\($0) N v1," }.joined()
    #expect(template.formatSpecifiers.count == 2 * count)
    #expect(template.render(arguments: arguments, named: ["name": "N"]) == expected)
    #expect(template.problems.isEmpty)
  }

  /// A template longer than 4 KB is parsed by the first reader: threads that render it
  /// at once each get the whole text, with its problems listed once.
  @Test func aLongTemplateIsParsedWhenFirstRead() {
    let unit = "%1$@ #{name} 100%% %! "
    let count = 1_000
    let expected = String(repeating: "v N 100% %! ", count: count)
    for _ in 0..<20 {
      let template = MessageTemplate(String(repeating: unit, count: count))
      let start = Gate()
      let threads = (0..<4).map { _ in
        JoinableThread { () -> String in
          start.wait()
          return template.render(arguments: ["v"], named: ["name": "N"])
        }
      }
      start.open()
      for thread in threads { #expect(thread.join() == expected) }
      #expect(template.problems.count == count)
      #expect(template.problems.last?.offset == count * unit.count - "%! ".count)
      #expect(!template.isPlain)
    }
  }
}
