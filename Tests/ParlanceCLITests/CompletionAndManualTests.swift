import Foundation
import Testing

/// The shell completions and the manual page follow the declared command line: an
/// option that is declared but not completed, or not documented, fails here.
@Suite struct CompletionAndManualTests {
  let runner: CommandRunner

  init() throws {
    runner = try CommandRunner()
  }

  /// `parlance __completions list`: each command line (`parlance` for the window) and its
  /// declared options and flags.
  func declared() throws -> [(name: String, switches: [String])] {
    let output = try runner.run(["__completions", "list"])
    #expect(output.status == 0)
    return output.stdout.split(separator: "\n").map { line in
      let words = line.split(separator: " ").map(String.init)
      return (words[0], Array(words.dropFirst()))
    }
  }

  /// Every line of `parlance --help`, without `usage: ` and the indentation.
  func usageLines() throws -> [String] {
    try runner.run(["--help"]).stdout.split(separator: "\n").map {
      String($0.trimmingPrefix("usage: ").drop { $0 == " " })
    }
  }

  /// The options of the usage lines are those the completions list, command by command:
  /// none shown that is not declared, none declared that no usage line shows.
  @Test func completionsListWhatTheUsageShows() throws {
    let declared = try declared()
    var shown: [String: Set<String>] = [:]
    for line in try usageLines() {
      let words = line.split(separator: " ").map(String.init)
      let name =
        words.count > 1 && !words[1].hasPrefix("[") && !words[1].hasPrefix("-")
          && words[1] == words[1].lowercased() ? words[1] : "parlance"
      let switches = words.compactMap { word -> String? in
        let bare = word.filter { $0 != "[" && $0 != "]" }
        return bare.hasPrefix("--") ? String(bare.prefix { $0 != "=" }) : nil
      }
      let listed = try #require(declared.first { $0.name == name }, "\(name)")
      for option in switches {
        #expect(listed.switches.contains(option), "\(name) \(option)")
      }
      shown[name, default: []].formUnion(switches)
    }
    for (name, switches) in declared {
      for option in switches {
        #expect(shown[name]?.contains(option) == true, "no usage line shows \(name) \(option)")
      }
    }
    #expect(declared.map(\.name).contains("help"))
  }

  /// bash: each declared option is offered in its subcommand's branch.
  @Test func bashCompletesEveryDeclaredOption() throws {
    let script = try runner.run(["__completions", "bash"]).stdout
    for (name, switches) in try declared() {
      let branch = try #require(
        Self.branch(of: script, pattern: name == "parlance" ? "*" : name), "\(name)")
      for option in switches {
        #expect(
          branch.contains(" \(option)") || branch.contains("\"\(option)"), "\(name) \(option)")
      }
    }
  }

  /// zsh: each declared option has an `_arguments` spec in its subcommand's branch.
  @Test func zshCompletesEveryDeclaredOption() throws {
    let script = try runner.run(["__completions", "zsh"]).stdout
    for (name, switches) in try declared() {
      let branch = try #require(
        Self.branch(of: script, pattern: name == "parlance" ? "*" : name), "\(name)")
      for option in switches {
        #expect(
          branch.contains("'\(option)") || branch.contains("'*\(option)"), "\(name) \(option)")
      }
    }
  }

  /// fish: each declared option has a `complete` line under its subcommand's condition.
  @Test func fishCompletesEveryDeclaredOption() throws {
    let script = try runner.run(["__completions", "fish"]).stdout
    for (name, switches) in try declared() {
      let condition = "__parlance_using \(name == "parlance" ? "\"\"" : name)' -l "
      for option in switches {
        #expect(
          script.contains(condition + option.dropFirst(2) + " ")
            || script.contains(condition + option.dropFirst(2) + "\n"),
          "\(name) \(option)")
      }
    }
  }

  /// The lines of a `case` branch (`    string)` up to its `;;`) of a generated script.
  static func branch(of script: String, pattern: String) -> String? {
    let lines = script.components(separatedBy: "\n")
    // After `case $command in`: the helper functions before it have `case` branches too.
    guard let cases = lines.firstIndex(of: "  case $command in"),
      let start = lines[cases...].firstIndex(of: "    \(pattern))")
    else { return nil }
    let end = lines[start...].firstIndex { $0.hasSuffix(";;") && $0.hasPrefix("      ;;") }
    return lines[start..<(end ?? lines.endIndex)].joined(separator: "\n")
  }

  static let manual = CommandRunner.packageRoot.appendingPathComponent("data/parlance.1")

  /// Each usage line of `parlance --help` is in the manual's synopsis as it is, and each
  /// synopsis line of a subcommand is one of them.
  @Test func manualSynopsisIsTheUsage() throws {
    let synopsis = try Self.synopsis()
    let usage = try usageLines()
    for line in usage {
      #expect(synopsis.contains(line), "not in the manual's synopsis: \(line)")
    }
    for line in synopsis where line.hasPrefix("parlance ") {
      let second = line.split(separator: " ")[1]
      guard second.first?.isLowercase == true else { continue }
      #expect(usage.contains(line), "the manual's synopsis has: \(line)")
    }
  }

  /// Each declared option appears in the manual, in its subcommand's section.
  @Test func manualDocumentsEveryDeclaredOption() throws {
    let text = try String(contentsOf: Self.manual, encoding: .utf8)
      .replacingOccurrences(of: "\\-", with: "-")
    for (name, switches) in try declared() {
      let section = Self.section(of: text, command: name)
      #expect(!section.isEmpty, "no section for \(name)")
      for option in switches {
        #expect(
          section.contains(
            try Regex(NSRegularExpression.escapedPattern(for: option) + #"(?![-\w])"#)),
          "\(name): \(option)")
      }
    }
  }

  /// The text under `.SS "parlance NAME …"` headings, or `.SH THE WINDOW` for `parlance`.
  static func section(of text: String, command: String) -> String {
    var parts: [Substring] = []
    var inside = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix(".SS") || line.hasPrefix(".SH") {
        inside =
          command == "parlance"
          ? line == ".SH THE WINDOW"
          : line.hasPrefix(".SS \"parlance \(command) ") || line == ".SS \"parlance \(command)\""
      }
      if inside { parts.append(line) }
    }
    return parts.joined(separator: "\n")
  }

  /// The synopsis as plain lines: roff's alternating-font macros joined, `.br` a new line.
  static func synopsis() throws -> [String] {
    let text = try String(contentsOf: manual, encoding: .utf8)
    var lines: [String] = []
    var current: [String] = []
    var inside = false
    for line in text.split(separator: "\n") {
      if line.hasPrefix(".SH") {
        inside = line == ".SH SYNOPSIS"
        continue
      }
      guard inside else { continue }
      if line == ".br" {
        lines.append(current.joined(separator: " "))
        current = []
        continue
      }
      current.append(Self.plain(String(line)))
    }
    if !current.isEmpty { lines.append(current.joined(separator: " ")) }
    return lines
  }

  /// `.RB [ \-\-arg` → `[--arg`; `.IR NAME = VALUE ]...` → `NAME=VALUE]...`.
  static func plain(_ line: String) -> String {
    var words: [String] = []
    var word = ""
    var quoted = false
    for character in line.replacingOccurrences(of: "\\-", with: "-") {
      if character == "\"" {
        quoted.toggle()
      } else if character == " " && !quoted {
        if !word.isEmpty { words.append(word) }
        word = ""
      } else {
        word.append(character)
      }
    }
    if !word.isEmpty { words.append(word) }
    guard let macro = words.first, macro.hasPrefix(".") else { return words.joined(separator: " ") }
    let arguments = words.dropFirst()
    // `.B` and `.I` keep their spaces; the alternating macros join their arguments.
    return [".B", ".I"].contains(macro)
      ? arguments.joined(separator: " ") : arguments.joined()
  }
}
