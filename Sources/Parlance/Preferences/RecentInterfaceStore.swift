import Foundation

/// The GtkBuilder files (`.ui`) the user previewed lately, newest first, kept as a small
/// JSON file next to the language choice: `$XDG_CONFIG_HOME/parlance/recent-interfaces.json`.
///
/// The file is `{"interfaces": ["/home/anna/src/app/ui/prefs.ui", …]}`: absolute paths,
/// at most `limit`. Writes are atomic (temporary file, flush, rename), as
/// `FilePreferenceStore` does them. A file that cannot be read or understood means an
/// empty list plus a warning, never a crash; it is kept aside as
/// `recent-interfaces.json.corrupt` when the next interface is recorded, not silently
/// overwritten.
public struct RecentInterfaceStore: Sendable {
  /// How many interfaces the list keeps.
  public static let limit = 8

  /// The JSON file the list is kept in.
  public let fileURL: URL

  /// A store in `fileURL` (created on the first save).
  /// - Parameter fileURL: the JSON file to keep the list in.
  public init(fileURL: URL) {
    self.fileURL = fileURL
  }

  /// `$XDG_CONFIG_HOME/parlance/recent-interfaces.json` (with `~/.config` when the
  /// variable is unset, empty or relative).
  public static func standard(
    environment: [String: String] = ProcessEnvironment.variables()
  ) -> RecentInterfaceStore {
    RecentInterfaceStore(
      fileURL: FilePreferenceStore.configDirectory(environment: environment)
        .appendingPathComponent("parlance", isDirectory: true)
        .appendingPathComponent("recent-interfaces.json", isDirectory: false))
  }

  private struct Stored: Codable {
    var interfaces: [String]
  }

  /// The recent interfaces, newest first; an empty list and a warning when the file
  /// cannot be read or is not such a list (no file: an empty list, no warning).
  public func load() -> (files: [URL], warning: Diagnostic?) {
    let data: Data
    do {
      data = try Data(contentsOf: fileURL)
    } catch CocoaError.fileReadNoSuchFile {
      return ([], nil)
    } catch let error as NSError
      where error.domain == NSPOSIXErrorDomain && error.code == Int(ENOENT)
    {
      return ([], nil)
    } catch {
      return ([], warning("cannot read the file (\(error.localizedDescription))"))
    }
    let stored: Stored
    do {
      stored = try JSONDecoder().decode(Stored.self, from: data)
    } catch {
      return (
        [], warning(#"not a list of recent interfaces (expected {"interfaces": ["/path/a.ui"]})"#)
      )
    }
    guard let relative = stored.interfaces.first(where: { !$0.hasPrefix("/") }) else {
      return (stored.interfaces.prefix(Self.limit).map { URL(fileURLWithPath: $0) }, nil)
    }
    return ([], warning("'\(relative)' is not an absolute path"))
  }

  /// Puts `file` first (once), keeps at most `limit`, writes the list; returns it.
  ///
  /// - Throws: when the folder or the file cannot be written; the old list stays then.
  @discardableResult
  public func record(_ file: URL) throws -> [URL] {
    let (current, problem) = load()
    let path = file.standardizedFileURL.path
    let files = [path] + current.map(\.path).filter { $0 != path }
    let kept = Array(files.prefix(Self.limit))
    try write(kept, keepingAside: problem != nil)
    return kept.map { URL(fileURLWithPath: $0) }
  }

  private func write(_ paths: [String], keepingAside corrupt: Bool) throws {
    let directory = fileURL.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    if corrupt, FileManager.default.fileExists(atPath: fileURL.path) {
      let aside = fileURL.appendingPathExtension("corrupt")
      // An older copy kept aside gives way to this one; usually there is none.
      _ = try? FileManager.default.removeItem(at: aside)
      try FileManager.default.moveItem(at: fileURL, to: aside)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
    var data = try encoder.encode(Stored(interfaces: paths))
    data.append(0x0A)
    try AtomicFile.write(data, to: fileURL)
  }

  private func warning(_ reason: String) -> Diagnostic {
    Diagnostic(
      file: fileURL.path, location: SourceLocation(line: 1, column: 1), severity: .warning,
      kind: .invalidSetting(reason: reason + "; starting with an empty list"))
  }
}
