import Foundation
import Parlance

/// Where the translations of an interface come from: gettext `po/` folders, resources
/// folders, and a translator's working folder laid over them (later ones win key by
/// key).
///
/// A folder given as gettext may hold `<tag>.po` files at its top (`de.po`, `zh_CN.po`,
/// `sr@latin.po`); a resources folder has the `.lproj` layout (and `po/`). The working
/// folder may be either: it is a gettext folder when `.po` files lie at its top.
public struct TranslationSources: Sendable {
  /// Folders holding `<tag>.po` files at their top.
  public var gettextFolders: [URL]
  /// Resources folders in the `.lproj` layout (and `po/`).
  public var resources: [URL]
  /// A translator's working folder laid over the others; nil for none.
  public var translations: URL?

  /// Sources from `gettextFolders`, then `resources`, then `translations` over both.
  /// - Parameters:
  ///   - gettextFolders: folders holding `<tag>.po` files at their top.
  ///   - resources: resources folders in the `.lproj` layout.
  ///   - translations: a translator's working folder laid over the others.
  public init(gettextFolders: [URL] = [], resources: [URL] = [], translations: URL? = nil) {
    self.gettextFolders = gettextFolders
    self.resources = resources
    self.translations = translations
  }

  /// The folders to watch for saves: the working folder and the gettext folders.
  public var watchedFolders: [URL] {
    (translations.map { [$0] } ?? []) + gettextFolders
  }

  /// A localizer over every source, the keys being the msgids (development language
  /// `en` unless a String Catalog says otherwise), with the pseudo-locales.
  ///
  /// - Throws: `LocalizerError.resources` when a folder does not exist.
  public func makeLocalizer(
    language: LanguageTag? = nil, preferences: (any PreferenceStore)? = nil,
    environment: [String: String] = ProcessEnvironment.variables(),
    reporter: (any LocalizationReporter)? = nil
  ) throws(LocalizerError) -> Localizer {
    var folders: [ResourceFolder] = []
    do {
      for url in resources { folders.append(try ResourceFolder(url: url)) }
      for url in gettextFolders { folders.append(try ResourceFolder(url: url, layout: .gettext)) }
      if let translations {
        folders.append(
          try ResourceFolder(url: translations, layout: ResourceFolder.layout(of: translations)))
      }
    } catch {
      throw .resources(error)
    }
    return Localizer(
      folders: folders, language: language, preferences: preferences, environment: environment,
      reporter: reporter, pseudoLocales: true)
  }
}
