/// A typed declaration a subcommand keeps in a static property, to list it in its
/// `CommandSignature` and to read its value back from `ParsedArguments`.
protocol ArgumentHandle: Sendable {
  /// What the parser, the usage line and the completions read.
  var declaration: ArgumentDeclaration { get }
}

/// An option with a value of type `Value`: `--count N` parsed as an `Int64`.
///
/// Given twice, the last value counts, unless it `repeats` (`--arg`): then each value is
/// kept, in order (`ParsedArguments.all(_:)`).
struct Option<Value: ArgumentValue>: ArgumentHandle {
  /// What the parser, the usage line and the completions read.
  let declaration: ArgumentDeclaration

  /// Declares `name` (`--count`) with its value's `metavariable` (`N`).
  ///
  /// - Parameters:
  ///   - name: the option as typed (`--count`).
  ///   - metavariable: the value's name in the usage line (`N`).
  ///   - kind: what a shell offers, when it is not `Value.kind` (a `.ui` file rather than
  ///     any path).
  ///   - repeats: each value is kept, not only the last.
  ///   - required: a missing option is a usage error (`missing --out`).
  init(
    _ name: String, _ metavariable: String, kind: ValueKind = Value.kind, repeats: Bool = false,
    required: Bool = false
  ) {
    declaration = ArgumentDeclaration(
      role: .option, name: name, metavariable: metavariable, kind: kind, repeats: repeats,
      isRequired: required,
      parse: { (text) throws(ArgumentValueError) in try Value(argument: text) }
    )
  }
}

/// An option without a value (`--json`): given or not.
struct Flag: ArgumentHandle {
  /// What the parser, the usage line and the completions read.
  let declaration: ArgumentDeclaration

  /// Declares the flag `name` (`--json`).
  init(_ name: String) {
    declaration = ArgumentDeclaration(
      role: .flag, name: name, metavariable: "", kind: .text, repeats: false, isRequired: false,
      parse: { $0 })
  }
}

/// One positional argument of type `Value` (`KEY`, `UI_FILE`), required unless declared
/// optional (`[SUBCOMMAND]`).
struct Positional<Value: ArgumentValue>: ArgumentHandle {
  /// What the parser, the usage line and the completions read.
  let declaration: ArgumentDeclaration

  /// Declares the positional `name`, its metavariable in the usage line.
  init(_ name: String, kind: ValueKind = Value.kind, required: Bool = true) {
    declaration = ArgumentDeclaration(
      role: .positional, name: name, metavariable: name, kind: kind, repeats: false,
      isRequired: required,
      parse: { (text) throws(ArgumentValueError) in try Value(argument: text) }
    )
  }
}

/// Every remaining positional argument, each of type `Value` (`UI_FILE...`, `[PATH...]`).
struct Positionals<Value: ArgumentValue>: ArgumentHandle {
  /// What the parser, the usage line and the completions read.
  let declaration: ArgumentDeclaration

  /// Declares the positionals `name`; with `atLeastOne`, none is a usage error.
  init(_ name: String, kind: ValueKind = Value.kind, atLeastOne: Bool) {
    declaration = ArgumentDeclaration(
      role: .positional, name: name, metavariable: name, kind: kind, repeats: true,
      isRequired: atLeastOne,
      parse: { (text) throws(ArgumentValueError) in try Value(argument: text) })
  }
}

/// A declaration shown without brackets in one usage form of a subcommand: in
/// `parlance screenshot --ui UI_FILE … --out DIR`, `--ui` is what makes the form.
///
/// Only the usage line changes; the parser still takes the option as optional.
struct Required: ArgumentHandle {
  /// The wrapped declaration, marked required.
  let declaration: ArgumentDeclaration

  /// `handle`, shown as required.
  init(_ handle: some ArgumentHandle) {
    var declaration = handle.declaration
    declaration.isRequired = true
    self.declaration = declaration
  }
}
