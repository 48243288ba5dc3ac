import Foundation
import Parlance

/// Finds the app's own translations when `--resources` is not given.
///
/// Order: `$PARLANCE_RESOURCES`; `../share/parlance/Resources` beside the executable (an
/// installed `$PREFIX/bin/parlance`, from any working directory); `Resources/` in a folder
/// above the executable (a SwiftPM build in the repository: `.build/debug/parlance` →
/// `./Resources`). The installed folder comes first: an installed binary never takes a
/// stray `Resources/` above it (`~/.local/bin/parlance` and a `~/Resources`) for its own.
enum ResourceLocator {
  static func defaultResources() -> URL {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["PARLANCE_RESOURCES"], !path.isEmpty {
      return URL(fileURLWithPath: path, isDirectory: true)
    }
    let executable = runningExecutable().resolvingSymlinksInPath()
    var directory = executable.deletingLastPathComponent()
    let installed = directory.deletingLastPathComponent()
      .appendingPathComponent("share/parlance/Resources", isDirectory: true)
    if FileManager.default.fileExists(atPath: installed.path) { return installed }
    for _ in 0..<5 {
      let candidate = directory.appendingPathComponent("Resources", isDirectory: true)
      if FileManager.default.fileExists(
        atPath: candidate.appendingPathComponent(
          "en.\(CatalogFormatRegistry.languageFolderExtension)"
        )
        .path)
      {
        return candidate
      }
      directory = directory.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: "Resources", isDirectory: true)
  }

  /// The program's own file. Not `argv[0]` alone: started by `PATH`, that is only
  /// `parlance`, which would be looked for in the working directory. Foundation reads
  /// `/proc/self/exe` for it on Linux.
  static func runningExecutable() -> URL {
    Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
  }

  /// `--resources` (or the default), then `--translations` over it when given.
  static func resourceFolders(_ arguments: ParsedArguments) -> [URL] {
    let resources = arguments[CommonOptions.resources]?.url ?? defaultResources()
    let translations = arguments[CommonOptions.translations]?.url
    return [resources] + (translations.map { [$0] } ?? [])
  }

  /// A localizer over `--resources` (or the default) and `--translations`, with
  /// `--language` for this run, the user's stored preference, warnings on standard
  /// error, and the pseudo-locales `en-XA` and `ar-XB` for translators.
  ///
  /// With `--gettext-domain`, over the installed catalogs of those domains instead (in
  /// `--locale-dir`, or the system's folders), with `--resources` and `--translations`
  /// over them when given.
  static func localizer(_ arguments: ParsedArguments) throws -> Localizer {
    guard let sources = installedSources(arguments) else {
      return try localizer(
        resources: resourceFolders(arguments), language: arguments[CommonOptions.language])
    }
    do {
      return Localizer(
        folders: try sources.folders(), language: arguments[CommonOptions.language],
        preferences: FilePreferenceStore.standard(), reporter: StandardErrorReporter())
    } catch {
      throw CommandFailure(message: error.description)
    }
  }

  /// The installed catalogs `--gettext-domain` and `--locale-dir` name, with
  /// `--resources` and `--translations`; nil without `--gettext-domain`.
  static func installedSources(_ arguments: ParsedArguments) -> TranslationSources? {
    let domains = arguments.all(CommonOptions.gettextDomain)
    guard !domains.isEmpty else { return nil }
    let localeFolders = arguments.all(CommonOptions.localeDir).map(\.url)
    return TranslationSources(
      resources: arguments.all(CommonOptions.resources).map(\.url), gettextDomains: domains,
      localeFolders: localeFolders.isEmpty ? nil : localeFolders,
      translations: arguments[CommonOptions.translations]?.url)
  }

  /// Warns on standard error when system ICU cannot be opened, for the commands that use
  /// it without a `Localizer` (whose reporter warns of it).
  static func warnIfICUIsMissing() {
    if let reason = SystemICU.loadError {
      StandardErrorReporter().report(.icuUnavailable(reason: reason))
    }
  }

  /// A localizer over `resources` with `language` for this run (nil: the stored
  /// preference), warnings on standard error, and the pseudo-locales.
  static func localizer(resources: [URL], language: LanguageTag?) throws -> Localizer {
    do {
      return try Localizer(
        resources: resources, language: language,
        preferences: FilePreferenceStore.standard(), reporter: StandardErrorReporter(),
        pseudoLocales: true)
    } catch {
      throw CommandFailure(message: error.description)
    }
  }
}
