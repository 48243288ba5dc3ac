import Parlance

/// `parlance set-language TAG|system`: stores the choice the window's combo box makes.
enum SetLanguageCommand: Subcommand {
  static let name = "set-language"
  static let usage = "parlance set-language TAG|system [--resources DIR]"
  static let options: Set<String> = ["--resources"]
  static let flags: Set<String> = []

  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    let text = try arguments.positionals("TAG|system")[0]
    let preference: LanguagePreference
    do {
      preference = try LanguagePreference(text)
    } catch {
      throw arguments.usageError(error.description)
    }
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
