import Parlance

/// Why a preview could not open; nothing of it was shown.
public enum PreviewError: Error, CustomStringConvertible {
  /// A file could not be read, is malformed, or lacks the object asked for.
  case interface(InterfaceError)
  /// A translations folder could not be opened.
  case translations(LocalizerError)
  /// A folder picked as the translations folder has no `.po` files at its top.
  case notGettextFolder(String)

  /// The message as the command line prints it.
  public var description: String {
    switch self {
    case .interface(let error): error.description
    case .translations(let error): error.description
    case .notGettextFolder(let path): "\(path): error: no .po files in this folder"
    }
  }
}
