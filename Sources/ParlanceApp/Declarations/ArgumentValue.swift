import Parlance

/// A type a command-line value is parsed into: `--count` an `Int64`, `--language` a
/// `LanguageTag`.
///
/// The parser calls `init(argument:)` when it reads the value, so a malformed value is a
/// usage error before the subcommand runs, with a message naming the option:
/// `--count expects an integer, got 'x'`.
protocol ArgumentValue: Sendable {
  /// What a shell can offer for a value of this type, unless a declaration says otherwise.
  static var kind: ValueKind { get }

  /// Parses one value as the user typed it.
  ///
  /// - Throws: `ArgumentValueError` saying what was expected or what is wrong.
  init(argument: String) throws(ArgumentValueError)
}

/// Why a value does not parse: what was expected, or a message of its own.
enum ArgumentValueError: Error {
  /// `expected("an integer")` reads `--count expects an integer, got 'x'`.
  case expected(String)
  /// A whole message, such as a language tag's: `invalid language tag '../x': …`.
  case invalid(String)

  /// The message for `argument`, given to the option or positional `name`.
  func message(name: String, argument: String) -> String {
    switch self {
    case .expected(let what): "\(name) expects \(what), got '\(argument)'"
    case .invalid(let message): message
    }
  }
}

extension String: ArgumentValue {
  /// Free text.
  static var kind: ValueKind { .text }

  /// Any text is a string.
  init(argument: String) {
    self = argument
  }
}

extension Int64: ArgumentValue {
  /// Free text: numbers are not completed.
  static var kind: ValueKind { .text }

  /// A decimal integer, with an optional sign.
  init(argument: String) throws(ArgumentValueError) {
    guard let value = Int64(argument) else { throw .expected("an integer") }
    self = value
  }
}

extension LanguageTag: ArgumentValue {
  /// A language of `parlance languages`.
  static var kind: ValueKind { .language }

  /// A BCP 47 tag or its POSIX spelling (`zh_CN.UTF-8`).
  init(argument: String) throws(ArgumentValueError) {
    do {
      try self.init(argument)
    } catch {
      throw .invalid(error.description)
    }
  }
}

extension LanguagePreference: ArgumentValue {
  /// A language, or `system`.
  static var kind: ValueKind { ValueKind.language.or(.words("system")) }

  /// `system`, or a language tag to pin.
  init(argument: String) throws(ArgumentValueError) {
    do {
      try self.init(argument)
    } catch {
      throw .invalid(error.description)
    }
  }
}
