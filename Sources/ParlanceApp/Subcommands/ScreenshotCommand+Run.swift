import Foundation
import Parlance
import ParlanceGtk
import ParlanceLive
import ParlanceUI

extension ScreenshotCommand {
  /// `parlance screenshot --run --out DIR [--languages all|L1,L2] [--steps FILE]
  /// [--annotate] PROGRAM [ARGS...]`: starts the program once with the live module,
  /// switches it to each language in turn, photographs every window it shows and makes
  /// the steps (photographing at each `shot`), then ends it.
  static func runProgram(out: String, _ arguments: ParsedArguments) throws -> ExitStatus {
    for option in [
      ui.declaration, size.declaration, CommonOptions.translations.declaration,
      CommonOptions.resources.declaration, noPseudoLocales.declaration,
      CommonOptions.object.declaration, CommonOptions.po.declaration,
      CommonOptions.gettextDomain.declaration, CommonOptions.localeDir.declaration,
    ]
    where arguments.isGiven(option) {
      throw arguments.usageError("\(option.name) is not for --run")
    }
    guard let name = arguments[program] else { throw arguments.usageError("missing PROGRAM") }
    let command = [name] + arguments[programArguments]
    let requested = arguments[languages]?.tags
    let walk: LiveSteps?
    do throws(LiveSteps.Failure) {
      walk = try arguments[steps].map { file throws(LiveSteps.Failure) in
        try LiveSteps(contentsOf: file.path)
      }
    } catch {
      standardError(error.description)
      return .failure
    }
    let directory = URL(fileURLWithPath: out, isDirectory: true)
    return try MainActor.assumeIsolated { () throws -> ExitStatus in
      let started: StartedProgram
      // The contact sheet is laid out by GTK in this process: its display opened while
      // the program starts.
      var displayed: Bool?
      do throws(StartedProgram.Failure) {
        started = try StartedProgram(
          command, parlance: ResourceLocator.runningExecutable(), language: requested?.first,
          meanwhile: { displayed = MainActor.assumeIsolated { Gtk.initialize() } })
      } catch {
        // Without a display the program cannot start either: that is the reason to give.
        throw CommandFailure(
          message: displayed == false
            ? ScreenshotSession.Failure.noDisplay.description : error.description)
      }
      defer { started.stop() }
      guard displayed == true else {
        throw CommandFailure(message: ScreenshotSession.Failure.noDisplay.description)
      }
      do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      } catch {
        throw CommandFailure(message: "cannot write '\(out)': \(error.localizedDescription)")
      }
      let shots: [ScreenshotSession.Shot]
      do throws(LiveSwitch.Failure) {
        var index = 0
        shots = try LiveScreenshots.capture(
          started, languages: requested, steps: walk, into: directory
        ) { language, files in
          index += 1
          print("[\(index)] \(language): " + files.map(\.path).joined(separator: ", "))
        }
      } catch {
        throw CommandFailure(message: error.description)
      }
      // Every picture is taken: the program ends while the report and sheet are written.
      started.askToEnd()
      do throws(ScreenshotSession.Failure) {
        try ScreenshotSession.writeSummary(
          of: shots, report: ScreenshotReport(program: command.joined(separator: " ")),
          into: directory)
        if arguments[annotate] {
          try ScreenshotSession.writeAnnotated(
            shots, into: directory.appendingPathComponent("annotated"))
        }
      } catch {
        throw CommandFailure(message: error.description)
      }
      print("report: \(directory.appendingPathComponent("report.md").path)")
      print("contact sheet: \(directory.appendingPathComponent("contact-sheet.png").path)")
      return .success
    }
  }
}
