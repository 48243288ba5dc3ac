/// What the shell completions read of a signature: options and flags sorted by name, the
/// declared kind of each value, and one kind for all the positionals.
///
/// Nothing is written by hand per subcommand or guessed from a metavariable: a new
/// option is completed, with its values, as soon as it is declared. Example: `ui-strings`
/// declares `UI_FILE` a `.ui` file, `--po` a `Folder` and `--language` a `LanguageTag` →
/// bash offers `.ui` files and folders, then folders after `--po`, then the languages of
/// `parlance languages` after `--language`.
extension CommandSignature {
  /// The window's command line, then every subcommand's, as `parlance --help` lists them.
  static var all: [CommandSignature] {
    [WindowCommand.signature] + CommandLineTool.subcommands.map { $0.signature }
  }

  /// The options taking a value, sorted by name.
  var sortedOptions: [ArgumentDeclaration] { options.sorted { $0.name < $1.name } }

  /// The names of the flags, sorted.
  var sortedFlags: [String] { flags.map(\.name).sorted() }

  /// The names of every option and flag, sorted.
  var switches: [String] { (options.map(\.name) + flags.map(\.name)).sorted() }

  /// What the positionals take, all together; nil when there are none.
  var positionalKind: ValueKind? {
    positionals.map(\.kind).reduce(nil) { merged, kind in merged.map { $0.or(kind) } ?? kind }
  }
}
