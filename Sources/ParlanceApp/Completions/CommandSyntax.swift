import Foundation

/// One subcommand's command line as the shell completions offer it, read from what the
/// subcommand declares: its `name`, `options` and `flags`, and its usage line for what
/// each value is (`--resources DIR` takes a folder, `UI_FILE` a `.ui` file).
///
/// Nothing here is written by hand per subcommand, so a new option is completed as soon
/// as it is declared. Example: `parlance ui-strings UI_FILE [--po DIR] [--language TAG]`
/// with options `--po`, `--language` → positional `.ui` files, `--po` a folder,
/// `--language` a language of `parlance languages`.
struct CommandSyntax {
  /// `""` for the window (`parlance` without a subcommand).
  let name: String
  /// Options taking a value, sorted by name.
  let options: [Option]
  /// Options without a value, sorted.
  let flags: [String]
  /// What the positional arguments are; `nil` when the subcommand takes none.
  let positionals: Completion?

  struct Option {
    let name: String
    /// The value's name in the usage line (`DIR`), or `VALUE` when it has none.
    let metavariable: String
    let completion: Completion
    /// Whether the usage line marks it as repeatable (`[--arg NAME=VALUE]...`).
    let repeats: Bool
  }

  /// What a shell can offer for a value.
  struct Completion: Equatable {
    enum Files: Equatable {
      case any
      case directories
      /// Files with this extension (without the dot), and folders to reach them.
      case withExtension(String)
    }

    /// Literal words (`all`, `system`).
    var words: [String] = []
    /// The languages `parlance languages` lists.
    var languages = false
    var files: Files?

    var isEmpty: Bool { words.isEmpty && !languages && files == nil }

    /// Reads a metavariable: alternatives separated by `|` (`TAG|system`, `all|L1,L2`).
    init(metavariable: String) {
      for alternative in metavariable.split(separator: "|").map(String.init) {
        switch alternative {
        case "TAG": languages = true
        case "DIR", "PO_DIR": add(.directories)
        case "UI_FILE": add(.withExtension("ui"))
        case "PATH", "FILE", "PO_FILE": add(.any)
        default:
          if alternative.allSatisfy({ $0.isLowercase || $0 == "-" }) { words.append(alternative) }
        }
      }
    }

    private mutating func add(_ kind: Files) {
      guard let files, files != kind else {
        files = kind
        return
      }
      // Two kinds together (`UI_FILE... PO_DIR`): any file or folder.
      self.files = .any
    }

    /// Both sets of values, for a subcommand whose positionals have several names.
    func merged(with other: Completion) -> Completion {
      var merged = self
      merged.words += other.words.filter { !merged.words.contains($0) }
      merged.languages = languages || other.languages
      if let files = other.files { merged.add(files) }
      return merged
    }
  }

  /// The syntax of `command`, from its declaration.
  init(_ command: any Subcommand.Type) {
    name = command.name
    flags = command.flags.sorted()
    let usage = Self.words(of: command.usage, name: command.name)
    var options: [Option] = []
    for option in command.options.sorted() {
      let index = usage.firstIndex { $0.word == option || $0.word.hasPrefix(option + "=") }
      var metavariable = "VALUE"
      var repeats = false
      if let index {
        let word = usage[index].word
        repeats = usage[index].repeats
        if word.count > option.count {
          metavariable = String(word.dropFirst(option.count + 1))
        } else if index + 1 < usage.count {
          metavariable = usage[index + 1].word
          repeats = repeats || usage[index + 1].repeats
        }
      }
      options.append(
        Option(
          name: option, metavariable: metavariable,
          completion: Completion(metavariable: metavariable), repeats: repeats))
    }
    self.options = options
    // Positionals: the words that are neither an option nor an option's value.
    var positionals: Completion?
    var index = 0
    while index < usage.count {
      let word = usage[index].word
      index += 1
      if word.hasPrefix("-") {
        let name = String(word.prefix { $0 != "=" })
        if command.options.contains(name) && !word.contains("=") { index += 1 }
        continue
      }
      let completion = Completion(metavariable: word)
      positionals = positionals.map { $0.merged(with: completion) } ?? completion
    }
    self.positionals = positionals
  }

  /// The words of a usage text after `parlance NAME` on each of its lines, without
  /// brackets and `...`, each marked when it repeats.
  private static func words(of usage: String, name: String) -> [(word: String, repeats: Bool)] {
    var words: [(word: String, repeats: Bool)] = []
    for line in usage.split(separator: "\n") {
      var tokens = line.split(separator: " ").map(String.init)
      if tokens.first == "parlance" { tokens.removeFirst() }
      if !name.isEmpty && tokens.first == name { tokens.removeFirst() }
      for token in tokens {
        let repeats = token.hasSuffix("...")
        let word = token.filter { $0 != "[" && $0 != "]" }
          .replacingOccurrences(of: "...", with: "")
        if !word.isEmpty { words.append((word, repeats)) }
      }
    }
    return words
  }
}

extension CommandSyntax {
  /// The window's command line, then every subcommand's, as `parlance --help` lists them.
  static var all: [CommandSyntax] {
    [CommandSyntax(WindowCommand.self)] + CommandLineTool.subcommands.map(CommandSyntax.init)
  }
}
