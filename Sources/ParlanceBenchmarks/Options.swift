/// The command line:
/// `parlance-bench [core|scaling|soak|gettext|formats|pathological|switch|translator|interface|live|all]
/// [--iterations N] [--runs R] [--markdown]`.
struct Options {
  /// A group of benchmarks; `all` runs every group (`switch` only with a display).
  enum Group: String, CaseIterable {
    case core, scaling, soak, gettext, formats, pathological, `switch`, translator, interface,
      live, all
  }

  var group = Group.core
  /// Lookups per run; the other benchmarks scale from it (see `usage`).
  var iterations = 1_000_000
  var runs = 9
  var markdown = false

  static let usage = """
    usage: parlance-bench [core|scaling|soak|gettext|formats|pathological|switch|translator|
                          interface|live|all] [--iterations N] [--runs R] [--markdown]

      core          lookups, placeholders, .strings parsing, memory, then scaling and soak
                    (default)
      scaling       lookups from one thread and from two at once, ours and a dictionary
      soak          N/10 rounds (at least 10000) of switch + reload + a made-up missing key,
                    heap growth after the first 1,000
      gettext       compiled .mo catalogs beside glibc on the same file: lookups, opening a
                    language to its first answer (N/2000 opens, at least 50), heap; the
                    translation index of the machine's German gtk30.mo
      formats       parsing every catalog format of the corpus, a generated 2 MB String
                    Catalog in 20 languages, plural rules, plural messages
      pathological  the 10 MB inputs of docs/RELIABILITY.md through the String Catalog and
                    .stringsdict readers (at most 3 runs each)
      switch        the GTK window: language switch to drawn frame, 1,000-label re-render,
                    memory over 1,000 switches, start to first frame (needs a display:
                    xvfb-run -a -s "-screen 0 1280x1024x24")
      translator    a save on disk until the window shows it, the screenshot matrix in one
                    process against a process per language, lint over the corpus (needs a
                    display, and the release `parlance` next to parlance-bench)
      interface     Transmission's PrefsDialog.ui with its .po files: a live switch against a
                    rebuild, opening until the first frame, a .po save until it is shown
                    (needs a display and ../shared/corpus)
      live          Parlance's GTK module at a program's start: the C window started as
                    `parlance run` starts it, with and without the module (needs a display,
                    parlance-startup-baseline and libparlance-live.so next to parlance-bench)
      all           every group; switch, translator, interface and live are skipped
                    without a display
      --iterations  lookups per run (default 1000000); placeholder renders and plural
                    messages are N/10, plural selections N; .strings parses N/200000 (at
                    least 1); corpus parses about N×5 bytes per file per run; window
                    switches N/5000 (at least 20), 1,000-label renders N/100000 (at least 3)
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
