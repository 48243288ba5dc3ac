import Foundation
import Parlance
import ParlanceInterface

/// What `ui-strings` and `screenshot --ui` share: a `.ui` file read as the user named it,
/// the objects asked for, and where its translations are.
struct InterfaceInput {
  /// Already said on standard error in the editor's format (`file:line:column: error: …`).
  struct Failure: Error {
    let message: String
  }

  let document: InterfaceDocument
  /// `--object ID`, or nil for the whole file.
  let objectIDs: [String]?
  let sources: TranslationSources

  /// Reads `path` and finds its translations: `--po DIR`, else the project's `po/` beside
  /// the file or above it, plus `--resources DIR`.
  ///
  /// - Throws: `Failure` for an unreadable or malformed file or an unknown `--object`.
  init(path: String, arguments: ParsedArguments) throws(Failure) {
    let url = URL(fileURLWithPath: path)
    let bytes: Data
    do {
      bytes = try Data(contentsOf: url)
    } catch {
      throw Failure(
        message: InterfaceError.unreadable(file: path, reason: Self.reason(error, path: path))
          .description)
    }
    document = InterfaceDocument.parse(Array(bytes), file: Self.display(path))
    guard document.isUsable else {
      throw Failure(message: InterfaceError.malformed(document.diagnostics).description)
    }
    objectIDs = arguments[CommonOptions.object].map { [$0] }
    for id in objectIDs ?? [] where document.object(id) == nil {
      let location = document.root?.location ?? SourceLocation(line: 1, column: 1)
      throw Failure(
        message: Diagnostic(
          file: path, location: location, severity: .error, kind: .unknownInterfaceObject(id)
        ).description)
    }
    let domains = arguments.all(CommonOptions.gettextDomain)
    let po =
      arguments[CommonOptions.po]?.url
      ?? (domains.isEmpty ? ResourceFolder.gettextFolder(near: url) : nil)
    let resources = arguments.all(CommonOptions.resources).map(\.url)
    if po == nil && resources.isEmpty && domains.isEmpty {
      standardError(
        "parlance: warning: no po/ folder beside '\(path)' or above it: the texts stay "
          + "untranslated (name one with --po DIR, or --gettext-domain DOMAIN)")
    }
    let localeFolders = arguments.all(CommonOptions.localeDir).map(\.url)
    sources = TranslationSources(
      gettextFolders: po.map { [$0] } ?? [], resources: resources, gettextDomains: domains,
      localeFolders: localeFolders.isEmpty ? nil : localeFolders)
  }

  /// GTK's own texts of the interface (stock buttons, a file chooser's), from GTK's
  /// catalogs in the system's locale folders and any `--locale-dir`.
  @MainActor
  func toolkitTexts() -> ToolkitTexts {
    ToolkitTexts(localeFolders: sources.toolkitLocaleFolders)
  }

  /// A localizer over the sources in the system language, reporting catalog problems
  /// (not missing texts: those are the output).
  func makeLocalizer() throws(Failure) -> Localizer {
    do {
      return try sources.makeLocalizer(reporter: CatalogProblemReporter())
    } catch {
      throw Failure(message: "parlance: error: \(error.description)")
    }
  }

  /// `path` as output shows it: relative to the current folder when it lies inside it
  /// (as the user most likely typed it), else as it is.
  static func display(_ path: String) -> String {
    let current = FileManager.default.currentDirectoryPath
    guard path.hasPrefix("/"), current != "/",
      path.hasPrefix(current.hasSuffix("/") ? current : current + "/")
    else { return path }
    return String(path.dropFirst(current.count).drop { $0 == "/" })
  }

  /// "no such file", not Foundation's whole sentence.
  private static func reason(_ error: any Error, path: String) -> String {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      return "no such file"
    }
    return isFolder.boolValue ? "it is a folder" : error.localizedDescription
  }
}

/// Reports the problems of catalogs (`file:line:column: …`) on standard error.
struct CatalogProblemReporter: LocalizationReporter {
  func report(_ event: LocalizationEvent) {
    if case .diagnostics = event { StandardErrorReporter().report(event) }
  }
}
