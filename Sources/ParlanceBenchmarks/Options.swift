/// The command line: `parlance-bench [core|all] [--iterations N] [--runs R] [--markdown]`.
struct Options {
  /// A group of benchmarks. `all` grows as groups are added (`switch`, `formats`).
  enum Group: String, CaseIterable {
    case core, all
  }

  var group = Group.core
  /// Lookups per run; the other benchmarks scale from it (see `usage`).
  var iterations = 1_000_000
  var runs = 9
  var markdown = false

  static let usage = """
    usage: parlance-bench [core|all] [--iterations N] [--runs R] [--markdown]

      core          lookups, placeholders, .strings parsing, memory (default)
      all           every group
      --iterations  lookups per run (default 1000000); placeholder renders are N/10,
                    .strings parses N/200000 (at least 1)
      --runs        timed runs per contender, interleaved (default 9); medians are shown
      --markdown    print Markdown tables (for docs/PERFORMANCE.md)
    """

  init(arguments: [String]) throws {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--markdown":
        markdown = true
      case "--iterations", "--runs":
        guard let text = rest.popFirst(), let value = Int(text.filter { $0 != "_" }), value > 0
        else { throw FixtureError("\(argument) needs a positive number\n\n\(Self.usage)") }
        if argument == "--runs" { runs = value } else { iterations = value }
      default:
        guard let group = Group(rawValue: argument) else {
          throw FixtureError("unknown argument '\(argument)'\n\n\(Self.usage)")
        }
        self.group = group
      }
    }
  }
}
