/// `parlance help [SUBCOMMAND]`: the usage of one subcommand, as its `--help` prints it,
/// or of them all.
enum HelpCommand: Subcommand {
  /// The subcommand to describe; completed with the subcommands' names.
  static var subcommand: Positional<String> {
    // Computed: the names come from the other subcommands' signatures, and this one is
    // among the subcommands.
    let names = CommandLineTool.subcommands
      .filter { ObjectIdentifier($0) != ObjectIdentifier(HelpCommand.self) }
      .map { $0.signature.name }
    return Positional("SUBCOMMAND", kind: ValueKind(words: names), required: false)
  }

  /// `parlance help [SUBCOMMAND]`.
  static var signature: CommandSignature { CommandSignature("help", subcommand) }

  /// Prints the usage asked for; an unknown name is bad usage, with every usage line.
  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    guard let name = arguments[subcommand] else {
      print(CommandLineTool.usage)
      return .success
    }
    guard let command = CommandLineTool.subcommand(named: name) else {
      throw UsageError(message: "unknown subcommand '\(name)'", usage: CommandLineTool.usage)
    }
    print("usage: " + command.signature.usage)
    return .success
  }
}
