import Testing

@testable import Parlance

/// `SpecifierNumbering` rewrites the specifiers `MessageTemplate` reads, so the two must
/// agree on what a specifier is: numbering a form never changes what it renders, and
/// replacing variables replaces exactly those the template has.
@Suite struct SpecifierNumberingTests {
  /// What a template reads, segment by segment: its literal text, and for each specifier
  /// the argument, flags, width, precision and type, whatever its text (`%d` or `%1$d`).
  /// Variables become `substitute(name)` when given, joined to the text around them.
  static func reading(_ text: String, substitute: ((String) -> String)? = nil) -> [String] {
    var parts: [String] = []
    var literal = ""
    func flush() {
      if !literal.isEmpty { parts.append("text " + literal.debugDescription) }
      literal = ""
    }
    for segment in MessageTemplate(text).segments {
      switch segment {
      case .literal(let text): literal += text
      case .named(let name):
        flush()
        parts.append("named \(name)")
      case .format(let specifier):
        flush()
        parts.append(
          "argument \(specifier.argumentIndex) flags '\(specifier.flags)' width "
            + "\(specifier.width ?? -1) precision \(specifier.precision ?? -1) "
            + "\(specifier.length)\(specifier.conversion)")
      case .variable(let name, let index):
        if let substitute {
          literal += substitute(name)
        } else {
          flush()
          parts.append("variable \(name) argument \(index)")
        }
      }
    }
    flush()
    return parts
  }

  @Test(arguments: [
    ("%@ has %lld files", "%1$@ has %2$lld files"),
    ("%2$@ %@ %d%%", "%2$@ %1$@ %2$d%%"),
    ("%-5.2f %#@n@ %u", "%1$-5.2f %2$#@n@ %3$u"),
    // Not specifiers for `MessageTemplate`, so left as they are.
    ("%hld %@", "%hld %1$@"),
    ("%zzd %d", "%zzd %1$d"),
    ("%#@a b@ %d", "%#@a b@ %1$d"),
    ("%0$d %d", "%0$d %1$d"),
    ("100% %d", "100% %1$d"),
  ])
  func numbersWhatTheTemplateReads(_ text: String, _ numbered: String) {
    #expect(SpecifierNumbering.number(text).text == numbered)
    #expect(Self.reading(numbered) == Self.reading(text))
  }

  @Test func firstNumericIsTheTemplatesFirstNumber() {
    #expect(SpecifierNumbering.number("%@ has %lld files").firstNumeric?.position == 2)
    #expect(SpecifierNumbering.number("%@ has %lld files").firstNumeric?.type == "lld")
    #expect(SpecifierNumbering.number("%hld then %ld").firstNumeric?.type == "ld")
    #expect(SpecifierNumbering.number("%hld then %ld").firstNumeric?.position == 1)
  }

  @Test func replacesTheVariablesTheTemplateHas() {
    #expect(
      SpecifierNumbering.replacingVariables(
        in: "%#@a b%#@names@%#@count@", with: ["names": "", "a b%#": "X"])
        == "%#@a b%#@count@")
    #expect(
      SpecifierNumbering.replacingVariables(in: "%%#@n@ %2$#@n@", with: ["n": "N"])
        == "%%#@n@ N")
  }

  static let pieces = [
    "%", "%", "%", "%%", "d", "@", "#", "#@", "$", "1", "2", "0", "l", "ll", "h", "hh", "q",
    "z", "L", "j", "t", ".", "-", "+", " ", "'", "a", "é", "{", "}", "f", "u", "x", "s", "c",
    "p", "n", "_",
  ]

  /// Random texts of printf-like pieces (fixed seed): numbering them, or replacing their
  /// variables, must keep what `MessageTemplate` reads.
  @Test func randomTextsReadTheSameAfterRewriting() {
    var generator = TemplateGenerator(seed: 0x9_2026)
    var failures: [String] = []
    for _ in 0..<5_000 {
      let text = (0..<generator.next(14)).map { _ in generator.pick(Self.pieces) }.joined()
      let numbered = SpecifierNumbering.number(text)
      if Self.reading(numbered.text) != Self.reading(text) {
        failures.append("number: \(text.debugDescription) → \(numbered.text.debugDescription)")
      }
      let template = MessageTemplate(numbered.text)
      let firstNumeric = template.formatSpecifiers.first {
        [.signedInteger, .unsignedInteger, .floatingPoint].contains($0.valueType)
      }
      if numbered.firstNumeric?.position != firstNumeric.map({ $0.argumentIndex + 1 })
        || numbered.firstNumeric?.type
          != firstNumeric.map({ $0.length + String($0.conversion) })
      {
        failures.append("first numeric: \(text.debugDescription)")
      }
      let names = MessageTemplate(text).variables.map(\.name)
      let replaced = SpecifierNumbering.replacingVariables(
        in: text, with: Dictionary(names.map { ($0, "é") }, uniquingKeysWith: { $1 }))
      if Self.reading(replaced) != Self.reading(text, substitute: { _ in "é" }) {
        failures.append("replace: \(text.debugDescription) → \(replaced.debugDescription)")
      }
    }
    #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(8))")
  }
}
