import Foundation
import Parlance
import ParlanceUI

/// `parlance` without a subcommand: the window. Without a display, the same languages
/// are shown in the terminal instead, with a hint at `make run`.
enum WindowCommand: Subcommand {
  static let name = ""
  static let usage =
    "parlance [--language TAG] [--resources DIR] [--translations DIR] [--translator] [--show-keys]"
  static let options: Set<String> = ["--language", "--resources", "--translations"]
  static let flags: Set<String> = ["--translator", "--show-keys"]

  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    _ = try arguments.positionals()
    var trace = StartupTrace(
      environment: ProcessInfo.processInfo.environment, mainStarted: mainStarted)
    // The catalogs load while GTK starts: a start pays for the longer of the two.
    let (opened, (localizer, localizerReady)) = try MainActor.assumeIsolated {
      try ParlanceApplication.openDisplay {
        (try ResourceLocator.localizer(arguments), StartupTrace.now())
      }
    }
    trace?.localizerReady = localizerReady
    trace?.displayOpen = StartupTrace.now()
    guard opened else {
      standardError(
        "parlance: no display; showing the languages in the terminal instead "
          + "(`make run` photographs the window under Xvfb)")
      return try OverviewCommand.show(localizer)
    }
    let translations = arguments.value("--translations").map {
      URL(fileURLWithPath: $0, isDirectory: true)
    }
    let resources = ResourceLocator.resourceFolders(arguments)[0]
    let status = MainActor.assumeIsolated {
      ParlanceApplication.run(
        localizer: localizer, translations: translations,
        translatorMode: arguments.has("--translator"), showsKeys: arguments.has("--show-keys"),
        openInterface: { file, failed in
          InterfaceLauncher.open(file, localizer: localizer, resources: resources, failed: failed)
        }, startupTrace: trace)
    }
    return status == 0 ? .success : .failure
  }
}
