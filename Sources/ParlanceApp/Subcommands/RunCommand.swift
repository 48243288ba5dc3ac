import Foundation
import Parlance
import ParlanceLive

/// `parlance run [--language TAG] PROGRAM [ARGS...]`: starts a GTK 3 program that can be
/// switched live (`parlance switch`), in TAG, in the language chosen for it last, or in
/// the user's. Replaces itself with the program, as `env` does: the pid is the program's.
enum RunCommand: Subcommand {
  /// The program, as `PATH` finds it, or a path.
  static let program = Positional<String>("PROGRAM")
  /// Its own arguments, options included.
  static let programArguments = Positionals<String>("ARGS", atLeastOne: false)

  /// `parlance run [--language TAG] PROGRAM [ARGS...]`.
  static let signature: CommandSignature = {
    var signature = CommandSignature("run", CommonOptions.language, program, programArguments)
    signature.optionsEndAtFirstPositional = true
    return signature
  }()

  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    let name = try arguments.value(program)
    let environment = ProcessEnvironment.variables()
    guard let file = LiveLauncher.resolve(name, environment: environment) else {
      throw CommandFailure(message: "cannot find the program '\(name)'")
    }
    guard
      let module = LiveLauncher.module(
        besideExecutable: ResourceLocator.runningExecutable(), environment: environment)
    else {
      throw CommandFailure(
        message: "Parlance's GTK module (\(LiveLauncher.moduleName)) is not installed beside "
          + "parlance: build it with `make module`, or set PARLANCE_LIVE_MODULE")
    }
    var language = arguments[CommonOptions.language]
    if language == nil {
      let stored = ProgramChoices(environment: environment).store(for: file.lastPathComponent)
        .load()
      if let warning = stored.warning { standardError("parlance: warning: \(warning)") }
      if case .pinned(let tag) = stored.preference { language = tag }
    }
    if let warning = LiveLauncher.toolkitWarning(for: file) {
      standardError("parlance: warning: \(warning)")
    }
    let locale = LiveLauncher.englishLocale()
    if let warning = locale.warning { standardError("parlance: warning: \(warning)") }
    let launcher = LiveLauncher(module: module, language: language)
    let started = launcher.environment(
      from: environment, pid: getpid(), messagesLocale: locale.name)
    let failure = LiveLauncher.exec(
      file, name: name, arguments: arguments[programArguments], environment: started)
    throw CommandFailure(message: "cannot start \(file.path): \(failure)")
  }
}
