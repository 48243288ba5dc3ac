import Foundation

extension Localizer {
  /// File types tried, in order, when no extension is given.
  public static let imageExtensions = ["png", "jpg", "jpeg", "gif", "webp", "svg"]

  /// A localized file (an image) found along the chain.
  ///
  /// For each language of the chain, then the unlocalized folder root, tries
  /// `<tag>.lproj/<name>.<ext>` for each extension in order (translators' folders
  /// before shipped ones; `Base.lproj` after the development language's own folder).
  /// Example with chain `[ja, en]`: `banner` → `ja.lproj/banner.png`, `ja.lproj/banner.jpg`,
  /// …, `en.lproj/banner.png`, …, `banner.png`. A name with a path separator or starting
  /// with a dot is refused (nil): it never reaches the file system.
  public func resourceURL(named name: String, extensions: [String] = Localizer.imageExtensions)
    -> URL?
  {
    resourceURL(named: name, extensions: extensions, along: chain)
  }

  /// `resourceURL(named:extensions:)` along a given chain (a snapshot's).
  func resourceURL(named name: String, extensions: [String], along chain: FallbackChain) -> URL? {
    guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), !name.contains("\0")
    else { return nil }
    let fileNames = extensions.isEmpty ? [name] : extensions.map { "\(name).\($0)" }
    let folders = loader.folders.reversed()
    var directories: [URL] = []
    for language in chain.languages {
      for folder in folders {
        directories += folder.folders(for: language, isDevelopment: language == developmentLanguage)
          .reversed()
      }
    }
    directories += folders.map(\.url)
    for directory in directories {
      for fileName in fileNames {
        let url = directory.appendingPathComponent(fileName, isDirectory: false)
        if FileManager.default.fileExists(atPath: url.path) { return url }
      }
    }
    return nil
  }
}
