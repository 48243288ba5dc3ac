import Parlance

/// `parlance negotiate`: the fallback chain for requested × available languages.
enum NegotiateCommand: Subcommand {
  /// `--requested L1,L2`: the languages asked for, most wanted first.
  static let requested = Option<LanguageList>("--requested", "L1,L2", required: true)
  /// `--available A,B,C`: the languages there are translations for.
  static let available = Option<LanguageList>("--available", "A,B,C", required: true)
  /// `--default D`: the development language, which ends the chain.
  static let defaultLanguage = Option<LanguageTag>("--default", "D")
  /// `--explain`: say why each language is in the chain.
  static let explain = Flag("--explain")

  /// `parlance negotiate --requested L1,L2 --available A,B,C [--default D] [--explain]`.
  static let signature = CommandSignature(
    "negotiate", requested, available, defaultLanguage, explain)

  /// Prints the chain, one tag a line.
  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    ResourceLocator.warnIfICUIsMissing()
    let chain = LanguageNegotiator.negotiate(
      requested: try arguments.value(requested).tags,
      available: try arguments.value(available).tags, default: arguments[defaultLanguage])
    let lines = arguments[explain] ? chain.explain() : chain.languages.map(\.identifier)
    for line in lines { print(line) }
    return .success
  }
}
