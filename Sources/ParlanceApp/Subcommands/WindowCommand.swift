import Foundation
import Parlance
import ParlanceUI

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
    let localizer = try ResourceLocator.localizer(arguments)
    let opened = MainActor.assumeIsolated { ParlanceApplication.openDisplay() }
    guard opened else {
      standardError(
        "parlance: no display; showing the languages in the terminal instead "
          + "(`make run` photographs the window under Xvfb)")
      return try OverviewCommand.show(localizer)
    }
    let translations = arguments[CommonOptions.translations]?.url
    let resources = ResourceLocator.resourceFolders(arguments)[0]
    let status = MainActor.assumeIsolated {
      ParlanceApplication.run(
        localizer: localizer, translations: translations,
        translatorMode: arguments[CommonOptions.translator],
        showsKeys: arguments[CommonOptions.showKeys],
        openInterface: { file, failed in
          InterfaceLauncher.open(file, localizer: localizer, resources: resources, failed: failed)
        })
    }
    return status == 0 ? .success : .failure
  }
}
