/// Making a message in the target language with what the shown text had around it.
extension Retranslator {
  /// `message` in the target language, with the arguments and count the shown text had,
  /// and what the shown text had around it: markup put around the message
  /// (`<b>…</b>`), padding, or its mnemonic marker left out.
  ///
  /// `translated` is the message with its arguments in the target language (the same
  /// as `message` but where an argument is a text of the tables too).
  func render(_ message: ShownMessage, as translated: ShownMessage, shown: String) -> String? {
    rendered(message, as: translated, shown: shown)?.text
  }

  /// `render`'s text, and the recipe that makes it in any language when the message is
  /// shown whole or inside literal text: its arguments as shown, or each the message of
  /// `argumentMessages` at its position (`translatingArguments`).
  func rendered(
    _ message: ShownMessage, as translated: ShownMessage, shown: String,
    argumentMessages: [Int: ShownMessage] = [:]
  ) -> (text: String, recipe: Recipe?)? {
    let languages = [target] + fallbacks + [localizer.developmentLanguage]
    guard let new = languages.lazy.compactMap({ text(of: translated, in: $0) }).first else {
      return nil
    }
    let match = message.match
    func recipe(_ before: Substring, withoutMnemonic: Bool, _ after: Substring) -> Recipe? {
      guard let part = recipePart(of: message, withoutMnemonic: withoutMnemonic, argumentMessages)
      else { return nil }
      return Recipe([.text(String(before)), part, .text(String(after))])
    }
    if match.isExact { return (new, recipe("", withoutMnemonic: false, "")) }
    // Where the message was, in the text shown: its text in the language shown (its
    // msgid where that language does not translate it).
    guard let old = shownText(of: message) else { return (new, nil) }
    for (before, after, mnemonic) in [
      (old, new, false), (Self.withoutMnemonic(old), Self.withoutMnemonic(new), true),
    ] where !before.isEmpty {
      if let range = shown.range(of: before) {
        return (
          shown.replacingCharacters(in: range, with: after),
          recipe(shown[..<range.lowerBound], withoutMnemonic: mnemonic, shown[range.upperBound...])
        )
      }
    }
    // Shown with no-break spaces where the message has spaces (GLib's sizes), and so made
    // in the new language; with no recipe, whose printf would write plain spaces.
    if shown.unicodeScalars.contains("\u{A0}") {
      let noBreak = { (text: String) in text.replacingOccurrences(of: " ", with: "\u{A0}") }
      if let range = shown.range(of: noBreak(old)) {
        return (shown.replacingCharacters(in: range, with: noBreak(new)), nil)
      }
    }
    // The shown text is the message once markup and mnemonics are left out of both;
    // padding the program put around it stays.
    let leading = shown.prefix(while: \.isWhitespace)
    let trailing = shown.reversed().prefix(while: \.isWhitespace)
    guard leading.count < shown.count else {
      return (TranslationIndex.comparableForm(of: new), nil)
    }
    return (leading + TranslationIndex.comparableForm(of: new) + String(trailing.reversed()), nil)
  }

  /// The text of `message` in `language` (with its arguments and count): the catalog's,
  /// or in the development language the msgid (a plural's `msgid_plural` for its other
  /// form) where it has no catalog of its own.
  func text(of message: ShownMessage, in language: LanguageTag) -> String? {
    let match = message.match
    var arguments = match.values
    if arguments.isEmpty, let count = match.count { arguments = [.unsigned(count)] }
    let options = RenderOptions(decimalSeparator: match.decimalSeparator)
    // One key looked up: a compiled catalog answers it in place, without building its
    // whole table.
    // A message a program fills with `str.format` and the like: its fields replaced.
    let fields = match.arguments.isEmpty ? [] : BraceFormat.fields(of: match.msgid)
    if let entry = localizer.catalog(for: language).tables[message.table]?.located(match.key) {
      // Without arguments the message as written (a `%` in it is no conversion then);
      // plain text has none to render.
      if !fields.isEmpty {
        var text = entry.value
        if case .indexedPlural(let forms, let rule)? = entry.message, let count = match.count,
          !forms.isEmpty
        {
          let form = rule.index(for: count)
          text = forms[form < forms.count ? form : 0].source
        }
        return BraceFormat.render(text, fields: fields, arguments: match.arguments)
      }
      guard !arguments.isEmpty, let template = entry.message else { return entry.value }
      var problems: [RenderProblem] = []
      // A plural message's form is its count's, as ngettext's n, also where the printf
      // arguments hold no number ("%s bytes": GLib formats the number apart).
      if case .indexedPlural(let forms, let rule) = template, let count = match.count,
        arguments.first?.exactUnsigned == nil, !forms.isEmpty
      {
        let form = rule.index(for: count)
        return forms[form < forms.count ? form : 0].render(
          arguments: arguments, options: options, problems: &problems)
      }
      return template.render(
        arguments: arguments, language: language, options: options, problems: &problems)
    }
    guard language == localizer.developmentLanguage else { return nil }
    var text = match.msgid
    let isOther = match.form == 1 || (match.form == nil ? false : match.count != 1)
    if isOther, let plural = sourcePlural(of: message) { text = plural }
    if !fields.isEmpty {
      return BraceFormat.render(text, fields: fields, arguments: match.arguments)
    }
    return arguments.isEmpty
      ? text : MessageTemplate(text).render(arguments: arguments, options: options)
  }

  /// The text of `message` in the language shown: its translation there, or its msgid
  /// where that language does not translate it (gettext shows the msgid then).
  func shownText(of message: ShownMessage) -> String? {
    text(of: message, in: source) ?? text(of: message, in: localizer.developmentLanguage)
  }

  /// The `msgid_plural` of `message`, from the catalog of either language.
  func sourcePlural(of message: ShownMessage) -> String? {
    for language in [source, target] {
      if let plural = localizer.catalog(for: language).tables[message.table]?.sourcePlural(
        of: message.match.key)
      {
        return plural
      }
    }
    return nil
  }
}
