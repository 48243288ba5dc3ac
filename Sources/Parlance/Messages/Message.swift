/// A translated message: text with placeholders, or forms chosen by a number.
public enum Message: Hashable, Sendable {
  /// Text with `#{name}` placeholders and printf specifiers.
  case text(MessageTemplate)
  /// `.stringsdict` and `.xcstrings` plurals: `%#@name@` variables in a format, each
  /// choosing a form by the CLDR category of its argument.
  case plural(PluralMessage)
  /// gettext plurals: `msgstr[n]`, with `n` computed by the file's own `Plural-Forms`.
  case indexedPlural(forms: [MessageTemplate], rule: PluralForms)

  /// The text shown when the message is asked for without arguments: the template's
  /// source, or for plurals the `other` forms (gettext: the last form).
  public var displayValue: String {
    switch self {
    case .text(let template): template.source
    case .plural(let plural): plural.displayValue
    case .indexedPlural(let forms, _): forms.last?.source ?? ""
    }
  }

  /// Every template the message holds, for lint and pseudo-locales.
  public var templates: [MessageTemplate] {
    switch self {
    case .text(let template): [template]
    case .plural(let plural):
      [plural.format]
        + plural.variables.keys.sorted().flatMap { name in
          plural.variables[name].map { variable in
            variable.forms.keys.sorted().compactMap { variable.forms[$0] }
          } ?? []
        }
    case .indexedPlural(let forms, _): forms
    }
  }
}

/// A message with plural variables, as `.stringsdict` and `.xcstrings` write it:
/// `"%#@files@ in %#@folders@"` with forms for `files` and `folders`.
public struct PluralMessage: Hashable, Sendable {
  public let format: MessageTemplate
  public let variables: [String: PluralVariable]

  /// Builds the message from the texts of a catalog file.
  ///
  /// - Parameter variables: each variable's name, its printf type (`d`, `lld`), the
  ///   1-based argument it reads when the file says so (`.xcstrings` `argNum`; else the
  ///   position of `%#@name@` in the format), and its forms by category.
  public init(
    format: String,
    variables: [(name: String, valueType: String?, argument: Int?, forms: [PluralCategory: String])]
  ) {
    let template = MessageTemplate(format)
    let positions = Dictionary(
      template.variables.map { ($0.name, $0.argumentIndex) },
      uniquingKeysWith: { first, _ in first })
    self.format = template
    var built: [String: PluralVariable] = [:]
    for variable in variables {
      let index = variable.argument.map { $0 - 1 } ?? positions[variable.name] ?? 0
      built[variable.name] = PluralVariable(
        name: variable.name, valueType: variable.valueType, argumentIndex: index,
        forms: variable.forms.mapValues { MessageTemplate($0, implicitArgument: index) })
    }
    self.variables = built
  }

  /// The format with each variable's `other` form in place.
  public var displayValue: String {
    var problems: [RenderProblem] = []
    return format.render(
      substitutingVariables: { name, _ in variables[name]?.forms[.other]?.source },
      problems: &problems)
  }
}

/// One `%#@name@` variable of a plural message.
public struct PluralVariable: Hashable, Sendable {
  public let name: String
  /// The printf type of its argument (`d`, `lld`, `f`), when the file says.
  public let valueType: String?
  /// The 0-based argument whose value chooses the form.
  public let argumentIndex: Int
  /// The forms by category; specifiers without position in them read `argumentIndex`.
  public let forms: [PluralCategory: MessageTemplate]
}
