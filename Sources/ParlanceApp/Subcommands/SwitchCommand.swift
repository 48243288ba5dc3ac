import Parlance
import ParlanceGtk
import ParlanceLive

/// `parlance switch TAG|system [--pid PID] [--program NAME] [--all] [--json]`: switches
/// programs started with `parlance run` to another language while they run, and
/// remembers the choice for each program's next `parlance run`.
enum SwitchCommand: Subcommand {
  static let choice = Positional<LanguagePreference>("TAG|system")
  static let pid = Option<Int64>("--pid", "PID")
  static let program = Option<String>("--program", "NAME")
  static let all = Flag("--all")

  /// `parlance switch TAG|system [--pid PID] [--program NAME] [--all] [--json]`.
  static let signature = CommandSignature(
    "switch", choice, pid, program, all, CommonOptions.json)

  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    let preference = try arguments.value(choice)
    let chosen = try ProgramsCommand.select(
      pid: arguments[pid], program: arguments[program], all: arguments[all],
      usage: arguments.usage)
    var failed = false
    var reports: [JSONOutput] = []
    for target in chosen {
      do {
        let outcome = try LiveSwitch.run(target, to: preference)
        ProgramChoices().remember(preference, for: target.name)
        reports.append(report(outcome))
        if !arguments[CommonOptions.json] { print(summary(outcome)) }
      } catch {
        failed = true
        standardError("parlance: error: \(error.description)")
      }
    }
    if arguments[CommonOptions.json] { print(JSONOutput.array(reports)) }
    return failed ? .failure : .success
  }

  /// `mousepad (pid 4242): de → fr, 1203 texts set, 2 left, 40 not from its catalogs`,
  /// then each text left, once with its count (texts no catalog has, a file name or a
  /// number, are not listed: they read the same in every language).
  static func summary(_ outcome: LiveSwitch.Outcome) -> String {
    let foreign = outcome.left.filter { $0.reason == .unknown }
    let left = outcome.left.filter { $0.reason != .unknown }
    var lines = [
      "\(outcome.program.name) (pid \(outcome.program.pid)): \(outcome.from) → \(outcome.to), "
        + "\(outcome.applied) \(outcome.applied == 1 ? "text" : "texts") set, \(left.count) left, "
        + "\(foreign.count + outcome.kept) not from its catalogs"
    ]
    lines += ProgramsCommand.counted(
      left.map { text, reason in
        "  \(JSONOutput.quote(text.text)) (\(text.className) \(text.property)): "
          + ProgramsCommand.describe(reason)
      })
    return lines.joined(separator: "\n")
  }

  static func report(_ outcome: LiveSwitch.Outcome) -> JSONOutput {
    .object([
      ("pid", .number(Double(outcome.program.pid))),
      ("program", .string(outcome.program.name)),
      ("from", .string(outcome.from.identifier)),
      ("to", .string(outcome.to.identifier)),
      ("applied", .number(Double(outcome.applied))),
      ("kept", .number(Double(outcome.kept))),
      ("decided", .number(Double(outcome.decided))),
      (
        "left",
        .array(
          outcome.left.map { text, reason in
            .object([
              ("text", .string(text.text)), ("class", .string(text.className)),
              ("property", .string(text.property)),
              ("reason", .string(ProgramsCommand.describe(reason))),
            ])
          })
      ),
    ])
  }
}
