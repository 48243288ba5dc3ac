import Parlance

/// `parlance set-language TAG|system`: stores the choice the window's combo box makes.
enum SetLanguageCommand: Subcommand {
  /// The language to pin, or `system`.
  static let choice = Positional<LanguagePreference>("TAG|system")

  /// `parlance set-language TAG|system [--resources DIR]`.
  static let signature = CommandSignature("set-language", choice, CommonOptions.resources)

  /// Switches to the choice, which stores it; a language that cannot be loaded is not.
  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    let preference = try arguments.value(choice)
    let localizer = try ResourceLocator.localizer(arguments)
    do {
      let change = try localizer.switchLanguage(to: preference)
      let store = FilePreferenceStore.standard()
      print("\(preference) → \(change.current) (saved in \(store.fileURL.path))")
      return .success
    } catch {
      throw CommandFailure(message: error.description)
    }
  }
}
