import Parlance
import Testing

@Suite struct PluralMessageTests {
  let filesInFolders = Message.plural(
    PluralMessage(
      format: "%#@files@ in %#@folders@",
      variables: [
        ("files", "d", nil, [.one: "%d file", .other: "%d files"]),
        ("folders", "d", nil, [.one: "%d folder", .other: "%d folders"]),
      ]))

  func render(_ message: Message, _ arguments: [MessageArgument], _ language: String) -> String {
    var problems: [RenderProblem] = []
    return message.render(arguments: arguments, language: .test(language), problems: &problems)
  }

  @Test func eachVariableReadsItsOwnArgument() {
    #expect(render(filesInFolders, [1, 3], "en") == "1 file in 3 folders")
    #expect(render(filesInFolders, [5, 1], "en") == "5 files in 1 folder")
  }

  @Test func formsFollowTheLanguageOfTheMessage() {
    let russian = Message.plural(
      PluralMessage(
        format: "%#@files@",
        variables: [
          (
            "files", "d", nil,
            [.one: "%d файл", .few: "%d файла", .many: "%d файлов", .other: "%d файла"]
          )
        ]))
    #expect(render(russian, [1], "ru") == "1 файл")
    #expect(render(russian, [2], "ru") == "2 файла")
    #expect(render(russian, [5], "ru") == "5 файлов")
    #expect(render(russian, [21], "ru") == "21 файл")
    // A fraction chooses "other" (CLDR), whose %d then refuses it visibly.
    #expect(render(russian, [1.5], "ru") == "[%d: not an integer: \"1.5\"] файла")
  }

  @Test func reorderedVariablesKeepTheirArguments() {
    let japanese = Message.plural(
      PluralMessage(
        format: "%2$#@folders@内の%1$#@files@",
        variables: [
          ("files", "d", nil, [.other: "%1$d個のファイル"]),
          ("folders", "d", nil, [.other: "%2$d個のフォルダ"]),
        ]))
    #expect(render(japanese, [3, 2], "ja") == "2個のフォルダ内の3個のファイル")
  }

  @Test func appleZeroFormIsUsedForZeroEvenWithoutACLDRZero() {
    let message = Message.plural(
      PluralMessage(
        format: "%#@items@",
        variables: [("items", "d", nil, [.zero: "No items", .one: "%d item", .other: "%d items"])]))
    #expect(render(message, [0], "en") == "No items")
    #expect(render(message, [1], "en") == "1 item")
  }

  @Test func missingFormFallsBackToOther() {
    let message = Message.plural(
      PluralMessage(format: "%#@n@", variables: [("n", "d", nil, [.other: "%d things"])]))
    #expect(render(message, [1], "en") == "1 things")
  }

  @Test func argumentNumberFromTheFileWins() {
    let message = Message.plural(
      PluralMessage(
        format: "%1$@ has %#@photos@",
        variables: [("photos", "lld", 2, [.one: "%lld photo", .other: "%lld photos"])]))
    #expect(render(message, ["Anna", 1], "en") == "Anna has 1 photo")
    #expect(render(message, ["Anna", 4], "en") == "Anna has 4 photos")
  }

  @Test func missingNumberLeavesTheVariableVisible() {
    var problems: [RenderProblem] = []
    let text = filesInFolders.render(language: .test("en"), problems: &problems)
    #expect(text == "%#@files@ in %#@folders@")
    #expect(problems.contains(.missingVariable("files")))
  }

  @Test func namedArgumentCanChooseTheForm() {
    var problems: [RenderProblem] = []
    let text = filesInFolders.render(
      named: ["files": 2, "folders": 1], language: .test("en"), problems: &problems)
    #expect(text == "2 files in 1 folder")
    #expect(problems.isEmpty)
  }

  @Test func displayValueUsesOtherForms() {
    #expect(filesInFolders.displayValue == "%d files in %d folders")
  }
}

@Suite struct CompiledPluralTests {
  /// The flattened fast path against an expectation built independently: the category
  /// from ICU's decimal path, the form's text with the number put in by hand.
  @Test(arguments: ["ru", "ar", "pl", "en", "he", "ja"])
  func fastPathAgreesWithTheRules(_ language: String) {
    let forms: [PluralCategory: String] = [
      .zero: "нет файлов", .one: "%d файл", .two: "%1$d files (two)", .few: "%d файла",
      .many: "%d файлов", .other: "%d файла (other)",
    ]
    let message = Message.plural(
      PluralMessage(
        format: "В папке: %#@files@ и %#@dirs@.",
        variables: [
          ("files", "d", nil, forms), ("dirs", "d", nil, [.one: "%d dir", .other: "%d dirs"]),
        ]))
    let rules = PluralRules.cardinal(for: .test(language))
    for n in Array(0...230) + [1_000, 1_001, 1_000_000, 12_345_678] {
      var problems: [RenderProblem] = []
      let text = message.render(
        arguments: [.integer(Int64(n)), 1], language: .test(language), problems: &problems)
      let category = rules.category(forDecimal: String(n)) ?? .other
      let chosen = n == 0 ? PluralCategory.zero : category
      let form = (forms[chosen] ?? forms[.other] ?? "")
        .replacingOccurrences(of: "%1$d", with: String(n))
        .replacingOccurrences(of: "%d", with: String(n))
      let dirs = rules.category(forDecimal: "1") == .one ? "1 dir" : "1 dirs"
      #expect(text == "В папке: \(form) и \(dirs).", "\(language) \(n)")
      #expect(problems.isEmpty)
    }
  }

  /// Found by `CompiledPluralDifferentialTests`: the general path chose the form of a
  /// `Double`, which holds 100000000000000001 as 100000000000000000 ("many" in Russian,
  /// not "one") and writes UInt64.max with an exponent that no rule reads.
  @Test func integersTooLargeForADoubleChooseTheirOwnForm() {
    let message = Message.plural(
      PluralMessage(
        format: "%#@n@",
        variables: [
          ("n", "u", nil, [.one: "%u файл", .few: "%u файла", .many: "%u файлов", .other: "%u"])
        ]))
    let isolated = RenderOptions(isolatesArguments: true)  // the general path
    var problems: [RenderProblem] = []
    for options in [RenderOptions(), isolated] {
      let (open, close) = options.isolatesArguments ? ("\u{2068}", "\u{2069}") : ("", "")
      #expect(
        message.render(
          arguments: [.integer(100_000_000_000_000_001)], language: .test("ru"),
          options: options, problems: &problems) == "\(open)100000000000000001\(close) файл")
      #expect(
        message.render(
          arguments: [.unsigned(.max)], language: .test("ru"), options: options,
          problems: &problems) == "\(open)18446744073709551615\(close) файлов")
    }
    #expect(problems.isEmpty)
  }

  @Test func otherShapesTakeTheGeneralPath() {
    // A named placeholder in a form, and a fraction: both still render right.
    let message = Message.plural(
      PluralMessage(
        format: "%#@n@", variables: [("n", "d", nil, [.one: "#{who}: %d", .other: "#{who}: %d!"])]))
    var problems: [RenderProblem] = []
    #expect(
      message.render(
        arguments: [1], named: ["who": "Ann"], language: .test("en"), problems: &problems)
        == "Ann: 1")
    #expect(
      message.render(
        arguments: [-3], named: ["who": "Bo"], language: .test("en"), problems: &problems)
        == "Bo: -3!")
  }

  /// A variable's forms are parsed into templates the first time the general path needs
  /// them: threads that render a new message that way at the same moment must all get
  /// the text a message rendered alone gives.
  @Test func formsParsedOnFirstUseServeThreadsThatStartTogether() {
    func make() -> Message {
      .plural(
        PluralMessage(
          format: "%#@files@ in %#@folders@",
          variables: [
            ("files", "d", nil, [.one: "%d Datei", .few: "%d Dateien", .other: "%d Dateien"]),
            ("folders", "d", nil, [.one: "%d Ordner", .other: "%d Ordnern"]),
          ]))
    }
    let isolated = RenderOptions(isolatesArguments: true)
    @Sendable func render(_ message: Message) -> String {
      var problems: [RenderProblem] = []
      return message.render(
        arguments: [1, 3], language: .test("de"), options: isolated, problems: &problems)
    }
    #expect(render(make()) == "\u{2068}1\u{2069} Datei in \u{2068}3\u{2069} Ordnern")
    for _ in 0..<20 {
      let message = make()
      let start = Gate()
      let threads = (0..<4).map { _ in
        JoinableThread { () -> String in
          start.wait()
          return render(message)
        }
      }
      start.open()
      for thread in threads {
        #expect(thread.join() == "\u{2068}1\u{2069} Datei in \u{2068}3\u{2069} Ordnern")
      }
    }
  }
}
