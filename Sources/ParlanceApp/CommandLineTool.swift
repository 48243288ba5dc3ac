import Foundation
import Parlance

/// Exit codes: 0 ok, 1 problems found or failure, 2 bad usage.
enum ExitStatus: Int32 {
  case success = 0
  case failure = 1
  case usage = 2
}

/// Bad command-line input: the message, then the usage line of the subcommand.
struct UsageError: Error {
  let message: String
  let usage: String
}

/// A failure that is not the user's typing: a missing folder, a broken catalog.
struct CommandFailure: Error {
  let message: String
}

/// A subcommand of `parlance`: a declared command line and what it runs.
///
/// Everything about its command line — parsing, usage errors, `--help`, its line in
/// `parlance --help`, the shell completions — comes from `signature`.
protocol Subcommand {
  /// The declared command line: name, options, flags, positionals.
  static var signature: CommandSignature { get }
  /// Runs with the arguments parsed by `signature`.
  static func run(_ arguments: ParsedArguments) throws -> ExitStatus
}

/// `parlance`: finds the subcommand, parses its arguments by its signature, runs it and
/// maps the result to an exit status.
enum CommandLineTool {
  /// The program's version, as `parlance --version` prints it: the newest release of
  /// data/io.github.parlance.Parlance.metainfo.xml, whose version the Debian package takes,
  /// and the one in the manual's header (`VersionTests` checks that the three agree).
  static let version = "0.1.0"

  /// The subcommands, in the order `parlance --help` lists them.
  static var subcommands: [any Subcommand.Type] {
    [
      StringCommand.self, LanguagesCommand.self, NegotiateCommand.self,
      SetLanguageCommand.self, LintCommand.self, ScreenshotCommand.self, UIStringsCommand.self,
      PreviewCommand.self, RunCommand.self, SwitchCommand.self, ProgramsCommand.self,
      HelpCommand.self,
    ]
  }

  /// The subcommand called `name`.
  static func subcommand(named name: String) -> (any Subcommand.Type)? {
    subcommands.first { $0.signature.name == name }
  }

  /// Every usage line, the window's first: what `parlance --help` prints.
  static var usage: String {
    ([WindowCommand.signature] + subcommands.map { $0.signature })
      .flatMap(\.usageLines)
      .enumerated()
      .map { ($0.offset == 0 ? "usage: " : "       ") + $0.element }
      .joined(separator: "\n")
  }

  /// Runs the command line `arguments` (without the program's name).
  static func run(_ arguments: [String]) -> ExitStatus {
    if arguments.first == CompletionsCommand.name {
      return CompletionsCommand.run(Array(arguments.dropFirst()))
    }
    if arguments.first == "--help" || arguments.first == "-h" {
      print(usage)
      return .success
    }
    if arguments.first == "--version" {
      print("parlance \(version)")
      return .success
    }
    let command: any Subcommand.Type
    var rest = arguments
    if let first = arguments.first, !first.hasPrefix("-") {
      if let found = subcommand(named: first) {
        command = found
        rest.removeFirst()
      } else if OpenCommand.isInterfaceFile(first) {
        // `parlance FILE.ui…`: what a file manager's "Open With Parlance" runs.
        command = OpenCommand.self
      } else {
        return fail(UsageError(message: "unknown subcommand '\(first)'", usage: usage))
      }
    } else {
      command = WindowCommand.self
    }
    do {
      // `--help` among the options, not after `--`, where it is a positional (nor, for
      // `run`, after the program, whose own option it is).
      if options(of: rest, signature: command.signature).contains("--help") {
        print("usage: " + command.signature.usage)
        return .success
      }
      let parsed = try ParsedArguments(rest, signature: command.signature)
      return try command.run(parsed)
    } catch let error as UsageError {
      return fail(error)
    } catch let error as CommandFailure {
      standardError("parlance: error: \(error.message)")
      return .failure
    } catch {
      standardError("parlance: error: \(error)")
      return .failure
    }
  }

  /// The words of `arguments` that stand where options do: all before `--`, and for a
  /// command that ends its options at its first positional, those before it.
  private static func options(of arguments: [String], signature: CommandSignature)
    -> ArraySlice<String>
  {
    let beforeEnd = arguments.prefix { $0 != "--" }
    guard signature.optionsEndAtFirstPositional else { return beforeEnd }
    var index = beforeEnd.startIndex
    while index < beforeEnd.endIndex, beforeEnd[index].hasPrefix("--") {
      let name = beforeEnd[index].split(separator: "=", maxSplits: 1).first.map(String.init)
      let takesValue =
        !beforeEnd[index].contains("=")
        && signature.declaration(named: name ?? "")?.role == .option
      index += takesValue ? 2 : 1
    }
    return beforeEnd[..<min(index, beforeEnd.endIndex)]
  }

  private static func fail(_ error: UsageError) -> ExitStatus {
    standardError("parlance: error: \(error.message)\n\(error.usage)")
    return .usage
  }
}

/// Writes `text` and a newline to standard error.
func standardError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}
