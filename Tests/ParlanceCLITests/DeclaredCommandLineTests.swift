import Foundation
import Testing

/// The command line as each subcommand declares it: the errors, the help and the usage
/// lines a user sees, all generated from the same declarations.
@Suite(.serialized) struct DeclaredCommandLineTests {
  let runner: CommandRunner

  init() throws {
    runner = try CommandRunner()
  }

  static let stringUsage =
    "usage: parlance string KEY [--table T] [--context C] [--language TAG] [--count N] "
    + "[--plural TEXT] [--arg NAME=VALUE]... [--resources DIR] [--gettext-domain DOMAIN]... "
    + "[--locale-dir DIR]... [--json]"
  static let languagesUsage =
    "usage: parlance languages [--resources DIR] [--gettext-domain DOMAIN]... "
    + "[--locale-dir DIR]... [--json]"

  /// Each bad command line: the message, then the subcommand's usage line, exit status 2.
  @Test(arguments: [
    (["string", "greeting", "--count", "x"], "--count expects an integer, got 'x'", stringUsage),
    (["string", "greeting", "--count=2.5"], "--count expects an integer, got '2.5'", stringUsage),
    (["string", "greeting", "--arg", "name"], "--arg expects NAME=VALUE, got 'name'", stringUsage),
    (["languages", "--bogus"], "unknown option '--bogus'", languagesUsage),
    (["string", "greeting", "--table"], "option '--table' needs a value", stringUsage),
    (["languages", "--json=yes"], "option '--json' takes no value", languagesUsage),
    (["string"], "missing KEY", stringUsage),
    (["string", "greeting", "extra"], "unexpected argument 'extra'", stringUsage),
    (["languages", "de"], "unexpected argument 'de'", languagesUsage),
    (["string", "greeting", "--language=../x"], "invalid language tag '../x'", stringUsage),
    (
      ["set-language"], "missing TAG|system",
      "usage: parlance set-language TAG|system [--resources DIR]"
    ),
    (
      ["negotiate", "--available", "en"], "missing --requested",
      "usage: parlance negotiate --requested L1,L2 --available A,B,C [--default D] [--explain]"
    ),
  ])
  func badUsageSaysWhyThenTheUsageLine(
    _ arguments: [String], _ message: String, _ usage: String
  ) throws {
    let output = try runner.run(arguments)
    #expect(output.status == 2)
    #expect(output.stdout == "")
    #expect(output.stderr.hasPrefix("parlance: error: \(message)"))
    #expect(output.stderr.hasSuffix("\n\(usage)\n"))
    #expect(output.stderr.split(separator: "\n").count == 2)
  }

  @Test func screenshotSizeIsCheckedWhenParsed() throws {
    let output = try runner.run(["screenshot", "--out", "shots", "--size", "10x10"])
    #expect(output.status == 2)
    #expect(
      output.stderr.hasPrefix(
        "parlance: error: --size expects WIDTHxHEIGHT between 200 and 4000, got '10x10'\n"
          + "usage: parlance screenshot --out DIR"))
  }

  @Test(arguments: ["string", "languages", "negotiate", "set-language", "lint", "screenshot"])
  func helpSubcommandIsSubcommandHelp(_ name: String) throws {
    let help = try runner.run(["help", name])
    let flag = try runner.run([name, "--help"])
    #expect(help.status == 0)
    #expect(flag.status == 0)
    #expect(help.stdout == flag.stdout)
    #expect(help.stdout.hasPrefix("usage: parlance \(name) "))
    #expect(help.stderr == "")
  }

  @Test func helpOfStringIsItsUsageLine() throws {
    let output = try runner.run(["help", "string"])
    #expect(output.stdout == Self.stringUsage + "\n")
  }

  @Test func helpOfAnUnknownSubcommandIsBadUsage() throws {
    let output = try runner.run(["help", "frobnicate"])
    #expect(output.status == 2)
    #expect(output.stderr.hasPrefix("parlance: error: unknown subcommand 'frobnicate'\nusage: "))
  }

  /// `parlance --help` lists every subcommand, each line as its own `--help` prints it.
  @Test func overallHelpListsEachSubcommandsUsage() throws {
    let overall = try runner.run(["--help"])
    #expect(overall.status == 0)
    let lines = overall.stdout.split(separator: "\n").map {
      String($0.trimmingPrefix("usage: ").drop { $0 == " " })
    }
    let window =
      "parlance [--language TAG] [--resources DIR] [--translations DIR] [--translator] "
      + "[--show-keys]"
    #expect(lines.first == window)
    for name in ["string", "languages", "negotiate", "set-language", "lint", "ui-strings"] {
      // Each of its usage lines (ui-strings has two), aligned under the first.
      let own = try runner.run([name, "--help"]).stdout.split(separator: "\n").map {
        String($0.trimmingPrefix("usage: ").drop { $0 == " " })
      }
      #expect(!own.isEmpty && own.allSatisfy { lines.contains($0) }, "\(name)")
    }
    #expect(lines.contains("parlance help [SUBCOMMAND]"))
  }

  /// After `--`, everything is a positional, even `--help` and `--json`.
  @Test(arguments: ["--help", "--json"])
  func doubleDashEndsTheOptions(_ key: String) throws {
    let output = try runner.run(["string", "--language", "de", "--", key])
    #expect(output.status == 1)
    #expect(output.stdout == key + "\n")
    #expect(output.stderr.contains("missing key '\(key)'"))
  }

  @Test func doubleDashThenTooManyPositionals() throws {
    let output = try runner.run(["string", "--", "a", "--b"])
    #expect(output.status == 2)
    #expect(output.stderr.hasPrefix("parlance: error: unexpected argument '--b'\n"))
  }

  /// `--arg` adds a value each time it is given (the last of a name wins), in both spellings.
  @Test func repeatedArgFillsEachPlaceholder() throws {
    let output = try runner.run([
      "string", "message.arrival", "--language", "en", "--arg=name=Anna", "--arg", "city=Rome",
      "--arg", "day=Monday", "--arg", "city=Kraków",
    ])
    #expect(output.status == 0)
    #expect(output.stdout.contains("Anna"))
    #expect(output.stdout.contains("Kraków"))
    #expect(!output.stdout.contains("Rome"))
    #expect(output.stdout.contains("Monday"))
  }

  /// `--language` is a language tag, in BCP 47 or POSIX spelling.
  @Test(arguments: [("zh_CN.UTF-8", "你好！"), ("de-AT", "Hallo!"), ("sr_RS@latin", "Hello!")])
  func languageIsParsedAsATag(_ text: String, _ greeting: String) throws {
    let output = try runner.run(["string", "greeting", "--language", text])
    #expect(output.status == 0)
    #expect(output.stdout == greeting + "\n")
  }

  @Test func countIsAnInteger() throws {
    let output = try runner.run([
      "string", "files.count", "--count", "22", "--language", "pl",
    ])
    #expect(output.status == 0)
    #expect(output.stdout == "22 pliki\n")
  }
}
