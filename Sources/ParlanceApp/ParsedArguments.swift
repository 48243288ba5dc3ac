import Parlance

/// The command line of one subcommand: positionals, options with values, flags.
///
/// Accepts `--name value` and `--name=value`; an option may repeat (`--arg a=1 --arg b=2`).
/// `--` ends the options. Anything unknown is a `UsageError` with the usage line.
struct ParsedArguments {
  private(set) var positionals: [String] = []
  private(set) var values: [String: [String]] = [:]
  private(set) var flags: Set<String> = []
  let usage: String

  init(_ arguments: [String], options: Set<String>, flags known: Set<String>, usage: String)
    throws(UsageError)
  {
    self.usage = usage
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard !optionsEnded, argument.hasPrefix("--") else {
        positionals.append(argument)
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
      if known.contains(name) {
        guard inlineValue == nil else {
          throw UsageError(message: "option '\(name)' takes no value", usage: usage)
        }
        flags.insert(name)
      } else if options.contains(name) {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else if index < arguments.count {
          value = arguments[index]
          index += 1
        } else {
          throw UsageError(message: "option '\(name)' needs a value", usage: usage)
        }
        values[name, default: []].append(value)
      } else {
        throw UsageError(message: "unknown option '\(name)'", usage: usage)
      }
    }
  }

  /// The last value of an option given once or more.
  func value(_ name: String) -> String? { values[name]?.last }

  func all(_ name: String) -> [String] { values[name] ?? [] }

  func has(_ flag: String) -> Bool { flags.contains(flag) }

  func usageError(_ message: String) -> UsageError {
    UsageError(message: message, usage: usage)
  }

  /// Parses `--name` as a language tag; a bad tag is a usage error.
  func languageTag(_ name: String) throws(UsageError) -> LanguageTag? {
    guard let text = value(name) else { return nil }
    do {
      return try LanguageTag(text)
    } catch {
      throw usageError(error.description)
    }
  }

  /// Exactly `count` positionals, named for the message.
  func positionals(_ names: String...) throws(UsageError) -> [String] {
    guard positionals.count == names.count else {
      if positionals.count < names.count {
        throw usageError("missing \(names[positionals.count])")
      }
      throw usageError("unexpected argument '\(positionals[names.count])'")
    }
    return positionals
  }
}
