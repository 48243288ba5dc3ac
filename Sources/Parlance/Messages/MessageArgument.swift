/// A typed value inserted into a message.
///
/// Literals convert on their own: `["name": "Smith", "count": 3, "ratio": 0.5]`.
/// printf specifiers check the type: `%d` takes an integer, `%@` anything, and a
/// mismatch shows a visible marker instead of reading the wrong bits.
public enum MessageArgument: Hashable, Sendable, CustomStringConvertible {
  case string(String)
  case integer(Int64)
  case unsigned(UInt64)
  case double(Double)

  /// An integer argument (`%d`, `%u`, `%x`).
  /// - Parameter value: any integer; one above `Int64.max` is kept unsigned.
  public init(_ value: some BinaryInteger) {
    if let signed = Int64(exactly: value) {
      self = .integer(signed)
    } else {
      self = .unsigned(UInt64(clamping: value))
    }
  }

  /// A floating-point argument (`%f`, `%g`).
  /// - Parameter value: any floating-point number.
  public init(_ value: some BinaryFloatingPoint) {
    self = .double(Double(value))
  }

  /// A string argument (`%@`, `%s`, `#{name}`).
  /// - Parameter value: the text.
  public init(_ value: String) {
    self = .string(value)
  }

  /// As `%@` shows it.
  public var description: String {
    switch self {
    case .string(let text): text
    case .integer(let value): String(value)
    case .unsigned(let value): String(value)
    case .double(let value): value.formatted()
    }
  }

  /// The integer this argument holds without losing anything, for `%d` and plurals.
  var exactInteger: Int64? {
    switch self {
    case .integer(let value): value
    case .unsigned(let value): Int64(exactly: value)
    case .double(let value): Int64(exactly: value)
    case .string: nil
    }
  }

  var exactUnsigned: UInt64? {
    switch self {
    case .integer(let value): UInt64(exactly: value)
    case .unsigned(let value): value
    case .double(let value): UInt64(exactly: value)
    case .string: nil
    }
  }

  /// The plural category of the argument as a number; nil for a string. Integers are
  /// taken exactly: as a `Double`, 100000000000000001 would be 100000000000000000, whose
  /// last digit gives Russian another category.
  func pluralCategory(in rules: PluralRules) -> PluralCategory? {
    switch self {
    case .integer(let value): rules.category(for: value)
    case .unsigned(let value):
      Int64(exactly: value).map(rules.category(for:))
        ?? rules.category(forDecimal: String(value)) ?? .other
    case .double(let value): rules.category(for: value)
    case .string: nil
    }
  }

  var doubleValue: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .unsigned(let value): Double(value)
    case .double(let value): value
    case .string: nil
    }
  }
}

extension MessageArgument: ExpressibleByStringInterpolation {
  /// A string argument written as a literal.
  /// - Parameter value: the text.
  public init(stringLiteral value: String) {
    self = .string(value)
  }
}

extension MessageArgument: ExpressibleByIntegerLiteral {
  /// An integer argument written as a literal.
  /// - Parameter value: the number.
  public init(integerLiteral value: Int64) {
    self = .integer(value)
  }
}

extension MessageArgument: ExpressibleByFloatLiteral {
  /// A floating-point argument written as a literal.
  /// - Parameter value: the number.
  public init(floatLiteral value: Double) {
    self = .double(value)
  }
}

extension Double {
  /// Shortest round-tripping text without a trailing ".0" for whole numbers.
  fileprivate func formatted() -> String {
    if let integer = Int64(exactly: self) { return String(integer) }
    return String(self)
  }
}
