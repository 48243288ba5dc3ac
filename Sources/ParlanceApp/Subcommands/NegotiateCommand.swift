import Parlance

/// `parlance negotiate`: the fallback chain for requested × available languages.
enum NegotiateCommand: Subcommand {
  static let name = "negotiate"
  static let usage =
    "parlance negotiate --requested L1,L2 --available A,B,C [--default D] [--explain]"
  static let options: Set<String> = ["--requested", "--available", "--default"]
  static let flags: Set<String> = ["--explain"]

  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    _ = try arguments.positionals()
    guard let requested = arguments.value("--requested") else {
      throw arguments.usageError("missing --requested")
    }
    guard let available = arguments.value("--available") else {
      throw arguments.usageError("missing --available")
    }
    let chain = LanguageNegotiator.negotiate(
      requested: try tags(requested, arguments), available: try tags(available, arguments),
      default: try arguments.languageTag("--default"))
    let lines = arguments.has("--explain") ? chain.explain() : chain.languages.map(\.identifier)
    for line in lines { print(line) }
    return .success
  }

  private static func tags(_ list: String, _ arguments: ParsedArguments) throws(UsageError)
    -> [LanguageTag]
  {
    var result: [LanguageTag] = []
    for item in list.split(separator: ",", omittingEmptySubsequences: true) {
      do {
        result.append(try LanguageTag(String(item)))
      } catch {
        throw arguments.usageError(error.description)
      }
    }
    return result
  }
}
