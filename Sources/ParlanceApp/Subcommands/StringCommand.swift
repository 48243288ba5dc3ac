import Foundation
import Parlance

/// `parlance string KEY`: one message as the program would show it.
enum StringCommand: Subcommand {
  /// The message's key.
  static let key = Positional<String>("KEY")
  /// `--table T`: the table, `Localizable` by default.
  static let table = Option<String>("--table", "T")
  /// `--context C`: the gettext context of the message.
  static let context = Option<String>("--context", "C")
  /// `--count N`: the number a plural counts, also `#{count}` and the first argument.
  static let count = Option<Int64>("--count", "N")
  /// `--arg NAME=VALUE`, repeated: a value for each named placeholder.
  static let arg = Option<NamedValue>("--arg", "NAME=VALUE", repeats: true)

  /// `parlance string KEY [--table T] … [--json]`.
  static let signature = CommandSignature(
    "string", key, table, context, CommonOptions.language, count, arg, CommonOptions.resources,
    CommonOptions.json)

  /// Prints the message; exit 1 when no language has the key.
  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    let key = try arguments.value(Self.key)
    var named: [String: MessageArgument] = [:]
    for pair in arguments.all(arg) { named[pair.name] = .string(pair.value) }
    var positional: [MessageArgument] = []
    if let count = arguments[Self.count] {
      positional.append(.integer(count))
      if named["count"] == nil { named["count"] = .integer(count) }
    }
    let localizer = try ResourceLocator.localizer(arguments)
    let resolution = localizer.resolve(
      key, context: arguments[context], table: arguments[table] ?? Localizer.defaultTable,
      arguments: positional, named: named)
    if arguments[CommonOptions.json] {
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
