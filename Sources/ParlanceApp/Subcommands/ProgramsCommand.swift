import Parlance
import ParlanceGtk
import ParlanceLive

/// `parlance programs [--json]`: the programs started with `parlance run` that are
/// running, each with its text domains, the language it shows and those it has.
enum ProgramsCommand: Subcommand {
  /// `parlance programs [--json]`.
  static let signature = CommandSignature("programs", CommonOptions.json)

  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    let programs: [LiveBus.Program]
    do {
      programs = try LiveBus.programs()
    } catch {
      throw CommandFailure(message: error.description)
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

  /// Why a text was left, for a person.
  static func describe(_ reason: Retranslator.Unresolved) -> String {
    switch reason {
    case .unknown: "no message of the program's catalogs shows it"
    case .ambiguous(let candidates):
      "\(candidates.count) messages show it, with different translations ("
        + candidates.prefix(3).map { JSONOutput.quote($0.match.msgid) }.joined(separator: ", ")
        + ")"
    case .sharedColumn: "a row of a list that also holds texts no catalog has"
    case .cannotRender(let message):
      "its message \(JSONOutput.quote(message.match.msgid)) cannot be made in the language"
    }
  }
}
