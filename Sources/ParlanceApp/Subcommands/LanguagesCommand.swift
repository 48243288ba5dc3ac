import Parlance

/// `parlance languages`: what the resources offer, by their own names.
enum LanguagesCommand: Subcommand {
  /// `parlance languages [--resources DIR] [--gettext-domain DOMAIN …] [--json]`.
  static let signature = CommandSignature(
    "languages", CommonOptions.resources, CommonOptions.gettextDomain, CommonOptions.localeDir,
    CommonOptions.json)

  /// Prints each language: tag, own name, English name, completeness.
  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    let localizer = try ResourceLocator.localizer(arguments)
    let languages = localizer.describeLanguages()
    if arguments[CommonOptions.json] {
      print(
        JSONOutput.array(
          languages.map { language in
            .object([
              ("tag", .string(language.tag.identifier)),
              ("name", .string(language.name)),
              ("englishName", .string(language.englishName)),
              ("direction", .string(language.direction.rawValue)),
              ("completeness", .number((language.completeness * 1000).rounded() / 1000)),
            ])
          }))
      return .success
    }
    let width = languages.map { $0.tag.identifier.count }.max() ?? 0
    for language in languages {
      let tag = language.tag.identifier.padding(toLength: width, withPad: " ", startingAt: 0)
      let percent = Int((language.completeness * 100).rounded())
      let marks =
        (language.tag == localizer.developmentLanguage ? " (development)" : "")
        + (language.direction == .rightToLeft ? " (right to left)" : "")
      print("\(tag)  \(language.name) — \(language.englishName), \(percent)%\(marks)")
    }
    return .success
  }
}
