import Foundation
import Parlance
import ParlanceGtk

#if canImport(Glibc)
  import Glibc
#endif

/// A GTK 3 program started by Parlance to be read or photographed (`ui-strings --run`,
/// `screenshot --run`): `parlance run` as a child process, so that it has the module and
/// the environment a live switch needs, ended when the work is done.
///
/// The program writes its own output to this process's standard error: standard output
/// stays the command's (`--json`).
public final class StartedProgram {
  /// The program as it describes itself on the bus.
  public private(set) var program: LiveBus.Program
  private let process: Process

  /// Why a program could not be started or read.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    /// What went wrong, naming the program.
    public let description: String
  }

  /// Starts `command` (a program as `PATH` finds it, and its arguments) with `parlance`
  /// (the executable of this process, whose `run` loads the module) in `language` (nil:
  /// the language chosen for it last, or the user's), and waits until it is on the bus.
  ///
  /// `meanwhile` runs once the program is started and before it is awaited: what the
  /// caller sets up for itself (a display of its own), on the other core while the
  /// program starts.
  ///
  /// - Throws: `Failure` when it cannot be started, ends first, or does not appear
  ///   within `timeout` (it is ended then).
  public init(
    _ command: [String], parlance: URL, language: LanguageTag?,
    timeout: Duration = .seconds(30), meanwhile: () -> Void = {}
  ) throws(Failure) {
    guard let name = command.first else { throw Failure(description: "no program to start") }
    if let file = LiveLauncher.resolve(name), let warning = LiveLauncher.toolkitWarning(for: file) {
      throw Failure(description: warning)
    }
    let process = Process()
    process.executableURL = parlance
    process.arguments =
      ["run"] + (language.map { ["--language", $0.identifier] } ?? []) + command
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.standardError
    do {
      try process.run()
    } catch {
      throw Failure(description: "cannot start \(name): \(error.localizedDescription)")
    }
    self.process = process
    meanwhile()
    do {
      program = try LiveBus.await(pid: process.processIdentifier, timeout: timeout)
    } catch {
      Self.end(process)
      // A GtkApplication hands its windows to the copy already running, then ends.
      let hint =
        process.isRunning || process.terminationStatus != 0
        ? ""
        : " (a program that is already running hands its windows to that copy and ends: "
          + "close it first)"
      throw Failure(description: "\(name): \(error.description)\(hint)")
    }
  }

  /// The program as it describes itself now (after a switch: its languages).
  public func describe() throws(Failure) -> LiveBus.Program {
    let programs: [LiveBus.Program]
    do {
      programs = try LiveBus.programs()
    } catch {
      throw Failure(description: "\(program.name): \(error.description)")
    }
    guard let now = programs.first(where: { $0.pid == program.pid }) else {
      throw Failure(description: "\(program.name) (pid \(program.pid)) has ended")
    }
    program = now
    return now
  }

  /// Asks the program to end (SIGTERM) and returns at once: its shutdown runs beside the
  /// caller's last work, and `stop()` waits for it.
  public func askToEnd() {
    if process.isRunning { process.terminate() }
  }

  /// Ends the program: asked to (SIGTERM), then made to (SIGKILL) when it has not ended
  /// within five seconds.
  public func stop() {
    Self.end(process)
  }

  deinit { Self.end(process) }

  private static func end(_ process: Process) {
    guard process.isRunning else { return }
    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    // The handler may be set after the process ended and never be called.
    guard process.isRunning else { return }
    process.terminate()
    if ended.wait(timeout: .now() + 5) == .timedOut {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }
}
