import Testing

@testable import Parlance

/// The numbers every rule is tried on: the boundaries real rules care about.
private let numbers: [UInt64] = [
  0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 100, 101, 102, 111, 1_000_001,
]

/// Real `Plural-Forms` values and the forms gettext's C evaluation gives for `numbers`
/// (computed by compiling each expression as C with `n` an `unsigned long`).
private let rules: [(language: String, header: String, count: Int, forms: [Int])] = [
  (
    "ru",
    "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
      + "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    3, [2, 0, 1, 1, 1, 2, 2, 2, 0, 1, 2, 2, 0, 1, 2, 0]
  ),
  (
    "uk",
    "nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : "
      + "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2;",
    3, [2, 0, 1, 1, 1, 2, 2, 2, 0, 1, 2, 2, 0, 1, 2, 0]
  ),
  (
    "pl",
    "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    3, [2, 0, 1, 1, 1, 2, 2, 2, 2, 1, 2, 2, 2, 1, 2, 2]
  ),
  (
    "ar",
    "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : "
      + "n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;",
    6, [0, 1, 2, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 4, 5]
  ),
  ("ja", "nplurals=1; plural=0;", 1, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
  ("en", "nplurals=2; plural=(n != 1);", 2, [1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]),
  (
    "cs", "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
    3, [2, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]
  ),
  (
    "sl", "nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);",
    4, [3, 0, 1, 2, 2, 3, 3, 3, 3, 3, 3, 3, 0, 1, 3, 0]
  ),
  (
    "ga", "nplurals=5; plural=n==1 ? 0 : n==2 ? 1 : (n>2 && n<7) ? 2 :(n>6 && n<11) ? 3 : 4;",
    5, [4, 0, 1, 2, 2, 2, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]
  ),
]

@Suite("PluralForms")
struct PluralFormsTests {
  @Test("real rules", arguments: rules.indices)
  func realRule(_ index: Int) throws {
    let rule = rules[index]
    let forms = try PluralForms(parsing: rule.header)
    #expect(forms.count == rule.count, "\(rule.language)")
    #expect(numbers.map { forms.index(for: $0) } == rule.forms, "\(rule.language)")
  }

  @Test func sourceIsTheExpression() throws {
    let forms = try PluralForms(parsing: " plural = (n != 1) ; nplurals = 2 ;")
    #expect(forms.count == 2)
    #expect(forms.source == "(n != 1)")
    #expect(forms.index(for: 1) == 0 && forms.index(for: 7) == 1)
  }

  @Test func arithmeticIsUnsignedAndNeverTraps() throws {
    // Division and remainder by zero give 0; subtraction wraps like C's unsigned long.
    let cases: [(String, UInt64, Int)] = [
      ("n / 0", 5, 0), ("n % 0", 5, 0), ("(n / (n - n)) + 1", 9, 1), ("n - 2 > 5", 1, 1),
      ("-n", 0, 0), ("!n", 0, 1), ("!!n", 7, 1), ("18446744073709551615 * n + 2", 1, 1),
      ("2 + 3 * 4 == 14", 0, 1), ("(2 + 3) * 4 == 20", 0, 1), ("10 - 4 - 3", 0, 3),
      ("n > 1 || n < 0 && 0", 2, 1), ("1 ? 2 ? 3 : 4 : 5", 0, 3),
    ]
    for (expression, n, expected) in cases {
      let forms = try PluralForms(parsing: "nplurals=10; plural=\(expression);")
      #expect(forms.index(for: n) == expected, "\(expression) for \(n)")
    }
  }

  /// As glibc's `ngettext` (`intl/dcigettext.c`, `plural_lookup`): an index past
  /// `nplurals` is form 0.
  @Test func resultsBeyondTheFormsTakeTheFirstForm() throws {
    let forms = try PluralForms(parsing: "nplurals=3; plural=n;")
    #expect([0, 1, 2, 3, 1000, UInt64.max].map { forms.index(for: $0) } == [0, 1, 2, 0, 0, 0])
  }

  @Test func malformedValuesAreRejectedWithAnOffset() {
    let cases: [(String, PluralFormsError)] = [
      (
        "nplurals=2; plural=n != ;", .init(reason: "expected an operand, found the end", offset: 24)
      ),
      (
        "nplurals=2; plural=(n != 1;",
        .init(
          reason: "expected ')' to close '(', found the end", offset: 26)
      ),
      ("nplurals=2; plural=n ? 1;", .init(reason: "expected ':', found the end", offset: 24)),
      ("nplurals=2; plural=m;", .init(reason: "expected an operand, found 'm'", offset: 19)),
      ("nplurals=2; plural=nn;", .init(reason: "unknown name; only 'n' is allowed", offset: 19)),
      ("nplurals=2; plural=n 1;", .init(reason: "unexpected '1'", offset: 21)),
      ("nplurals=2; plural=;", .init(reason: "empty expression", offset: 19)),
      ("nplurals=2; plural=n = 1;", .init(reason: "unexpected '='", offset: 21)),
      ("nplurals=0; plural=0;", .init(reason: "'nplurals' must be between 1 and 100", offset: 9)),
      ("nplurals=x; plural=0;", .init(reason: "'nplurals' is not a number", offset: 9)),
      ("plural=0;", .init(reason: "missing 'nplurals='", offset: 0)),
      ("nplurals=2;", .init(reason: "missing 'plural='", offset: 11)),
      ("nplurals=2; plural=ж;", .init(reason: "expected an operand, found 'ж'", offset: 19)),
      ("nplurals=2; plural=99999999999999999999;", .init(reason: "number too large", offset: 19)),
    ]
    for (text, expected) in cases {
      #expect(throws: expected, "\(text)") { try PluralForms(parsing: text) }
    }
  }

  @Test func deepNestingIsRejected() throws {
    let nested = String(repeating: "(", count: 150) + "n" + String(repeating: ")", count: 150)
    #expect(throws: PluralFormsError.self) {
      try PluralForms(parsing: "nplurals=2; plural=\(nested);")
    }
    let negations = String(repeating: "!", count: 150) + "n"
    #expect(throws: PluralFormsError.self) {
      try PluralForms(parsing: "nplurals=2; plural=\(negations);")
    }
    let conditionals = (0..<150).map { "n==\($0) ? 0 : " }.joined() + "1"
    #expect(throws: PluralFormsError.self) {
      try PluralForms(parsing: "nplurals=2; plural=\(conditionals);")
    }
    // Fifty levels is deep but allowed.
    let allowed = String(repeating: "(", count: 50) + "n" + String(repeating: ")", count: 50)
    #expect(try PluralForms(parsing: "nplurals=2; plural=\(allowed);").index(for: 1) == 1)
  }

  @Test func longChainsAreFlatAndAccepted() throws {
    // `1+1+…` is long but not deep: left-associative operators do not nest.
    let sum = Array(repeating: "1", count: 400).joined(separator: "+")
    let forms = try PluralForms(parsing: "nplurals=2; plural=\(sum) - 399;")
    #expect(forms.index(for: 0) == 1)
  }

  @Test func absurdlyLongExpressionsAreRejected() {
    let long = "n" + String(repeating: " ", count: 5000)
    #expect(
      throws: PluralFormsError(
        reason: "the expression is longer than 1000 characters", offset: 19)
    ) {
      try PluralForms(parsing: "nplurals=2; plural=\(long);")
    }
  }

  @Test func randomTextNeverCrashes() {
    var generator = SplitMix64(seed: 42)
    let alphabet = Array("n0123456789 !-+*/%<>=&|?:();xq".unicodeScalars)
    var accepted = 0
    for _ in 0..<5000 {
      let length = Int.random(in: 0..<60, using: &generator)
      var expression = ""
      for _ in 0..<length {
        expression.unicodeScalars.append(
          alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
      }
      guard let forms = try? PluralForms(parsing: "nplurals=4; plural=\(expression)") else {
        continue
      }
      accepted += 1
      for n: UInt64 in [0, 1, 2, 7, 100, .max] {
        #expect((0..<4).contains(forms.index(for: n)))
      }
    }
    // Some random strings are valid expressions, so evaluation is exercised too.
    #expect(accepted > 50)
  }
}
