import Foundation

/// `parlance FILE.ui...` without a subcommand: what the desktop entry runs for "Open With
/// Parlance" (`Exec=parlance %F`). The preview, as `parlance preview` shows it, and the
/// files join the Parlance window's recent interfaces.
enum OpenCommand: Subcommand {
  static let name = ""
  static let usage = "parlance UI_FILE... [options of parlance preview]"
  static let options = PreviewCommand.options
  static let flags = PreviewCommand.flags

  /// Whether a first argument that is no subcommand names an interface file.
  static func isInterfaceFile(_ argument: String) -> Bool {
    argument.hasSuffix(".ui") || argument.hasPrefix("/") || argument.hasPrefix(".")
  }

  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    try PreviewCommand.run(arguments, remembering: true)
  }
}
