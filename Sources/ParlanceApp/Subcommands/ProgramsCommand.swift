import Parlance
import ParlanceGtk
import ParlanceLive

/// `parlance programs [--pid PID] [--program NAME] [--report [--to TAG]] [--json]`: the
/// programs started with `parlance run` that are running, each with its text domains,
/// the language it shows and those it has; with `--report`, what one of them shows that
/// a switch cannot reach, and why.
enum ProgramsCommand: Subcommand {
  static let report = Flag("--report")
  static let target = Option<LanguageTag>("--to", "TAG")

  /// `parlance programs [--pid PID] [--program NAME] [--report [--to TAG]] [--json]`.
  static let signature = CommandSignature(
    "programs", SwitchCommand.pid, SwitchCommand.program, report, target, CommonOptions.json)

  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    let pid = arguments[SwitchCommand.pid]
    let name = arguments[SwitchCommand.program]
    if arguments[report] {
      let program = try select(pid: pid, program: name, all: false, usage: arguments.usage)[0]
      return try reportOn(program, to: arguments[target], json: arguments[CommonOptions.json])
    }
    if arguments[target] != nil {
      throw UsageError(message: "--to goes with --report", usage: arguments.usage)
    }
    let programs: [LiveBus.Program]
    if pid != nil || name != nil {
      programs = try select(pid: pid, program: name, all: true, usage: arguments.usage)
    } else {
      do {
        programs = try LiveBus.programs()
      } catch {
        throw CommandFailure(message: error.description)
      }
    }
    let rows = programs.map { program in
      let catalogs = try? ProgramCatalogs(
        catalogPaths: program.catalogs, textDomain: program.textDomain,
        textDomainDirectory: program.textDomainDirectory)
      return (
        program: program, domains: catalogs?.domains ?? [],
        language: catalogs?.shownLanguage(gettextLanguages: program.languages),
        languages: catalogs?.languages ?? []
      )
    }
    if arguments[CommonOptions.json] {
      print(
        JSONOutput.array(
          rows.map { row in
            .object([
              ("pid", .number(Double(row.program.pid))),
              ("program", .string(row.program.name)),
              ("busName", .string(row.program.busName)),
              ("language", row.language.map { .string($0.identifier) } ?? .null),
              ("gettextLanguages", .array(row.program.languages.map { .string($0) })),
              ("domains", .array(row.domains.map { .string($0) })),
              ("languages", .array(row.languages.map { .string($0.identifier) })),
            ])
          }))
      return .success
    }
    if rows.isEmpty {
      print("No program started with `parlance run` is running.")
      return .success
    }
    for row in rows {
      let languages = row.languages.map(\.identifier)
      print(
        "\(row.program.pid)  \(row.program.name)  \(row.language?.identifier ?? "?")  "
          + "domains: \(row.domains.joined(separator: ", "))  "
          + "\(languages.count) languages: \(languages.joined(separator: " "))")
    }
    return .success
  }

  /// The programs `--pid`, `--program` or `--all` name; with none of them, the one
  /// program running.
  ///
  /// - Throws: `UsageError` when none or several match without `--all`; `CommandFailure`
  ///   when there is no session bus.
  static func select(pid: Int64?, program: String?, all: Bool, usage: String) throws
    -> [LiveBus.Program]
  {
    let programs: [LiveBus.Program]
    do {
      programs = try LiveBus.programs()
    } catch {
      throw CommandFailure(message: error.description)
    }
    let running = programs.map { "\($0.name) (pid \($0.pid))" }.joined(separator: ", ")
    var chosen = programs
    if let pid { chosen = chosen.filter { $0.pid == Int(pid) } }
    if let program { chosen = chosen.filter { $0.name == program } }
    if chosen.isEmpty {
      guard !programs.isEmpty else {
        throw CommandFailure(
          message: "no program started with `parlance run` is running (or answering)")
      }
      let what = [pid.map { "pid \($0)" }, program.map { "'\($0)'" }].compactMap { $0 }
      throw CommandFailure(
        message: "no program started with `parlance run` is \(what.joined(separator: " and "))"
          + " (running: \(running))")
    }
    if chosen.count > 1, !all {
      throw UsageError(
        message: "\(chosen.count) programs are running (\(running)): name one with --pid "
          + "or --program, or give --all", usage: usage)
    }
    return chosen
  }

  /// `--report`: the texts of `program` a switch to `target` leaves, and those that
  /// read as another language than the one it shows.
  static func reportOn(_ program: LiveBus.Program, to target: LanguageTag?, json: Bool) throws
    -> ExitStatus
  {
    let report: LiveReport
    do {
      report = try LiveReport.run(program, to: target)
    } catch {
      throw CommandFailure(message: error.description)
    }
    if json {
      print(
        JSONOutput.object([
          ("pid", .number(Double(program.pid))), ("program", .string(program.name)),
          ("language", .string(report.language.identifier)),
          ("to", .string(report.target.identifier)), ("texts", .number(Double(report.count))),
          ("notFromCatalogs", .number(Double(report.notFromCatalogs))),
          (
            "left",
            .array(
              report.entries.map { entry in
                var fields: [(String, JSONOutput)] = [
                  ("text", .string(entry.text.text)), ("class", .string(entry.text.className)),
                  ("property", .string(entry.text.property)),
                  ("reason", .string(describe(entry.reason, shown: report.language))),
                ]
                switch entry.reason {
                case .otherLanguage(let language), .setAgain(let language?),
                  .otherLanguageInPart(let language, _):
                  fields.append(("language", .string(language.identifier)))
                default: break
                }
                return .object(fields)
              })
          ),
        ]))
      return .success
    }
    print(
      "\(program.name) (pid \(program.pid)) shows \(report.language): of its \(report.count) "
        + "texts, a switch to \(report.target) leaves \(report.entries.count) "
        + "(\(report.notFromCatalogs) more are no catalog's: they read the same in every "
        + "language)")
    let lines = report.entries.map { entry in
      "  \(JSONOutput.quote(entry.text.text)) (\(entry.text.className) "
        + "\(entry.text.property)): \(describe(entry.reason, shown: report.language))"
    }
    for line in counted(lines) { print(line) }
    return .success
  }

  /// `lines` in their order, each once, with how many times it came when more than once:
  /// a menu shows one text in many places.
  static func counted(_ lines: [String]) -> [String] {
    var counts: [String: Int] = [:]
    var order: [String] = []
    for line in lines {
      if counts[line] == nil { order.append(line) }
      counts[line, default: 0] += 1
    }
    return order.map { line in
      let count = counts[line, default: 1]
      return count > 1 ? "\(line) (×\(count))" : line
    }
  }

  /// Why a text of a report is listed, for a person.
  static func describe(_ reason: LiveReport.Reason, shown: LanguageTag) -> String {
    switch reason {
    case .unresolved(let unresolved): describe(unresolved)
    case .setAgain(let language?):
      "the program set it again in \(language) after a switch: it keeps its own copy (in "
        + "its data, a cache or Python's gettext)"
    case .setAgain(nil):
      "the program set it again after a switch, from a copy of its own (its data, a cache "
        + "or Python's gettext)"
    case .otherLanguage(let language):
      "reads as \(language), not \(shown): left by an earlier switch, or kept by the program"
    case .otherLanguageInPart(let language, let piece):
      "\(JSONOutput.quote(piece)) in it reads as \(language), not \(shown): the program made "
        + "it with a text of its own copy (translated once, or kept in its data)"
    }
  }

  /// Why a text was left, for a person.
  static func describe(_ reason: Retranslator.Unresolved) -> String {
    switch reason {
    case .unknown: "no message of the program's catalogs shows it"
    case .ambiguous(let candidates):
      "\(candidates.count) messages show it, with different translations ("
        + candidates.prefix(3).map { JSONOutput.quote($0.match.msgid) }.joined(separator: ", ")
        + ")"
    case .sharedColumn: "a row of a list that also holds texts no catalog has"
    case .ownModel: "a row of a list the program keeps itself, which only it can set"
    case .cannotRender(let message):
      "its message \(JSONOutput.quote(message.match.msgid)) cannot be made in the language"
    }
  }
}
