import Foundation

/// `parlance FILE.ui...` without a subcommand: what the desktop entry runs for "Open With
/// Parlance" (`Exec=parlance %F`). The preview, as `parlance preview` shows it, and the
/// files join the Parlance window's recent interfaces.
enum OpenCommand: Subcommand {
  /// `parlance UI_FILE... [--po DIR] …`: the preview's arguments, without its name.
  static let signature = CommandSignature(
    "", arguments: PreviewCommand.arguments, forms: [PreviewCommand.arguments])

  /// Whether a first argument that is no subcommand names an interface file.
  static func isInterfaceFile(_ argument: String) -> Bool {
    argument.hasSuffix(".ui") || argument.hasPrefix("/") || argument.hasPrefix(".")
  }

  /// Previews the files and remembers them.
  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    try PreviewCommand.run(arguments, remembering: true)
  }
}
