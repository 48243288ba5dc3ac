/// A subcommand's whole command line, declared once: its name and its options, flags
/// and positionals, in the order the usage line shows them.
///
/// The parser, the usage lines (`--help`, `parlance help NAME`, every usage error), the
/// completions of bash, zsh and fish and the manual's synopsis test all read it, so they
/// cannot disagree. Example:
///
/// ```swift
/// static let key = Positional<String>("KEY")
/// static let count = Option<Int64>("--count", "N")
/// static let signature = CommandSignature("string", key, count, CommonOptions.json)
/// // usage: parlance string KEY [--count N] [--json]
/// ```
struct CommandSignature: Sendable {
  /// The subcommand's name; empty for the window (`parlance` alone).
  let name: String
  /// Every declared argument, in declaration order.
  let arguments: [ArgumentDeclaration]
  /// The usage lines, each a list of declarations; one line of all of them by default.
  let forms: [[ArgumentDeclaration]]
  /// The first positional ends the options, as `--` does: every word after it is a
  /// positional (`parlance run PROGRAM --its-own-option`, as `env` takes a command).
  var optionsEndAtFirstPositional = false

  /// Declares `name` with `arguments`, shown in one usage line in this order.
  init(_ name: String, _ arguments: any ArgumentHandle...) {
    self.init(name, arguments: arguments, forms: [arguments])
  }

  /// Declares `name` with `arguments` and several usage lines (`forms`), each listing the
  /// arguments it shows (`Required(handle)` for one shown without brackets).
  init(_ name: String, arguments: [any ArgumentHandle], forms: [[any ArgumentHandle]]) {
    self.name = name
    self.arguments = arguments.map(\.declaration)
    self.forms = forms.map { $0.map(\.declaration) }
  }

  /// The options that take a value, in declaration order.
  var options: [ArgumentDeclaration] { arguments.filter { $0.role == .option } }
  /// The flags, in declaration order.
  var flags: [ArgumentDeclaration] { arguments.filter { $0.role == .flag } }
  /// The positionals, in order.
  var positionals: [ArgumentDeclaration] { arguments.filter { $0.role == .positional } }

  /// The declared option or flag `name` (`--count`), if any.
  func declaration(named name: String) -> ArgumentDeclaration? {
    arguments.first { $0.role != .positional && $0.name == name }
  }

  /// One line per form: `parlance string KEY [--table T] … [--json]`.
  var usageLines: [String] {
    forms.map { form in
      (["parlance"] + (name.isEmpty ? [] : [name]) + form.map(\.usage)).joined(separator: " ")
    }
  }

  /// The usage lines as `--help` prints them after `usage: `, aligned under the first.
  var usage: String { usageLines.joined(separator: "\n       ") }
}
