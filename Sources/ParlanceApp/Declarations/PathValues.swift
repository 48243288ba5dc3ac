import Foundation

/// A folder named on the command line (`--resources DIR`), completed with folders.
struct Folder: ArgumentValue {
  /// The path as the user typed it.
  let path: String

  /// Folders.
  static var kind: ValueKind { .folder }

  /// Any path: whether the folder exists is the subcommand's to say.
  init(argument: String) {
    path = argument
  }

  /// The folder's URL.
  var url: URL { URL(fileURLWithPath: path, isDirectory: true) }
}

/// A file or folder named on the command line (`lint PATH...`, `--ui UI_FILE`).
///
/// Completed with any file unless its declaration narrows it (`.file(extension: "ui")`).
struct FilePath: ArgumentValue {
  /// The path as the user typed it.
  let path: String

  /// Any file or folder.
  static var kind: ValueKind { .path }

  /// Any path: whether the file exists is the subcommand's to say.
  init(argument: String) {
    path = argument
  }

  /// The file's URL.
  var url: URL { URL(fileURLWithPath: path) }
}
