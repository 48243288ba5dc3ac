import Foundation
import Parlance
import ParlanceGtk

/// GTK's own texts in a built interface — what GTK translates itself through its domain
/// `gtk30`: stock buttons, a message dialog's buttons, a file chooser's parts, an
/// assistant's — shown in the interface's language, as the real program shows them.
///
/// Two halves. Texts GTK makes from now on follow gettext's language for the process,
/// which `prepare(for:)` sets (`ProcessGettext`). Texts GTK made already are found in
/// the widgets (`ShownTexts`), traced back to their gtk30 message through the catalog of
/// the language they are in (`TranslationIndex`), and set in the new one; a stock
/// button is given its stock id again. The message found for each place is remembered,
/// so that a later switch does not have to guess again. A text that maps to several
/// messages with different translations is left as it is and counted in `unresolved`.
@MainActor
public final class ToolkitTexts {
  /// GTK 3's text domain.
  public nonisolated static let domain = "gtk30"

  /// The installed gtk30 catalogs; nil when none is installed (GTK's texts then stay
  /// in its own English).
  public let localizer: Localizer?
  /// The language GTK's texts are in now.
  public private(set) var language: LanguageTag?
  /// Texts the last switch could not set: no gtk30 message, or several with different
  /// translations.
  public private(set) var unresolved: [String] = []

  private struct Remembered {
    let match: TranslationIndex.Match
    let shown: String
  }

  private var remembered: [ShownTexts.Place: Remembered] = [:]

  /// GTK's catalogs from `localeFolders` (by default the system's).
  public init(localeFolders: [URL]? = nil) {
    let sources = TranslationSources(gettextDomains: [Self.domain], localeFolders: localeFolders)
    let localizer = try? sources.makeLocalizer(environment: [:])
    let installed = localizer?.availableLanguages.contains { $0 != localizer?.developmentLanguage }
    self.localizer = installed == true ? localizer : nil
  }

  /// A text GTK shows of its own, and the gtk30 message it is.
  public struct Text: Sendable {
    /// The class showing it: `GtkButton`, `GtkLabel`, `GtkTreeViewColumn`.
    public let className: String
    /// The property: `label`, `title`, `tooltip-text`, …
    public let property: String
    /// The text shown.
    public let value: String
    /// The message's context, when it has one.
    public let context: String?
    /// The message's msgid; nil when no gtk30 message shows this text.
    public let msgid: String?
    /// Where GTK's catalog of the language shown writes it; nil when the text is the
    /// msgid itself (GTK's English, or a message the language does not translate).
    public let origin: EntryOrigin?
  }

  /// GTK's own texts of `roots` (all but `owned`) in the order a reader meets them, each
  /// with the message it is as far as known (remembered from a switch, else looked up
  /// in the catalog of the language shown).
  public func texts(of roots: [Widget], owned: Set<ShownTexts.Place>) -> [Text] {
    var result: [Text] = []
    for root in roots {
      for text in ShownTexts(of: root).texts where !owned.contains(text.place) {
        let shown = text.displayed
        var match = remembered[text.place].flatMap { $0.shown == shown ? $0.match : nil }
        if match == nil, let localizer, let language {
          let index = localizer.translationIndex(for: language, table: Self.domain)
          let found = index.messages(showing: shown)
          // A stock item's label is a message with context "Stock label".
          match = found.first { !text.isStock || $0.context == "Stock label" } ?? found.first
        }
        let origin = match.flatMap { match in
          language.flatMap { localizer?.catalog(for: $0).tables[Self.domain]?[match.key]?.origin }
        }
        result.append(
          Text(
            className: text.typeName, property: text.property, value: shown,
            context: match?.context, msgid: match?.msgid, origin: origin))
      }
    }
    return result
  }

  /// Makes GTK answer in `language` for the texts it makes from now on: call it before
  /// building widgets, and on every switch (`retranslate` does).
  public func prepare(for language: LanguageTag) {
    ProcessGettext.switchLanguage(to: gettextNames(for: language))
    if self.language == nil { self.language = language }
  }

  /// gettext's names for `language` and its fallbacks among GTK's catalogs: `pt_BR:pt`.
  private func gettextNames(for language: LanguageTag) -> [String] {
    guard let localizer else { return [language.gettextLocaleName] }
    let chain = LanguageNegotiator.negotiate(
      requested: [PseudoLocale(language) == nil ? language : localizer.developmentLanguage],
      available: localizer.availableLanguages, default: localizer.developmentLanguage)
    let names = chain.languages.map(\.gettextLocaleName)
    return names.isEmpty ? [language.gettextLocaleName] : names
  }

  /// Sets GTK's own texts of `roots` and the widgets in them in `language`, leaving
  /// `owned` alone (the interface's own texts, which it sets itself).
  public func retranslate(
    _ roots: [Widget], owned: Set<ShownTexts.Place>, to language: LanguageTag
  ) {
    prepare(for: language)
    guard let from = self.language, from != language, let localizer else {
      self.language = language
      return
    }
    defer { self.language = language }
    unresolved = []
    let development = localizer.developmentLanguage
    let target = PseudoLocale(language) == nil ? language : development
    let source = PseudoLocale(from) == nil ? from : development
    guard source != target else { return }
    do {
      try localizer.switchLanguage(to: .pinned(target), persisting: false)
    } catch {
      if target != development { return }
    }
    let keysFrom = target == development ? nil : target
    let index = localizer.translationIndex(
      for: source, table: Self.domain, sourceLanguage: keysFrom)
    // A text GTK shows untranslated is its msgid, in any language.
    let msgids = localizer.translationIndex(
      for: development, table: Self.domain, sourceLanguage: keysFrom)
    for root in roots {
      let shown = ShownTexts(of: root)
      for text in shown.texts where !owned.contains(text.place) {
        if text.isStock {
          text.set(text.text)
          continue
        }
        let current = text.text
        let match: TranslationIndex.Match
        if let known = remembered[text.place], known.shown == current {
          match = known.match
        } else {
          var found = index.messages(showing: current)
          if found.isEmpty { found = msgids.messages(showing: current) }
          if found.isEmpty {
            found = index.recognize(current).filter {
              Self.hasWords(template(of: $0, in: source, localizer: localizer))
            }
          }
          guard let chosen = choose(found, shown: current, localizer: localizer) else { continue }
          match = chosen
        }
        guard
          let value = render(
            match, in: target, from: source, shown: current, localizer: localizer)
        else { continue }
        text.set(value)
        remembered[text.place] = Remembered(match: match, shown: value)
      }
    }
  }

  /// The one message `matches` (for the text `shown`) stand for, decided by what the
  /// language switched to shows for each; nil (and counted) when it stays open.
  ///
  /// In order: all show one text → that one (a message without context first);
  /// they differ only in the mnemonic (`_Annuler`, `A_nnuler`) → the first without
  /// context; the messages whose msgid is the shown text itself (a translator kept
  /// `Name` as it is) agree → those; the messages without a context agree → those; one
  /// text is shown by more of them than any other → that.
  private func choose(
    _ matches: [TranslationIndex.Match], shown: String, localizer: Localizer
  ) -> TranslationIndex.Match? {
    guard let first = matches.first else { return nil }
    if matches.count == 1 { return first }
    let shownForm = TranslationIndex.comparableForm(of: shown)
    let candidates = matches.map { match in
      let text = localizer.resolve(match.msgid, context: match.context, table: Self.domain).value
      return (match: match, text: text, form: TranslationIndex.comparableForm(of: text))
    }
    // Of messages that show one text but for the mnemonic, the mnemonic most of them
    // put there (`_Annuler` twice, `Annu_ler` once), a message without context first.
    func agreed(_ group: [(match: TranslationIndex.Match, text: String, form: String)])
      -> TranslationIndex.Match?
    {
      guard let head = group.first, group.allSatisfy({ $0.form == head.form }) else {
        return nil
      }
      let counts = Dictionary(grouping: group, by: \.text).mapValues(\.count)
      let most = counts.values.max() ?? 0
      let common = group.filter { counts[$0.text] == most }
      return (common.first { $0.match.context == nil } ?? common.first ?? head).match
    }
    if let chosen = agreed(candidates) { return chosen }
    let identity = candidates.filter {
      TranslationIndex.comparableForm(of: $0.match.msgid) == shownForm
    }
    if let chosen = agreed(identity) { return chosen }
    if let chosen = agreed(candidates.filter { $0.match.context == nil }) { return chosen }
    let votes = Dictionary(grouping: candidates, by: \.form).mapValues(\.count)
    let most = votes.values.max() ?? 0
    let leaders = votes.filter { $0.value == most }
    if leaders.count == 1, let form = leaders.first?.key,
      let chosen = agreed(candidates.filter { $0.form == form })
    {
      return chosen
    }
    unresolved.append(first.msgid)
    return nil
  }

  /// `match`'s message in `language`, with the arguments and count the shown text had,
  /// and what the shown text had around it: markup GTK put around the message
  /// (`<b>…</b>`), padding, or its mnemonic marker left out.
  private func render(
    _ match: TranslationIndex.Match, in language: LanguageTag, from source: LanguageTag,
    shown: String, localizer: Localizer
  ) -> String? {
    guard let new = text(of: match, in: language, localizer: localizer) else { return nil }
    if match.isExact { return new }
    // Where the message was, in the text shown: its text in the language shown.
    guard let old = text(of: match, in: source, localizer: localizer) else { return new }
    for (before, after) in [(old, new), (Self.withoutMnemonic(old), Self.withoutMnemonic(new))]
    where !before.isEmpty {
      if let range = shown.range(of: before) {
        return shown.replacingCharacters(in: range, with: after)
      }
    }
    // The shown text is the message once markup and mnemonics are left out of both.
    return TranslationIndex.comparableForm(of: new)
  }

  /// The text of `match`'s message in `language` (with its arguments and count): the
  /// catalog's, or in the development language the msgid (a plural's `msgid_plural` for
  /// its other form) where its own catalog has none.
  private func text(
    of match: TranslationIndex.Match, in language: LanguageTag, localizer: Localizer
  ) -> String? {
    var arguments = match.values
    if arguments.isEmpty, let count = match.count { arguments = [.unsigned(count)] }
    let catalog = localizer.catalog(for: language).tables[Self.domain]
    if let entry = catalog?[match.key] {
      // Without arguments the message as written (a `%` in it is no conversion then).
      guard !arguments.isEmpty else { return entry.value }
      var problems: [RenderProblem] = []
      return entry.message.render(arguments: arguments, language: language, problems: &problems)
    }
    guard language == localizer.developmentLanguage else { return nil }
    var text = match.msgid
    let isOther = match.form == 1 || (match.form == nil ? false : match.count != 1)
    if isOther, let plural = sourcePlural(of: match.key, localizer: localizer) {
      text = plural
    }
    return arguments.isEmpty ? text : MessageTemplate(text).render(arguments: arguments)
  }

  /// The `msgid_plural` of `key`, from any catalog of GTK's that has it loaded.
  private func sourcePlural(of key: String, localizer: Localizer) -> String? {
    for language in [self.language, localizer.language].compactMap({ $0 }) {
      if let plural = localizer.catalog(for: language).tables[Self.domain]?.sourcePlurals[key] {
        return plural
      }
    }
    return nil
  }

  /// The message of `match` as the catalog of `language` writes it, or its msgid.
  private func template(
    of match: TranslationIndex.Match, in language: LanguageTag, localizer: Localizer
  ) -> String {
    localizer.catalog(for: language).tables[Self.domain]?[match.key]?.value ?? match.msgid
  }

  /// Whether `template` has a letter outside its printf conversions: a message such as
  /// `%s, %s` says nothing about the language of a text it matches (a list of addresses
  /// GTK shows untranslated), and is not taken for one.
  private static func hasWords(_ template: String) -> Bool {
    var index = template.startIndex
    while index < template.endIndex {
      let character = template[index]
      index = template.index(after: index)
      if character == "%" {
        // Skip to the conversion's letter (or past `%%`).
        while index < template.endIndex, !template[index].isLetter, template[index] != "%" {
          index = template.index(after: index)
        }
        if index < template.endIndex { index = template.index(after: index) }
        continue
      }
      if character.isLetter { return true }
    }
    return false
  }

  private static func withoutMnemonic(_ text: String) -> String {
    var result = ""
    var pending = false
    for character in text {
      if character == "_" {
        if pending { result.append("_") }
        pending.toggle()
        continue
      }
      pending = false
      result.append(character)
    }
    return result
  }
}
