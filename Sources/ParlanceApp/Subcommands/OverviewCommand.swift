import Foundation
import Parlance

/// `parlance` without a subcommand: shows the core at work in the terminal, switching
/// live through every language with one `Localizer`.
enum OverviewCommand: Subcommand {
  static let name = ""
  static let usage = "parlance [--language TAG] [--resources DIR]"
  static let options: Set<String> = ["--language", "--resources"]
  static let flags: Set<String> = []

  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    _ = try arguments.positionals()
    let localizer = try ResourceLocator.localizer(arguments)
    print("Parlance: \(localizer.preference) → \(localizer.chain)")
    for line in localizer.chain.explain() { print("  " + line) }
    print()
    show(localizer)
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
      show(localizer)
    }
    return .success
  }

  private static func show(_ localizer: Localizer) {
    let language = localizer.language
    print(
      "[\(language)] \(language.nativeName) (\(language.englishName), \(language.direction.rawValue))"
    )
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
