import Foundation
import Parlance

/// `parlance string KEY`: one message as the program would show it.
enum StringCommand: Subcommand {
  static let name = "string"
  static let usage =
    "parlance string KEY [--table T] [--context C] [--language TAG] [--count N] [--arg NAME=VALUE]... [--resources DIR] [--json]"
  static let options: Set<String> = [
    "--table", "--context", "--language", "--count", "--arg", "--resources",
  ]
  static let flags: Set<String> = ["--json"]

  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    let key = try arguments.positionals("KEY")[0]
    var named: [String: MessageArgument] = [:]
    for pair in arguments.all("--arg") {
      guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
        throw arguments.usageError("--arg takes NAME=VALUE, got '\(pair)'")
      }
      named[String(pair[..<equals])] = .string(String(pair[pair.index(after: equals)...]))
    }
    var positional: [MessageArgument] = []
    if let text = arguments.value("--count") {
      guard let count = Int64(text) else {
        throw arguments.usageError("--count takes an integer, got '\(text)'")
      }
      positional.append(.integer(count))
      if named["count"] == nil { named["count"] = .integer(count) }
    }
    let localizer = try ResourceLocator.localizer(arguments)
    let resolution = localizer.resolve(
      key, context: arguments.value("--context"),
      table: arguments.value("--table") ?? Localizer.defaultTable,
      arguments: positional, named: named)
    if arguments.has("--json") {
      print(
        JSONOutput.object([
          ("key", .string(resolution.key)),
          ("table", .string(resolution.table)),
          ("value", .string(resolution.value)),
          ("language", resolution.language.map { .string($0.identifier) } ?? .null),
          ("requested", resolution.requested.map { .string($0.identifier) } ?? .null),
          ("fallback", .bool(resolution.isFallback)),
        ]))
    } else {
      print(resolution.value)
    }
    return resolution.isMissing ? .failure : .success
  }
}
