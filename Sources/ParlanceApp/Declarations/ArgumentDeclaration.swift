/// One option, flag or positional of a subcommand, as the parser, the usage line, the
/// help and the shell completions all read it.
///
/// Subcommands do not build these by hand: they declare typed handles (`Option`, `Flag`,
/// `Positional`, `Positionals`), each of which holds one.
struct ArgumentDeclaration: Sendable {
  /// How the argument is given.
  enum Role: Equatable, Sendable {
    /// `--name VALUE` or `--name=VALUE`.
    case option
    /// `--name`, without a value.
    case flag
    /// A word that is no option, in order.
    case positional
  }

  /// How the argument is given.
  let role: Role
  /// `--count` for an option or a flag; the metavariable (`KEY`) for a positional.
  let name: String
  /// The value's name in the usage line (`N`, `DIR`); empty for a flag.
  let metavariable: String
  /// What a shell can offer for the value.
  let kind: ValueKind
  /// An option that adds a value each time it is given (`--arg`), or a positional that
  /// takes every remaining word.
  let repeats: Bool
  /// An option that must be given, or a positional that needs at least one word.
  var isRequired: Bool
  /// Parses one value into the handle's type.
  let parse: @Sendable (String) throws(ArgumentValueError) -> any Sendable

  /// This argument in a usage line: `[--count N]`, `[--arg NAME=VALUE]...`, `--out DIR`,
  /// `[--json]`, `KEY`, `UI_FILE...`, `[PATH...]`.
  var usage: String {
    switch role {
    case .flag:
      return isRequired ? name : "[\(name)]"
    case .option:
      let text = "\(name) \(metavariable)"
      return (isRequired ? text : "[\(text)]") + (repeats ? "..." : "")
    case .positional:
      let text = name + (repeats ? "..." : "")
      return isRequired ? text : "[\(text)]"
    }
  }

  /// The message for a value that does not parse.
  func message(for error: ArgumentValueError, argument: String) -> String {
    error.message(name: name, argument: argument)
  }
}
