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
  /// `--plural TEXT`: a gettext message's `msgid_plural`, shown for a count other than 1
  /// when no catalog has the message (as `dngettext` does).
  static let plural = Option<String>("--plural", "TEXT")

  /// `parlance string KEY [--table T] … [--json]`.
  static let signature = CommandSignature(
    "string", key, table, context, CommonOptions.language, count, plural, arg,
    CommonOptions.resources, CommonOptions.gettextDomain, CommonOptions.localeDir,
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
    // An installed domain's messages are in the table named after it.
    let defaultTable =
      arguments.all(CommonOptions.gettextDomain).first ?? Localizer.defaultTable
    var resolution = localizer.resolve(
      key, context: arguments[context], table: arguments[table] ?? defaultTable,
      arguments: positional, named: named)
    if resolution.isMissing, let plural = arguments[Self.plural], let count = arguments[count],
      count != 1
    {
      resolution = Resolution(
        value: plural, key: resolution.key, table: resolution.table, language: nil,
        requested: resolution.requested, origin: nil)
    }
    if arguments[CommonOptions.json] {
      print(
        JSONOutput.object([
          ("key", .string(resolution.key)),
          ("table", .string(resolution.table)),
          ("value", .string(resolution.value)),
          ("language", resolution.language.map { .string($0.identifier) } ?? .null),
          ("requested", resolution.requested.map { .string($0.identifier) } ?? .null),
          ("fallback", .bool(resolution.isFallback)),
          ("message", resolution.message.map(JSONOutput.string) ?? .null),
          ("source", resolution.origin.map { .string($0.description) } ?? .null),
        ]))
    } else {
      print(resolution.value)
    }
    return resolution.isMissing ? .failure : .success
  }
}
