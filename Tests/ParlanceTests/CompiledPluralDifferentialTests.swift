import Foundation
import Testing

@testable import Parlance

/// The flattened fast path (`CompiledPlural`) against the general path
/// (`PluralMessage.renderThroughTemplates`): whenever the fast path gives a text, it must
/// be exactly the general path's, on the real corpus and on random templates.
@Suite struct CompiledPluralDifferentialTests {
  static let languages = ["en", "ru", "ar", "pl", "fr", "ja", "lv", "cy", "he", "pt"]
    .map { LanguageTag.test($0) }

  /// Integers around every boundary CLDR rules look at, and some a `Double` cannot hold.
  static let numbers: [Int64] =
    Array(-3...30) + [99, 100, 101, 102, 111, 121, 1_000, 1_001, 1_000_000, 1_000_001]
    + [
      9_007_199_254_740_993, 100_000_000_000_000_001, 100_000_000_000_000_002,
      Int64.max, Int64.min, Int64.min + 1,
    ]

  struct Mismatch: CustomStringConvertible {
    let message: String
    let arguments: [MessageArgument]
    let language: LanguageTag
    let compiled: String
    let general: String
    var description: String {
      "\(message) \(arguments) \(language): compiled \(compiled.debugDescription), "
        + "general \(general.debugDescription)"
    }
  }

  /// Renders `plural` both ways; nil when they agree or the fast path declines.
  static func compare(
    _ plural: PluralMessage, _ arguments: [MessageArgument], _ language: LanguageTag,
    compiledCount: inout Int
  ) -> Mismatch? {
    let rules = PluralRules.cardinal(for: language)
    guard let compiled = plural.compiled?.render(arguments, rules: rules) else { return nil }
    compiledCount += 1
    var problems: [RenderProblem] = []
    let general = plural.renderThroughTemplates(
      arguments: arguments, named: [:], rules: rules, options: RenderOptions(),
      problems: &problems)
    guard compiled != general else { return nil }
    return Mismatch(
      message: plural.format.source, arguments: arguments, language: language,
      compiled: compiled, general: general)
  }

  static func corpusPlurals() throws -> [PluralMessage] {
    var messages: [Message] = []
    for format in ["stringsdict", "xcstrings"] {
      let folder = Corpus.folder(format)
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      where name.hasSuffix("." + format) {
        let url = folder.appendingPathComponent(name)
        if format == "stringsdict" {
          messages += try StringsdictParser.parse(contentsOf: url).entries.map(\.message)
        } else {
          messages += try XCStringsParser.parse(contentsOf: url).entries.values.flatMap {
            $0.map(\.message)
          }
        }
      }
    }
    return messages.compactMap { if case .plural(let plural) = $0 { plural } else { nil } }
  }

  @Test func corpusRendersTheSameOnBothPaths() throws {
    let plurals = try Self.corpusPlurals()
    try #require(plurals.count >= 100, "the corpus has \(plurals.count) plural messages")
    var mismatches: [Mismatch] = []
    var compiledCount = 0
    var compiledMessages = 0
    for plural in plurals {
      guard plural.compiled != nil else { continue }
      compiledMessages += 1
      let width = (plural.variables.values.map(\.argumentIndex).max() ?? 0) + 1
      for language in Self.languages {
        for index in Self.numbers.indices {
          // Each argument a different number, so that variables choose different forms.
          let arguments = (0..<width).map { offset in
            MessageArgument.integer(Self.numbers[(index + 7 * offset) % Self.numbers.count])
          }
          if let mismatch = Self.compare(plural, arguments, language, compiledCount: &compiledCount)
          {
            mismatches.append(mismatch)
          }
        }
      }
    }
    #expect(compiledMessages >= 50, "only \(compiledMessages) corpus messages are compiled")
    #expect(compiledCount >= 10_000)
    #expect(mismatches.count == 0, "\(mismatches.prefix(5))")
  }

  /// A form's shape read from its bytes (text alone, or around one integer conversion)
  /// is the shape of its parsed template, on edge forms and on random ones: what the
  /// compiled message makes of a form does not depend on which reading took it.
  @Test func formShapesReadFromBytesAreTheParsedTemplates() {
    var generator = TemplateGenerator(seed: 0x5eed_2026_1206)
    let forms =
      [
        "", "files", "%d", "%d files", "файла %1$lld", "%2$d", "%u%", "100%", "% d", "%",
        "%%d", "%d%%", "%5d", "%-d", "%'d", "%.2d", "%@", "%lu", "%zd", "%hhd", "%hld",
        "%#@v@", "#{n} %d", "# %d", "%d #", "%1$#@v@", "%0$d", "%x", "é %i é",
      ] + (0..<2_000).map { _ in generator.form() }
      + (0..<2_000).map { _ in generator.simpleForm() }
    var differing: [String] = []
    for form in forms {
      for argument in 0..<3 {
        let read = CompiledPlural.shape(of: form, argumentIndex: argument)
        let parsed = CompiledPlural.shape(
          of: MessageTemplate(form, implicitArgument: argument), argumentIndex: argument)
        if read?.prefix != parsed?.prefix || read?.hasNumber != parsed?.hasNumber
          || read?.suffix != parsed?.suffix
        {
          differing.append("\(form.debugDescription) argument \(argument)")
        }
      }
    }
    let count = differing.count
    #expect(count == 0, "\(differing.prefix(5))")
  }

  @Test func randomTemplatesRenderTheSameOnBothPaths() {
    var generator = TemplateGenerator(seed: 0x5eed_2026_1201)
    var mismatches: [Mismatch] = []
    var compiledCount = 0
    for _ in 0..<5_000 {
      let plural = generator.message()
      for _ in 0..<8 {
        let arguments = generator.arguments()
        let language = Self.languages[generator.next(Self.languages.count)]
        if let mismatch = Self.compare(plural, arguments, language, compiledCount: &compiledCount) {
          mismatches.append(mismatch)
        }
      }
    }
    #expect(compiledCount >= 5_000, "the fast path rendered only \(compiledCount) times")
    #expect(mismatches.count == 0, "\(mismatches.prefix(5))")
  }
}

/// Random plural messages of the shapes the fast path takes and of shapes close to them,
/// from a fixed seed (SplitMix64), so that a failure is reproducible.
struct TemplateGenerator {
  private var random: SplitMix64

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  mutating func nextUInt64() -> UInt64 {
    random.next()
  }

  /// A number in `0..<bound`.
  mutating func next(_ bound: Int) -> Int {
    Int(nextUInt64() % UInt64(bound))
  }

  mutating func pick<T>(_ choices: [T]) -> T {
    choices[next(choices.count)]
  }

  static let texts = ["", " ", "files", "файла", "ملفات", "%%", "100%% ", "#", "@", "é", "\n"]
  static let formSpecifiers = [
    "%d", "%i", "%u", "%1$d", "%2$d", "%3$u", "%ld", "%lld", "%hd", "%qd", "%5d", "%-d",
    "%@", "%f", "%x", "%%", "#{n}", "%#@v1@", "%!", "%",
  ]

  mutating func text() -> String {
    (0..<next(3)).map { _ in pick(Self.texts) }.joined()
  }

  mutating func form() -> String {
    var form = text()
    for _ in 0..<pick([0, 1, 1, 1, 1, 2]) {
      form += pick(Self.formSpecifiers) + text()
    }
    return form
  }

  /// Text around at most one integer conversion: the shape the fast path takes.
  mutating func simpleForm() -> String {
    guard next(5) > 0 else { return text() }
    return text() + pick(["%d", "%d", "%i", "%u", "%1$d", "%2$d", "%lld", "%hd"]) + text()
  }

  /// Half of the messages have the shape the fast path takes, half come close to it.
  mutating func message() -> PluralMessage {
    let simple = next(2) == 0
    // `v3` is never defined: the fast path declines such a message.
    let references =
      ["%#@v1@", "%#@v2@", "%1$#@v1@", "%2$#@v2@", "%2$#@v1@"] + (simple ? [] : ["%#@v3@"])
    var format = text()
    for _ in 0..<(1 + next(3)) {
      format += pick(references) + text()
    }
    if !simple && next(5) == 0 { format += pick(["%d", "#{n}", "%@"]) }
    let variables = ["v1", "v2"].map { name in
      var forms: [PluralCategory: String] = [:]
      for category in PluralCategory.allCases where next(3) > 0 || category == .other {
        forms[category] = simple ? simpleForm() : form()
      }
      if next(20) == 0 { forms[.other] = nil }
      let argument: Int? = next(3) == 0 ? 1 + next(3) : nil
      return (name: name, valueType: String?("d"), argument: argument, forms: forms)
    }
    return PluralMessage(format: format, variables: variables)
  }

  mutating func argument() -> MessageArgument {
    switch next(8) {
    case 0...3: .integer(pick(CompiledPluralDifferentialTests.numbers))
    case 4: .unsigned(pick([0, 1, 5, 21, UInt64(Int64.max), UInt64(Int64.max) + 1, .max]))
    case 5: .double(pick([0, -0.0, 1, 2, 2.5, 1e17, 1e300, -1, 21]))
    case 6: .string(pick(["", "x", "5"]))
    default: .integer(Int64(next(200)))
    }
  }

  mutating func arguments() -> [MessageArgument] {
    (0..<next(5)).map { _ in
      next(4) > 0 ? .integer(pick(CompiledPluralDifferentialTests.numbers)) : argument()
    }
  }
}
