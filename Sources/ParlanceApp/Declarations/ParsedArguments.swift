/// The command line of one subcommand, parsed by its `CommandSignature`: each value
/// already of its declared type, read back through the subcommand's handles.
///
/// Accepts `--name value` and `--name=value`; an option given twice counts with its last
/// value, except where a subcommand reads them all (`--arg a=1 --arg b=2`). `--` ends the
/// options: every word after it is a positional, even `--help`. Anything the signature
/// does not allow is a `UsageError` carrying the subcommand's usage line:
///
/// ```
/// parlance string greeting --count x
/// parlance: error: --count expects an integer, got 'x'
/// usage: parlance string KEY [--table T] … [--json]
/// ```
struct ParsedArguments {
  /// The declarations the arguments were parsed by.
  let signature: CommandSignature
  /// Values by declared name (`--count`, `KEY`), in the order given.
  private var values: [String: [any Sendable]] = [:]
  /// The flags given.
  private var flags: Set<String> = []

  /// Parses `arguments` (after the subcommand's name) by `signature`.
  ///
  /// - Throws: `UsageError` for an unknown option, a missing or malformed value, a flag
  ///   with a value, a missing or extra positional, a missing required option.
  init(_ arguments: [String], signature: CommandSignature) throws(UsageError) {
    self.signature = signature
    var words: [String] = []
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard !optionsEnded, argument.hasPrefix("--") else {
        if signature.optionsEndAtFirstPositional { optionsEnded = true }
        words.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let declaration = signature.declaration(named: name) else {
        throw usageError("unknown option '\(name)'")
      }
      if declaration.role == .flag {
        guard inlineValue == nil else { throw usageError("option '\(name)' takes no value") }
        flags.insert(name)
        continue
      }
      let text: String
      if let inlineValue {
        text = inlineValue
      } else if index < arguments.count {
        text = arguments[index]
        index += 1
      } else {
        throw usageError("option '\(name)' needs a value")
      }
      // Every value is kept: the subscript reads the last, `all(_:)` each (`preview` takes
      // each `--po` folder, as it always did, though only `--arg` shows `...`).
      values[name, default: []].append(try parse(text, as: declaration))
    }
    try assign(words)
    for option in signature.options where option.isRequired && values[option.name] == nil {
      throw usageError("missing \(option.name)")
    }
  }

  /// Gives the words to the declared positionals in order; a repeating one takes the rest.
  private mutating func assign(_ words: [String]) throws(UsageError) {
    var remaining = words[...]
    for positional in signature.positionals {
      let taken = positional.repeats ? remaining : remaining.prefix(1)
      if taken.isEmpty && positional.isRequired {
        throw usageError("missing \(positional.name)")
      }
      var parsed: [any Sendable] = []
      for word in taken { parsed.append(try parse(word, as: positional)) }
      values[positional.name] = parsed
      remaining = remaining.dropFirst(taken.count)
    }
    if let extra = remaining.first { throw usageError("unexpected argument '\(extra)'") }
  }

  /// `text` as the declaration's type; a value that does not parse is a usage error.
  private func parse(_ text: String, as declaration: ArgumentDeclaration) throws(UsageError)
    -> any Sendable
  {
    do {
      return try declaration.parse(text)
    } catch {
      throw usageError(declaration.message(for: error, argument: text))
    }
  }

  /// `usage: ` and the subcommand's usage lines, as a usage error shows them.
  var usage: String { "usage: " + signature.usage }

  /// A usage error with the subcommand's usage line.
  func usageError(_ message: String) -> UsageError {
    UsageError(message: message, usage: usage)
  }

  /// The option's value (its last, when given more than once), or nil.
  subscript<Value>(_ option: Option<Value>) -> Value? {
    values[option.declaration.name]?.last as? Value
  }

  /// Every value of an option, in the order given.
  func all<Value>(_ option: Option<Value>) -> [Value] {
    values[option.declaration.name]?.compactMap { $0 as? Value } ?? []
  }

  /// Whether the flag was given.
  subscript(_ flag: Flag) -> Bool { flags.contains(flag.declaration.name) }

  /// The positional's value, or nil when an optional one was not given.
  subscript<Value>(_ positional: Positional<Value>) -> Value? {
    values[positional.declaration.name]?.first as? Value
  }

  /// The words of the positionals, in order.
  subscript<Value>(_ positionals: Positionals<Value>) -> [Value] {
    values[positionals.declaration.name]?.compactMap { $0 as? Value } ?? []
  }

  /// The value of a required positional.
  ///
  /// - Throws: `UsageError` (`missing KEY`) if it is missing, which parsing already rules
  ///   out for a positional declared required.
  func value<Value>(_ positional: Positional<Value>) throws(UsageError) -> Value {
    guard let value = self[positional] else {
      throw usageError("missing \(positional.declaration.name)")
    }
    return value
  }

  /// The value of a required option.
  ///
  /// - Throws: `UsageError` (`missing --out`) if it was not given.
  func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value {
    guard let value = self[option] else { throw usageError("missing \(option.declaration.name)") }
    return value
  }
}

extension ParsedArguments {
  /// Whether the option or flag `declaration` was given, whatever its type.
  func isGiven(_ declaration: ArgumentDeclaration) -> Bool {
    declaration.role == .flag
      ? flags.contains(declaration.name) : values[declaration.name]?.isEmpty == false
  }
}
