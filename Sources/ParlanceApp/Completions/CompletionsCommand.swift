/// `parlance __completions bash|zsh|fish|list`: the shell completions, generated from
/// the subcommands' declarations (`CommandSignature`), so they cannot drift from them.
///
/// Hidden: not in the usage and offered by no completion. `make install` writes its
/// output to the shells' completion folders; `list` prints each command line's options
/// and flags, one command a line (`parlance` for the window), for the tests.
enum CompletionsCommand {
  static let name = "__completions"
  static let usage = "usage: parlance __completions bash|zsh|fish|list"

  static func run(_ arguments: [String]) -> ExitStatus {
    guard arguments.count == 1 else {
      standardError("parlance: error: name one shell\n\(usage)")
      return .usage
    }
    let commands = CommandSignature.all
    switch arguments[0] {
    case "bash": print(BashCompletion.script(commands), terminator: "")
    case "zsh": print(ZshCompletion.script(commands), terminator: "")
    case "fish": print(FishCompletion.script(commands), terminator: "")
    case "list":
      for command in commands {
        let switches = command.switches
        print(
          ([command.name.isEmpty ? "parlance" : command.name] + switches).joined(separator: " "))
      }
    case "--help":
      print(usage)
    default:
      standardError("parlance: error: unknown shell '\(arguments[0])'\n\(usage)")
      return .usage
    }
    return .success
  }
}
