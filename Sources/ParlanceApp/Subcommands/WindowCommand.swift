import Foundation
import Parlance
import ParlanceUI
import ParlanceWindow

/// `parlance` without a subcommand: the window. Without a display, the same languages
/// are shown in the terminal instead, with a hint at `make run`.
enum WindowCommand: Subcommand {
  /// `parlance [--language TAG] [--resources DIR] [--translations DIR] [--translator]
  /// [--show-keys]`.
  static let signature = CommandSignature(
    "", CommonOptions.language, CommonOptions.resources, CommonOptions.translations,
    CommonOptions.translator, CommonOptions.showKeys)

  /// Opens the window, or shows the languages in the terminal without a display.
  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    var trace = StartupTrace(
      environment: ProcessInfo.processInfo.environment, mainStarted: mainStarted)
    let folders = ResourceLocator.resourceFolders(arguments)
    let language = arguments[CommonOptions.language]
    // The catalogs load while GTK starts (a start pays for the longer of the two), and the
    // first render's texts are resolved there too.
    let (opened, (localizer, localizerReady)) = try MainActor.assumeIsolated {
      try ParlanceApplication.openDisplay {
        let localizer = try ResourceLocator.localizer(resources: folders, language: language)
        let ready = StartupTrace.now()
        WindowController.prepareFirstRender(of: localizer)
        return (localizer, ready)
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
    let translations = arguments[CommonOptions.translations]?.url
    let resources = folders[0]
    let status = MainActor.assumeIsolated {
      ParlanceApplication.run(
        localizer: localizer, translations: translations,
        translatorMode: arguments[CommonOptions.translator],
        showsKeys: arguments[CommonOptions.showKeys],
        openInterface: { file, failed in
          InterfaceLauncher.open(file, localizer: localizer, resources: resources, failed: failed)
        }, programs: LivePrograms.switching(), startupTrace: trace)
    }
    return status == 0 ? .success : .failure
  }
}
