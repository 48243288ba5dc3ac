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
  /// source, or for plurals the `other` forms (gettext: the first form, `msgstr[0]`,
  /// which is what `gettext` returns for a plural message asked for without a number).
  public var displayValue: String {
    switch self {
    case .text(let template): template.source
    case .plural(let plural): plural.displayValue
    case .indexedPlural(let forms, _): forms.first?.source ?? ""
    }
  }

  /// The source of the template a rendering with these arguments uses: the text's, or
  /// the gettext form for the count (the first argument, or `count`), as `dngettext`
  /// chooses it; nil for plural variables, which combine several forms.
  public func chosenForm(arguments: [MessageArgument], named: [String: MessageArgument])
    -> String?
  {
    switch self {
    case .text(let template): return template.source
    case .plural: return nil
    case .indexedPlural(let forms, let rule):
      guard let count = arguments.first ?? named["count"], let number = count.exactUnsigned
      else { return displayValue }
      let form = rule.index(for: number)
      return forms.indices.contains(form) ? forms[form].source : forms.first?.source
    }
  }

  /// Every template the message holds, for lint and pseudo-locales.
  public var templates: [MessageTemplate] {
    switch self {
    case .text(let template): [template]
    case .plural(let plural):
      [plural.format]
        + plural.variables.keys.sorted().flatMap { name in
          plural.variables[name].map { $0.slots.compactMap { $0 } } ?? []
        }
    case .indexedPlural(let forms, _): forms
    }
  }
}

/// A message with plural variables, as `.stringsdict` and `.xcstrings` write it:
/// `"%#@files@ in %#@folders@"` with forms for `files` and `folders`.
///
/// A class: a message is picked out of its catalog entry by reference when rendered.
public final class PluralMessage: Hashable, Sendable {
  /// The message with its `%#@name@` variables: `"%#@files@ in %#@folders@"`.
  public let format: MessageTemplate
  /// Each variable's forms, by name.
  public var variables: [String: PluralVariable] {
    Dictionary(variableList.map { ($0.name, $0) }, uniquingKeysWith: { $1 })
  }
  /// The variables as given, each name once: what `variables` is made of when asked for
  /// (rendering never asks).
  private let variableList: [PluralVariable]
  /// The variable of each `%#@name@` of the format, in order: rendering walks these
  /// instead of hashing names.
  let variablesInOrder: [PluralVariable?]
  /// The same message flattened for the common shape; nil for other shapes.
  let compiled: CompiledPlural?

  /// The highest argument a variable may read: printf positions stop below a million.
  public static let maximumArgument = 999_999

  /// Builds the message from the texts of a catalog file.
  ///
  /// - Parameters:
  ///   - format: the message with `%#@name@` where each variable's form goes.
  ///   - variables: each variable's name, its printf type (`d`, `lld`), the 1-based
  ///     argument it reads when the file says so (`.xcstrings` `argNum`; else the
  ///     position of `%#@name@` in the format), and its forms by category. An argument
  ///     outside `1...maximumArgument` is ignored, as if the file gave none.
  public convenience init(
    format: String,
    variables: [(name: String, valueType: String?, argument: Int?, forms: [PluralCategory: String])]
  ) {
    self.init(template: MessageTemplate(format), variables: variables)
  }

  /// `init(format:variables:)` with the format parsed already (a reader that makes many
  /// messages of one format parses it once).
  convenience init(
    template: MessageTemplate,
    variables: [(name: String, valueType: String?, argument: Int?, forms: [PluralCategory: String])]
  ) {
    self.init(
      template: template,
      slotted: variables.map { variable in
        let forms = PluralCategory.allCases.map { variable.forms[$0] }
        return (variable.name, variable.valueType, variable.argument, forms)
      })
  }

  /// The message from forms by category index (zero … other), as a catalog reader has
  /// them: no dictionary of texts made to be taken apart again.
  init(
    template: MessageTemplate,
    slotted variables: [(name: String, valueType: String?, argument: Int?, forms: [String?])]
  ) {
    // The format's `%#@name@`s, read in place: `template.variables` would make an array.
    // A few variables are found by looking; more by one table of the first place of each
    // name, so that a format of thousands of variables is not read once for each.
    let segments = template.segments
    let many = variables.count > 8
    var table: [String: Int] = [:]
    if many {
      for case .variable(let name, let index) in segments where table[name] == nil {
        table[name] = index
      }
    }
    // (A constant: a nested function that captures a `var` checks each access.)
    let firstPlaces = table
    func position(of name: String) -> Int? {
      if many { return firstPlaces[name] }
      for case .variable(name, let index) in segments { return index }
      return nil
    }
    self.format = template
    // The last variable of a name stands, as in a dictionary.
    var list: [PluralVariable] = []
    list.reserveCapacity(variables.count)
    for variable in variables {
      // `argNum: 0` would read argument -1, and a huge one pad the arguments to its size.
      let argument = variable.argument.flatMap {
        (1...Self.maximumArgument).contains($0) ? $0 : nil
      }
      let index =
        argument.map { $0 - 1 }
        ?? position(of: variable.name) ?? 0
      list.append(
        PluralVariable(
          name: variable.name, valueType: variable.valueType, argumentIndex: index,
          sources: variable.forms))
    }
    var inOrder: [PluralVariable?] = []
    inOrder.reserveCapacity(segments.count)
    if many {
      let byName = Dictionary(list.map { ($0.name, $0) }, uniquingKeysWith: { $1 })
      list = Array(byName.values)
      for case .variable(let name, _) in segments { inOrder.append(byName[name]) }
    } else {
      // (Of a constant: a nested function that captures a `var` checks each access.)
      let given = list
      func replaced(_ index: Int) -> Bool {
        given[(index + 1)...].contains { $0.name == given[index].name }
      }
      if given.indices.contains(where: replaced) {
        list = given.indices.filter { !replaced($0) }.map { given[$0] }
      }
      for case .variable(let name, _) in segments {
        inOrder.append(list.first { $0.name == name })
      }
    }
    self.variableList = list
    self.variablesInOrder = inOrder
    // The forms are read for the fast path from their texts (most need no template);
    // they are parsed and kept now only when the message needs the general path anyway.
    let compiled = CompiledPlural(format: template, variablesInOrder: inOrder)
    if compiled == nil {
      for case let variable? in inOrder { variable.keep(variable.parseForms()) }
    }
    self.compiled = compiled
  }

  /// Whether two messages have the same format and variables.
  /// - Parameters:
  ///   - lhs: a message.
  ///   - rhs: another message.
  /// - Returns: true when they are equal.
  public static func == (lhs: PluralMessage, rhs: PluralMessage) -> Bool {
    lhs.format == rhs.format && lhs.variables == rhs.variables
  }

  /// Hashes the format and the variables.
  /// - Parameter hasher: the hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(format)
    hasher.combine(variables)
  }

  /// The format with each variable's `other` form in place.
  public var displayValue: String {
    var problems: [RenderProblem] = []
    return format.render(
      substitutingVariables: { name, _ in variables[name]?.sources[5] },
      problems: &problems)
  }
}
