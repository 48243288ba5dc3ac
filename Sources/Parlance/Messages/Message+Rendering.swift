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
    render(
      arguments: arguments, named: named, rules: { PluralRules.cardinal(for: language) },
      options: options, problems: &problems)
  }

  /// `render` with the language's rules at hand (a catalog keeps its own).
  func render(
    arguments: [MessageArgument], named: [String: MessageArgument],
    rules pluralRules: () -> PluralRules, options: RenderOptions,
    problems: inout [RenderProblem]
  ) -> String {
    switch self {
    case .text(let template):
      return template.render(
        arguments: arguments, named: named, options: options, problems: &problems)
    case .plural(let plural):
      let rules = pluralRules()
      if let compiled = plural.compiled, !options.isolatesArguments,
        options.decimalSeparator == ".", let text = compiled.render(arguments, rules: rules)
      {
        return text
      }
      return plural.renderThroughTemplates(
        arguments: arguments, named: named, rules: rules, options: options, problems: &problems)
    case .indexedPlural(let forms, let rule):
      guard !forms.isEmpty else { return "" }
      let count = arguments.first ?? named["count"]
      let index: Int
      if let count, let number = count.exactUnsigned {
        // Fewer forms than the rule's index: the first, as glibc's `ngettext` gives.
        let form = rule.index(for: number)
        index = form < forms.count ? form : 0
      } else {
        if count == nil { problems.append(.missingVariable("count")) }
        index = forms.count - 1
      }
      return forms[index].render(
        arguments: arguments, named: named, options: options, problems: &problems)
    }
  }
}

extension PluralMessage {
  /// The text of the flattened fast path, or nil when it does not take this message or
  /// these arguments (`Message.render` then takes the general path).
  ///
  /// For the differential test and the fuzzers, which check that the two paths agree;
  /// an app calls `Message.render`.
  @_spi(Testing) public func renderCompiled(
    _ arguments: [MessageArgument], language: LanguageTag
  ) -> String? {
    compiled?.render(arguments, rules: PluralRules.cardinal(for: language))
  }

  /// The text of the general path, whatever the fast path would do.
  ///
  /// For the differential test and the fuzzers; an app calls `Message.render`.
  @_spi(Testing) public func renderThroughTemplates(
    arguments: [MessageArgument], named: [String: MessageArgument], language: LanguageTag,
    options: RenderOptions, problems: inout [RenderProblem]
  ) -> String {
    renderThroughTemplates(
      arguments: arguments, named: named, rules: PluralRules.cardinal(for: language),
      options: options, problems: &problems)
  }

  /// The general path: the format and its forms rendered as templates. Any message and
  /// any arguments; `CompiledPlural` is the fast path for the common shape and must give
  /// exactly this text whenever it gives one.
  func renderThroughTemplates(
    arguments: [MessageArgument], named: [String: MessageArgument], rules: PluralRules,
    options: RenderOptions, problems: inout [RenderProblem]
  ) -> String {
    var formProblems: [RenderProblem] = []
    var output = ""
    output.reserveCapacity(format.source.utf8.count + 32)
    var ordinal = 0
    format.append(
      to: &output, arguments: arguments, named: named, options: options,
      substitute: { name, _, output in
        // Variables come in format order: the n-th call is the n-th variable.
        defer { ordinal += 1 }
        guard ordinal < variablesInOrder.count,
          let variable = variablesInOrder[ordinal]
        else { return false }
        let value =
          variable.argumentIndex < arguments.count
          ? arguments[variable.argumentIndex] : named[name]
        guard let value, let number = value.doubleValue,
          let exact = value.pluralCategory(in: rules)
        else { return false }
        let forms = variable.parsedForms
        let category: PluralCategory = number == 0 && forms.slots[0] != nil ? .zero : exact
        let slot = forms.slots[category.index] == nil ? 5 : category.index
        guard let form = forms.slots[slot] else { return false }
        if let shape = forms.shapes[slot],
          shape.specifier.argumentIndex == variable.argumentIndex,
          let integer = value.exactInteger,
          integer >= 0 || shape.specifier.valueType == .signedInteger,
          !options.isolatesArguments
        {
          output += shape.prefix
          output += String(integer)
          output += shape.suffix
        } else if variable.argumentIndex < arguments.count {
          form.append(
            to: &output, arguments: arguments, named: named, options: options,
            substitute: { _, _, _ in false }, problems: &formProblems)
        } else {
          // The number came by name: let the form's "%d" read it too.
          let formArguments =
            arguments
            + Array(repeating: value, count: variable.argumentIndex - arguments.count + 1)
          form.append(
            to: &output, arguments: formArguments, named: named, options: options,
            substitute: { _, _, _ in false }, problems: &formProblems)
        }
        return true
      }, problems: &problems)
    problems += formProblems
    return output
  }
}
