import Foundation
import Parlance
import ParlanceInterface
import ParlanceUI

/// `parlance preview UI_FILE...`: the windows and dialogs of GtkBuilder files beside a
/// control bar that switches their language live (`InterfacePreview`).
///
/// The files are checked before a display is opened: a missing or malformed file, or an
/// `--object` no file has, is `file:line:column: error: …` and exit 1, with nothing shown.
enum PreviewCommand: Subcommand {
  static let name = "preview"
  static let usage =
    "parlance preview UI_FILE... [--po DIR] [--resources DIR] [--translations DIR] [--language TAG] [--object ID] [--translator] [--show-keys]"
  static let options: Set<String> = [
    "--po", "--resources", "--translations", "--language", "--object",
  ]
  static let flags: Set<String> = ["--translator", "--show-keys"]

  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    try run(arguments, remembering: false)
  }

  /// - Parameter remembering: add the files to the Parlance window's recent interfaces
  ///   (when opened from the desktop: `parlance FILE.ui`).
  static func run(_ arguments: ParsedArguments, remembering: Bool) throws -> ExitStatus {
    guard !arguments.positionals.isEmpty else { throw arguments.usageError("missing UI_FILE") }
    let files = arguments.positionals.map { URL(fileURLWithPath: $0) }
    let language = try arguments.languageTag("--language")
    let objectID = arguments.value("--object")
    do {
      _ = try InterfacePreview.documents(files, objectID: objectID)
    } catch {
      standardError(error.description)
      return .failure
    }
    let sources = try translationSources(arguments, files: files)
    var options = PreviewOptions(
      files: files, sources: sources, language: language, objectID: objectID)
    options.translatorMode = arguments.has("--translator")
    options.showsKeys = arguments.has("--show-keys")
    options.appResources = [ResourceLocator.defaultResources()]
    return MainActor.assumeIsolated { () -> ExitStatus in
      guard ParlanceApplication.openDisplay() else {
        standardError("parlance: error: cannot open the display (is DISPLAY set?)")
        return .failure
      }
      do throws(PreviewError) {
        let preview = try InterfacePreview(options: options)
        for warning in preview.warnings { standardError(warning) }
        if remembering { remember(files) }
        preview.run()
        return .success
      } catch {
        standardError(error.description)
        return .failure
      }
    }
  }

  /// `--po` (or the `po/` folder found beside the files or above them), `--resources`
  /// and `--translations`; says on standard output which gettext folder is used.
  static func translationSources(_ arguments: ParsedArguments, files: [URL]) throws
    -> TranslationSources
  {
    func folders(_ option: String) throws -> [URL] {
      try arguments.all(option).map { path in
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
          isDirectory.boolValue
        else { throw CommandFailure(message: "no folder at '\(path)' (\(option))") }
        return URL(fileURLWithPath: path, isDirectory: true)
      }
    }
    var gettext = try folders("--po")
    let resources = try folders("--resources")
    let translations = try folders("--translations").last
    if gettext.isEmpty {
      for file in files {
        guard let found = ResourceFolder.gettextFolder(near: file), !gettext.contains(found)
        else { continue }
        gettext.append(found)
        standardOutput("translations: \(found.path) (found near \(file.lastPathComponent))")
      }
      if gettext.isEmpty, resources.isEmpty, translations == nil {
        standardError(
          "parlance: warning: no po/ folder beside the files or above them: showing their own "
            + "texts (give one with --po DIR)")
      }
    } else {
      for folder in gettext { standardOutput("translations: \(folder.path) (--po)") }
    }
    return TranslationSources(
      gettextFolders: gettext, resources: resources, translations: translations)
  }

  private static func remember(_ files: [URL]) {
    let store = RecentInterfaceStore.standard()
    for file in files.reversed() {
      do {
        try store.record(file)
      } catch {
        standardError("parlance: warning: cannot remember '\(file.path)': \(error)")
      }
    }
  }
}

/// Written at once, not when the process ends: a preview runs until it is closed.
func standardOutput(_ text: String) {
  FileHandle.standardOutput.write(Data((text + "\n").utf8))
}
