import Foundation
import Parlance
import ParlanceInterface
import ParlanceUI
import ParlanceWindow

/// `parlance preview UI_FILE...`: the windows and dialogs of GtkBuilder files beside a
/// control bar that switches their language live (`InterfacePreview`).
///
/// The files are checked before a display is opened: a missing or malformed file, or an
/// `--object` no file has, is `file:line:column: error: …` and exit 1, with nothing shown.
enum PreviewCommand: Subcommand {
  /// The `.ui` files to preview.
  static let files = Positionals<FilePath>(
    "UI_FILE", kind: .file(extension: "ui"), atLeastOne: true)

  /// The declarations, shared with `parlance UI_FILE...` (`OpenCommand`).
  static let arguments: [any ArgumentHandle] = [
    files, CommonOptions.po, CommonOptions.resources, CommonOptions.translations,
    CommonOptions.gettextDomain, CommonOptions.localeDir, CommonOptions.language,
    CommonOptions.object, CommonOptions.translator, CommonOptions.showKeys,
  ]

  /// `parlance preview UI_FILE... [--po DIR] … [--show-keys]`.
  static let signature = CommandSignature("preview", arguments: arguments, forms: [arguments])

  /// Previews the files until the window is closed.
  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    try run(arguments, remembering: false)
  }

  /// Previews the files until the window is closed, remembering them when asked.
  /// - Parameters:
  ///   - arguments: the parsed command line.
  ///   - remembering: add the files to the Parlance window's recent interfaces
  ///     (when opened from the desktop: `parlance FILE.ui`).
  /// - Returns: success, or failure when the preview could not open.
  /// - Throws: `UsageError` or `CommandFailure` for bad files and options.
  static func run(_ arguments: ParsedArguments, remembering: Bool) throws -> ExitStatus {
    let files = arguments[Self.files].map(\.url)
    let language = arguments[CommonOptions.language]
    let objectID = arguments[CommonOptions.object]
    do {
      _ = try InterfacePreview.documents(files, objectID: objectID)
    } catch {
      standardError(error.description)
      return .failure
    }
    let sources = try translationSources(arguments, files: files)
    var options = PreviewOptions(
      files: files, sources: sources, language: language, objectID: objectID)
    options.translatorMode = arguments[CommonOptions.translator]
    options.showsKeys = arguments[CommonOptions.showKeys]
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
    func folders(_ option: Option<Folder>) throws -> [URL] {
      try arguments.all(option).map { folder in
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory),
          isDirectory.boolValue
        else {
          throw CommandFailure(
            message: "no folder at '\(folder.path)' (\(option.declaration.name))")
        }
        return folder.url
      }
    }
    var gettext = try folders(CommonOptions.po)
    let resources = try folders(CommonOptions.resources)
    let translations = try folders(CommonOptions.translations).last
    let domains = arguments.all(CommonOptions.gettextDomain)
    let localeFolders = try folders(CommonOptions.localeDir)
    if !domains.isEmpty {
      for domain in domains { standardOutput("translations: installed domain '\(domain)'") }
    } else if gettext.isEmpty {
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
      gettextFolders: gettext, resources: resources, gettextDomains: domains,
      localeFolders: localeFolders.isEmpty ? nil : localeFolders, translations: translations)
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
