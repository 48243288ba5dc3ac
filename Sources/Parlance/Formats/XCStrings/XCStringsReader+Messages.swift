extension XCStringsReader {
  /// A plural variable's forms by category index (zero … other).
  typealias Variable = (name: String, valueType: String?, argument: Int?, forms: [String?])

  /// The variable of a catalog's top-level plural variations, also its named argument.
  static let pluralVariableName = "count"

  /// What `resolve` returns while checking: any message, none is built.
  private static let served = Message.text(MessageTemplate(""))
  /// The format of every top-level plural, parsed once.
  private static let pluralFormat = MessageTemplate("%#@\(pluralVariableName)@")

  /// The message of a localization or of one branch of its variations; nil when it is
  /// not usable (listed in `unusable`, or reported). While checking, nothing is built:
  /// a served node returns a stand-in.
  mutating func resolve(
    _ node: Int, substitutions inherited: Int?, _ context: Context, path: String?
  ) -> Message? {
    guard let tape else { return nil }
    let substitutions = tape.presentMember("substitutions", of: node) ?? inherited
    if let variations = tape.presentMember("variations", of: node) {
      if let plural = tape.presentMember("plural", of: variations) {
        return pluralMessage(plural, context, path: Self.join(path, "plural"))
      }
      if let device = tape.presentMember("device", of: variations) {
        guard
          let (name, branch) = tape.member("mac", of: device).map({ ("mac", $0) })
            ?? tape.member("other", of: device).map({ ("other", $0) })
        else {
          markUnusable(context, Self.join(path, "device"), .noDesktopVariant)
          return nil
        }
        return resolve(
          branch, substitutions: substitutions, context, path: Self.join(path, "device.\(name)"))
      }
    }
    guard let value = usableValue(of: node, context, path: path) else { return nil }
    // The scan noted which values may hold `#@`: the others are not searched.
    let mayHoldVariable = tape.mayContainVariable(value)
    if isChecking, !mayHoldVariable { return Self.served }
    let text = tape.string(at: value) ?? ""
    if mayHoldVariable, Self.hasVariable(text) {
      return substitutedMessage(text, substitutions, context)
    }
    return isChecking ? Self.served : .text(MessageTemplate(text))
  }

  /// `variations.plural` of a whole value: one variable, `count`.
  private mutating func pluralMessage(
    _ forms: Int, _ context: Context, path: @autoclosure () -> String
  ) -> Message? {
    guard var numbered = pluralForms(forms, context, path: path(), variable: "plural") else {
      return nil
    }
    guard !isChecking else { return Self.served }
    var counter: (position: Int, type: String)?
    for index in numbered.indices.reversed() {  // `other` first
      guard let text = numbered[index] else { continue }
      let result = SpecifierNumbering.number(text)
      numbered[index] = result.text
      counter = counter ?? result.firstNumeric
    }
    let variable: Variable = (
      Self.pluralVariableName, counter?.type, counter?.position ?? 1, numbered
    )
    return .plural(PluralMessage(template: Self.pluralFormat, slotted: [variable]))
  }

  /// A value with `%#@name@` substitutions.
  private mutating func substitutedMessage(
    _ value: String, _ substitutions: Int?, _ context: Context
  ) -> Message? {
    let template = MessageTemplate(value)
    let references = template.variables
    guard !references.isEmpty else {
      return isChecking ? Self.served : .text(template)
    }
    guard let tape else { return nil }
    var variables: [Variable] = []
    var seen: Set<String> = []
    for reference in references where seen.insert(reference.name).inserted {
      let name = reference.name
      guard let substitution = substitutions.flatMap({ tape.member(named: name, of: $0) }) else {
        report(.undefinedVariable(name, key: context.key), .error, at: context.location)
        return nil
      }
      guard
        let plural = tape.presentMember("variations", of: substitution)
          .flatMap({ tape.presentMember("plural", of: $0) })
      else {
        report(
          .invalidLocalization(
            key: context.key, language: context.language.identifier,
            reason: "substitution '\(name)' has no plural variations"),
          .error, at: context.location)
        return nil
      }
      let argNum = tape.presentMember("argNum", of: substitution).flatMap { tape.integer(at: $0) }
      let argument = argNum ?? reference.argumentIndex + 1
      guard (1...PluralMessage.maximumArgument).contains(argument) else {
        report(
          .invalidLocalization(
            key: context.key, language: context.language.identifier,
            reason: "substitution '\(name)' has argNum \(argument), not between 1 and "
              + "\(PluralMessage.maximumArgument)"),
          .error, at: context.location)
        return nil
      }
      let specifier =
        tape.presentMember("formatSpecifier", of: substitution).flatMap { tape.string(at: $0) }
        ?? "lld"
      let path = "substitutions.\(name).plural"
      guard let texts = pluralForms(plural, context, path: path, variable: name) else {
        return nil
      }
      guard !isChecking else { continue }
      let forms = texts.map {
        $0.map { SpecifierNumbering.replacingArg(in: $0, with: "%\(argument)$\(specifier)") }
      }
      variables.append((name, specifier, argument, forms))
    }
    guard !isChecking else { return Self.served }
    return .plural(PluralMessage(template: template, slotted: variables))
  }

  /// The usable forms of plural variations by category index (zero … other); nil
  /// without a usable `other`. While checking, the texts are left empty. The path of a
  /// form is made only when it is unusable.
  private mutating func pluralForms(
    _ forms: Int, _ context: Context, path: @autoclosure () -> String, variable: String
  ) -> [String?]? {
    guard let tape else { return nil }
    var texts: [String?] = Array(repeating: nil, count: PluralCategory.allCases.count)
    var members = tape.uniqueMembers(of: forms)
    if isChecking {
      // Problems in the order of the forms' names; the texts are the same in any order.
      members.sort(by: { $0.name < $1.name })
    }
    for (name, keyToken) in members {
      guard let category = PluralCategory(rawValue: name) else {
        report(
          .unknownPluralCategory(name, key: context.key, variable: variable), .warning,
          at: context.location)
        continue
      }
      if let value = usableValue(of: keyToken + 1, context, path: "\(path()).\(name)") {
        texts[category.index] = isChecking ? "" : tape.string(at: value) ?? ""
      }
    }
    guard texts[PluralCategory.other.index] != nil else {
      if tape.member("other", of: forms) == nil {
        markUnusable(context, path(), .missingOtherForm)
      }
      return nil
    }
    return texts
  }

  /// The `stringUnit.value` of `node` when it is served (see `XCStringsParser`), as its
  /// index on the tape; else nil, and the unit joins `unusable`.
  private mutating func usableValue(
    of node: Int, _ context: Context, path: @autoclosure () -> String?
  ) -> Int? {
    guard let tape, let unit = tape.presentMember("stringUnit", of: node) else {
      markUnusable(context, path(), .emptyValue)
      return nil
    }
    let state = tape.presentMember("state", of: unit)
    if let state, tape.equals(state, "translated") || tape.equals(state, "needs_review") {
      // Served.
    } else if context.isSource, state.map({ tape.equals($0, "new") }) ?? true {
      // The developer's own text: `new` or no state.
    } else if let state {
      let name = tape.string(at: state) ?? ""
      if name != "new" && name != "stale" {
        report(
          .unknownTranslationState(
            name, key: context.key, language: context.language.identifier),
          .warning, at: context.location)
      }
      markUnusable(context, path(), .state(name))
      return nil
    } else {
      markUnusable(context, path(), .missingState)
      return nil
    }
    guard let value = tape.presentMember("value", of: unit), !tape.isEmptyString(value) else {
      markUnusable(context, path(), .emptyValue)
      return nil
    }
    return value
  }

  /// `text.contains("#@")` (Foundation's test, which compares characters), after a byte
  /// search: no other text contains those bytes.
  static func hasVariable(_ text: String) -> Bool {
    var text = text
    let bytes = text.withUTF8 { $0.containsPair(UInt8(ascii: "#"), UInt8(ascii: "@")) }
    return bytes && text.contains("#@")
  }

  private static func join(_ path: String?, _ component: String) -> String {
    path.map { "\($0).\(component)" } ?? component
  }
}

extension JSONTape {
  /// The first member `name` of the object at `index`, unless it is null (an optional
  /// field `JSONDecoder` reads as nil).
  func presentMember(_ name: StaticString, of index: Int) -> Int? {
    guard let value = member(name, of: index), kind(value) != .null else { return nil }
    return value
  }

  /// The first member whose key is `name` as Swift compares strings.
  func member(named name: String, of index: Int) -> Int? {
    for key in members(of: index) where string(at: key) == name {
      return key + 1
    }
    return nil
  }

  /// The members of an object, each name once (the first), in file order.
  func uniqueMembers(of index: Int) -> [(name: String, keyToken: Int)] {
    let keys = members(of: index)
    let count = keys.count
    var result: [(name: String, keyToken: Int)] = []
    result.reserveCapacity(count)
    // A map of forms has a handful of names: comparing beats hashing there.
    var seen: Set<String>? = count > 16 ? [] : nil
    for key in keys {
      guard let name = string(at: key) else { continue }
      if seen == nil {
        if result.contains(where: { $0.name == name }) { continue }
      } else if seen?.insert(name).inserted == false {
        continue
      }
      result.append((name, key))
    }
    return result
  }
}
