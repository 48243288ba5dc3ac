import Parlance

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

/// Renders every message of a parsed file for a few numbers and languages, as a UI would.
public func exercise(_ entries: [ParsedEntry]) {
  for entry in entries.prefix(64) {
    _ = entry.message.displayValue
    for language in fuzzLanguages {
      for count in [MessageArgument.integer(0), .integer(1), .unsigned(5), .double(1.5)] {
        var problems: [RenderProblem] = []
        _ = entry.message.render(
          arguments: [count] + fuzzArguments, named: fuzzNamedArguments, language: language,
          options: RenderOptions(isolatesArguments: true), problems: &problems)
      }
      var problems: [RenderProblem] = []
      _ = entry.message.render(named: fuzzNamedArguments, language: language, problems: &problems)
    }
  }
}
