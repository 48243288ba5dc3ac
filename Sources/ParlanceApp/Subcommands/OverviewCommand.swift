import Foundation
import Parlance

/// The core at work in the terminal, switching live through every language with one
/// `Localizer`: what `parlance` shows when there is no display.
enum OverviewCommand {
  static func show(_ localizer: Localizer) throws -> ExitStatus {
    print("Parlance: \(localizer.preference) → \(localizer.chain)")
    for line in localizer.chain.explain() { print("  " + line) }
    print()
    showLanguage(localizer)
    let token = localizer.observe { change in
      print("— switched to \(change.current)")
    }
    defer { token.cancel() }
    for tag in localizer.availableLanguages where tag != localizer.language {
      do {
        // For this demonstration only: the stored choice is not touched.
        try localizer.switchLanguage(to: .pinned(tag), persisting: false)
      } catch {
        print("  \(tag): \(error)")
        continue
      }
      showLanguage(localizer)
    }
    return .success
  }

  private static func showLanguage(_ localizer: Localizer) {
    let language = localizer.language
    print(
      "[\(language)] \(language.nativeName) "
        + "(\(language.englishName), \(language.direction.rawValue))")
    print("  " + localizer.string("window.title"))
    print("  " + localizer.string("greeting"))
    print("  " + localizer.string("user.name.format", ["name": "Anna"]))
    print(
      "  "
        + localizer.string(
          "message.arrival", ["name": "Anna", "city": "Kraków", "day": today(in: language)]))
    print()
  }

  private static func today(in language: LanguageTag) -> MessageArgument {
    let style = Date.FormatStyle(locale: Locale(identifier: language.identifier)).day().month(.wide)
    return .string(Date().formatted(style))
  }
}
