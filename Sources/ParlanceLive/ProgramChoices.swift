import Foundation
import Parlance

/// The language the user chose for each program, kept for the next `parlance run`:
/// `$XDG_CONFIG_HOME/parlance/programs/<program>.json`, in the format of the app's own
/// choice (`FilePreferenceStore`: `{"language": "fr"}`, written atomically; a corrupt
/// file is a warning and the system language, never a failure).
public struct ProgramChoices: Sendable {
  /// The folder of the files.
  public let folder: URL

  /// The choices under `environment`'s configuration folder.
  public init(environment: [String: String] = ProcessEnvironment.variables()) {
    folder = FilePreferenceStore.standard(environment: environment).fileURL
      .deletingLastPathComponent().appendingPathComponent("programs", isDirectory: true)
  }

  /// The store of `program`'s choice (its name as `g_get_prgname` or the command gives
  /// it; a name that is no file name is kept under a safe one).
  public func store(for program: String) -> FilePreferenceStore {
    let safe = String(program.map { $0 == "/" || $0 == "\0" ? "_" : $0 })
    let name = safe.isEmpty || safe.hasPrefix(".") ? "_" + safe : safe
    return FilePreferenceStore(fileURL: folder.appendingPathComponent(name + ".json"))
  }

  /// Keeps `preference` as `program`'s choice; a file that cannot be written is a
  /// warning on standard error, never a failure of the switch made.
  public func remember(_ preference: LanguagePreference, for program: String) {
    let store = store(for: program)
    do {
      try store.save(preference)
    } catch {
      FileHandle.standardError.write(
        Data(
          "parlance: warning: cannot remember the choice in \(store.fileURL.path): \(error)\n"
            .utf8))
    }
  }
}
