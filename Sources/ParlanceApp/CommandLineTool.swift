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

protocol Subcommand {
  static var name: String { get }
  static var usage: String { get }
  static var options: Set<String> { get }
  static var flags: Set<String> { get }
  static func run(_ arguments: ParsedArguments) throws -> ExitStatus
}

enum CommandLineTool {
  static var subcommands: [any Subcommand.Type] {
    [
      StringCommand.self, LanguagesCommand.self, NegotiateCommand.self,
      SetLanguageCommand.self, LintCommand.self, ScreenshotCommand.self, UIStringsCommand.self,
      PreviewCommand.self,
    ]
  }

  static var usage: String {
    ([WindowCommand.usage] + subcommands.map { $0.usage })
      .enumerated()
      .map { ($0.offset == 0 ? "usage: " : "       ") + $0.element }
      .joined(separator: "\n")
  }

  static func run(_ arguments: [String]) -> ExitStatus {
    if arguments.first == CompletionsCommand.name {
      return CompletionsCommand.run(Array(arguments.dropFirst()))
    }
    if arguments.first == "--help" || arguments.first == "-h" || arguments.first == "help" {
      print(usage)
      return .success
    }
    let command: any Subcommand.Type
    var rest = arguments
    if let first = arguments.first, !first.hasPrefix("-") {
      if let found = subcommands.first(where: { $0.name == first }) {
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
      if rest.contains("--help") {
        print("usage: " + command.usage)
        return .success
      }
      let parsed = try ParsedArguments(
        rest, options: command.options, flags: command.flags, usage: "usage: " + command.usage)
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

  private static func fail(_ error: UsageError) -> ExitStatus {
    standardError("parlance: error: \(error.message)\n\(error.usage)")
    return .usage
  }
}

func standardError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}
