import Foundation

/// The preference as a small JSON file under `$XDG_CONFIG_HOME/parlance/`.
///
/// The file is `{"language": "de"}` or `{"language": "system"}`. Writes go to a
/// temporary file in the same folder, are flushed, then renamed over the old file, so
/// a crash leaves the old or the new choice, never half of one. A file that cannot be
/// read is never overwritten behind the user's back: it is kept as
/// `language.json.corrupt` when the user next chooses a language.
public struct FilePreferenceStore: PreferenceStore {
  /// The JSON file the preference is kept in.
  public let fileURL: URL

  /// A store in `fileURL` (created on the first save).
  /// - Parameter fileURL: the JSON file to keep the preference in.
  public init(fileURL: URL) {
    self.fileURL = fileURL
  }

  /// `$XDG_CONFIG_HOME/parlance/language.json`, with `~/.config` when the variable is
  /// unset, empty or relative (as the XDG base directory specification says).
  public static func standard(
    environment: [String: String] = ProcessEnvironment.variables()
  ) -> FilePreferenceStore {
    FilePreferenceStore(
      fileURL: configDirectory(environment: environment)
        .appendingPathComponent("parlance", isDirectory: true)
        .appendingPathComponent("language.json", isDirectory: false))
  }

  static func configDirectory(environment: [String: String]) -> URL {
    if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true)
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home, isDirectory: true)
      .appendingPathComponent(".config", isDirectory: true)
  }

  private struct Stored: Codable {
    var language: String
  }

  /// The stored preference; a missing file is `followSystem`, a broken one too, with a
  /// warning.
  /// - Returns: the preference, and a warning when the file could not be read.
  public func load() -> (preference: LanguagePreference, warning: Diagnostic?) {
    let data: Data
    do {
      data = try Data(contentsOf: fileURL)
    } catch CocoaError.fileReadNoSuchFile {
      return (.followSystem, nil)
    } catch let error as NSError
      where error.domain == NSPOSIXErrorDomain && error.code == Int(ENOENT)
    {
      return (.followSystem, nil)
    } catch {
      return (.followSystem, warning("cannot read the file (\(error.localizedDescription))"))
    }
    let stored: Stored
    do {
      stored = try JSONDecoder().decode(Stored.self, from: data)
    } catch {
      return (.followSystem, warning("not a language setting (expected {\"language\": \"de\"})"))
    }
    do {
      return (try LanguagePreference(stored.language), nil)
    } catch {
      return (.followSystem, warning(error.description))
    }
  }

  /// Stores `preference`, replacing the file at once (write, then rename).
  /// - Parameter preference: the choice to keep.
  /// - Throws: a file system error when the folder or file cannot be written; the old
  ///   file is then unchanged.
  public func save(_ preference: LanguagePreference) throws {
    let directory = fileURL.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    if case (_, .some) = load(), FileManager.default.fileExists(atPath: fileURL.path) {
      // Keep what the user wrote: the new choice must not silently erase it.
      let aside = fileURL.appendingPathExtension("corrupt")
      // An older copy kept aside gives way to this one; usually there is none.
      _ = try? FileManager.default.removeItem(at: aside)
      try FileManager.default.moveItem(at: fileURL, to: aside)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    var data = try encoder.encode(Stored(language: preference.description))
    data.append(0x0A)
    try AtomicFile.write(data, to: fileURL)
  }

  private func warning(_ reason: String) -> Diagnostic {
    Diagnostic(
      file: fileURL.path, location: SourceLocation(line: 1, column: 1), severity: .warning,
      kind: .invalidSetting(reason: reason + "; following the system language"))
  }
}
