import Foundation

/// The registry of catalog formats: the one place that knows which files are catalogs,
/// where they lie in a resources folder and what their names say.
///
/// ```
/// Resources/
///   de.lproj/Localizable.strings    .languageFolder     de, table Localizable
///   ru_Localizable.plist            .languagePrefixed   ru, table Localizable
///   Localizable.xcstrings           .multilingual       every language it holds
///   po/ru.po                        .gettextFolder      ru, table Localizable
///   po/uk.mo                        .gettextFolder      uk (compiled), table Localizable
/// ```
///
/// To add a format: write one type conforming to `CatalogFormat` and list it in `all`.
public enum CatalogFormatRegistry {
  /// Every format, in the order a folder's formats are described.
  public static let all: [any CatalogFormat] = [
    StringsFormat(), StringsdictFormat(), PropertyListFormat(), StringCatalogFormat(),
    GettextFormat(), CompiledGettextFormat(),
  ]

  /// The extension of a language's folder: `de.lproj`.
  public static let languageFolderExtension = "lproj"
  /// The language folder used under the development language: `Base.lproj`.
  public static let baseFolderName = "Base"
  /// The gettext folder of a resources folder or a project: `po/`.
  public static let gettextFolderName = "po"

  /// The format that claims files with `fileExtension` (without the dot), wherever they
  /// lie: how `parlance lint` reads a file it is given by name.
  public static func format(forExtension fileExtension: String) -> (any CatalogFormat)? {
    all.first { $0.fileExtensions.contains(fileExtension) }
  }

  /// The format of a catalog file found in a folder, judged by its name and, for a format
  /// that does not claim every file of its extensions, where it lies (a `.plist` is a
  /// catalog only in a `.lproj` folder or named `<tag>_<Table>.plist`); nil for any other
  /// file.
  public static func format(of url: URL) -> (any CatalogFormat)? {
    guard let format = format(forExtension: url.pathExtension) else { return nil }
    if format.claimsEveryFile { return format }
    let placements = format.placements
    if placements.contains(.languageFolder), isLanguageFolder(url.deletingLastPathComponent()) {
      return format
    }
    if placements.contains(.languagePrefixed),
      languageAndTable(inFileName: url.lastPathComponent) != nil
    {
      return format
    }
    return nil
  }

  /// Whether a change to the file at `path` may change a catalog: a watcher reloads then.
  /// Templates (`.pot`) do not count.
  public static func isWatched(_ path: String) -> Bool {
    let url = URL(fileURLWithPath: path)
    guard let format = format(of: url) else { return false }
    return !format.templateExtensions.contains(url.pathExtension)
  }

  /// The folders a watcher of the resources folder `folder` must watch: the folder
  /// itself, its language folders and its gettext folder, as far as they exist now.
  public static func watchedFolders(in folder: URL) -> [URL] {
    var folders = [folder]
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names.sorted() {
      let item = folder.appendingPathComponent(name, isDirectory: true)
      if isLanguageFolder(item) || name == gettextFolderName { folders.append(item) }
    }
    return folders
  }

  /// Whether `url` is named like a language folder (`de.lproj`, `Base.lproj`).
  public static func isLanguageFolder(_ url: URL) -> Bool {
    url.pathExtension == languageFolderExtension
  }

  /// The language folder of `language` in `folder`: `folder/de.lproj`.
  public static func languageFolder(of language: LanguageTag, in folder: URL) -> URL {
    folder.appendingPathComponent(
      "\(language.identifier).\(languageFolderExtension)", isDirectory: true)
  }

  /// The language and table a `.languagePrefixed` file name says, or nil.
  ///
  /// The name, without its extension, is `<tag>_<Table>`. The tag is the longest run of
  /// `_`-separated words at the start that is a language, an optional ISO 15924 script
  /// and an optional ISO 3166 (or UN M.49) region, written in canonical case (`pt_BR`,
  /// `zh_Hans`, `zh-Hans`, `sr_Latn_RS`), leaving a table name of at least one character;
  /// the table keeps any further underscores. Variants and extensions are not read from
  /// file names. So:
  ///
  /// ```
  /// ru_Localizable.plist         ru          Localizable
  /// pt_BR_Localizable.plist      pt-BR       Localizable
  /// zh-Hans_Localizable.plist    zh-Hans     Localizable
  /// zh_Hant_TW_Errors.plist      zh-Hant-TW  Errors
  /// de_Main_Menu.plist           de          Main_Menu   (`Main` is no ISO 15924 script)
  /// de_AT_Menu.plist             de-AT       Menu        (a table AT_Menu needs de.lproj)
  /// Info.plist, Localizable.plist, English_Menu.plist   not catalogs (no tag)
  /// ```
  package static func languageAndTable(inFileName name: String) -> (
    language: LanguageTag, table: String
  )? {
    let stem = (name as NSString).deletingPathExtension
    let words = stem.split(separator: "_", omittingEmptySubsequences: false)
    guard words.count >= 2 else { return nil }
    for count in stride(from: words.count - 1, through: 1, by: -1) {
      let candidate = words[..<count].joined(separator: "-")
      let table = words[count...].joined(separator: "_")
      guard !table.isEmpty, let tag = try? LanguageTag(candidate), tag.identifier == candidate,
        tag.variants.isEmpty, tag.extensions == nil,
        tag.script.map({ Locale.Script($0).isISOScript }) ?? true,
        tag.region.map({ Locale.Region($0).isISORegion }) ?? true
      else { continue }
      return (tag, table)
    }
    return nil
  }
}
