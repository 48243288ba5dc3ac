extension Message {
  /// Renders the message for `language`, choosing plural forms by that language's
  /// CLDR rules (`.plural`) or the file's own `Plural-Forms` (`.indexedPlural`).
  ///
  /// A plural variable takes its number from its argument, or from the named argument
  /// of the same name (`["files": 3]`). As in Apple's `.stringsdict`, a `zero` form is
  /// used for 0 even where CLDR has no zero category. gettext messages take their
  /// number from the first argument, or from `count`.
  public func render(
    arguments: [MessageArgument] = [], named: [String: MessageArgument] = [:],
    language: LanguageTag, options: RenderOptions = RenderOptions(),
    problems: inout [RenderProblem]
  ) -> String {
    switch self {
    case .text(let template):
      return template.render(
        arguments: arguments, named: named, options: options, problems: &problems)
    case .plural(let plural):
      let rules = PluralRules.cardinal(for: language)
      var formProblems: [RenderProblem] = []
      let text = plural.format.render(
        arguments: arguments, named: named, options: options,
        substitutingVariables: { name, _ in
          guard let variable = plural.variables[name] else { return nil }
          let value =
            variable.argumentIndex < arguments.count
            ? arguments[variable.argumentIndex] : named[name]
          guard let value, let number = value.doubleValue else { return nil }
          let category: PluralCategory =
            number == 0 && variable.forms[.zero] != nil ? .zero : rules.category(for: number)
          guard let form = variable.forms[category] ?? variable.forms[.other] else { return nil }
          var formArguments = arguments
          if variable.argumentIndex >= formArguments.count {
            // The number came by name: let the form's "%d" read it too.
            formArguments += Array(
              repeating: value, count: variable.argumentIndex - formArguments.count + 1)
          }
          return form.render(
            arguments: formArguments, named: named, options: options, problems: &formProblems)
        }, problems: &problems)
      problems += formProblems
      return text
    case .indexedPlural(let forms, let rule):
      guard !forms.isEmpty else { return "" }
      let count = arguments.first ?? named["count"]
      let index: Int
      if let count, let number = count.exactUnsigned {
        index = min(max(rule.index(for: number), 0), forms.count - 1)
      } else {
        if count == nil { problems.append(.missingVariable("count")) }
        index = forms.count - 1
      }
      return forms[index].render(
        arguments: arguments, named: named, options: options, problems: &problems)
    }
  }
}
