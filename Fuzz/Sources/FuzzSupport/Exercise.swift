@_spi(Testing) import Parlance

/// Arguments of every type, so that each specifier finds one that fits and one that does not.
public let fuzzArguments: [MessageArgument] = [
  .integer(3), .string("Ada"), .double(2.5), .unsigned(21), .integer(-1), .string(""),
]

/// Named arguments for `#{name}` placeholders and named plural variables.
public let fuzzNamedArguments: [String: MessageArgument] = [
  "name": "Ada", "count": 2, "files": 1, "n": 0,
]

/// The languages whose plural rules the renders go through: all six categories among them.
public let fuzzLanguages: [LanguageTag] = ["en", "ar", "ru", "ja"].compactMap {
  try? LanguageTag($0)
}

/// The numbers a plural chooses by: every category, a fraction, a negative, and integers a
/// `Double` cannot hold exactly (their last digit decides the Russian form).
public let fuzzCounts: [MessageArgument] = [
  .integer(0), .integer(1), .unsigned(5), .double(1.5), .integer(22), .integer(-3),
  .integer(100_000_000_000_000_001),
]

/// Both lists of positional arguments for `count`: it first, then values of every type
/// (most forms fail to fit one); or only integers, so that every variable of a message
/// gets a number and the flattened fast path (`CompiledPlural`) takes it.
public func fuzzArgumentLists(_ count: MessageArgument) -> [[MessageArgument]] {
  [[count] + fuzzArguments, [count, .integer(2), .integer(11), count, .unsigned(21)]]
}

/// Renders every message of a parsed file for a few numbers and languages, as a UI would,
/// with isolation on and off, and checks that the two paths of a plural message agree.
public func exercise(_ entries: [ParsedEntry]) {
  let isolated = RenderOptions(isolatesArguments: true)
  for entry in entries.prefix(64) {
    _ = entry.message.displayValue
    for language in fuzzLanguages {
      for count in fuzzCounts {
        for arguments in fuzzArgumentLists(count) {
          for options in [RenderOptions(), isolated] {
            var problems: [RenderProblem] = []
            _ = entry.message.render(
              arguments: arguments, named: fuzzNamedArguments, language: language,
              options: options, problems: &problems)
          }
          if case .plural(let plural) = entry.message {
            checkPaths(plural, arguments, language)
          }
        }
      }
      var problems: [RenderProblem] = []
      _ = entry.message.render(named: fuzzNamedArguments, language: language, problems: &problems)
    }
  }
}

/// Traps (a finding) when the fast path renders a text the general path does not.
public func checkPaths(
  _ plural: PluralMessage, _ arguments: [MessageArgument], _ language: LanguageTag
) {
  guard let fast = plural.renderCompiled(arguments, language: language) else { return }
  var problems: [RenderProblem] = []
  let general = plural.renderThroughTemplates(
    arguments: arguments, named: fuzzNamedArguments, language: language,
    options: RenderOptions(), problems: &problems)
  if fast != general {
    preconditionFailure(
      "the paths differ for \(plural.format.source.debugDescription) \(arguments) "
        + "\(language): fast \(fast.debugDescription), general \(general.debugDescription)")
  }
}
