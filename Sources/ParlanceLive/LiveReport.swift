import Foundation
import Parlance
import ParlanceGtk

/// What a running program (`parlance run`) shows that a switch cannot reach: read back
/// from its windows now and decided with its catalogs as a switch would, without
/// changing anything in it.
///
/// Listed are the texts a switch from the language shown to another would leave, with
/// why (no message shows it, several do, a list shares it with the user's data, its
/// message cannot be made in the other language), and the texts that read as another
/// language than the one shown: those the program set again itself after a switch set
/// them (from a copy of its own: its data model, a cache, Python's gettext), found by
/// the message the switch remembered there, and those left by an earlier switch that
/// read as a language the program showed before (the module keeps their list), the
/// development language or one of the user's languages.
public struct LiveReport: Sendable {
  /// Why a text is listed.
  public enum Reason: Hashable, Sendable {
    /// A switch to `target` would leave it.
    case unresolved(Retranslator.Unresolved)
    /// The program set it again itself after a switch set it, in this language (nil
    /// when none of its catalogs has the text as the message the switch set).
    case setAgain(LanguageTag?)
    /// It reads as this language, not the one the program shows.
    case otherLanguage(LanguageTag)
    /// A word of it (`piece`) is a text of this language's catalogs and of none of the
    /// language shown: the program made it with a text of its own copy ("0 kB/s ▴" of a
    /// unit it translated once, at start).
    case otherLanguageInPart(LanguageTag, piece: String)
  }

  /// A text listed, with the class and property showing it.
  public struct Entry: Sendable {
    /// The text as the program shows it.
    public let text: LiveBus.Text
    /// Why it is listed.
    public let reason: Reason
  }

  /// The program read.
  public let program: LiveBus.Program
  /// The language it shows.
  public let language: LanguageTag
  /// The language the switch is decided for.
  public let target: LanguageTag
  /// How many texts its windows show.
  public let count: Int
  /// The texts listed, in the order the windows show them.
  public let entries: [Entry]
  /// How many texts come from no catalog of the program in any language (names,
  /// numbers, the user's data): they read the same in every language.
  public let notFromCatalogs: Int

  /// Reads `program` and decides its texts for a switch to `target`: by default the
  /// development language, or when it shows that, the first other language it has.
  /// The user's languages are those of `environment`.
  ///
  /// - Throws: `LiveSwitch.Failure` when its catalogs cannot be read, `target` is the
  ///   language it shows or one it has no catalog of, or it does not answer.
  public static func run(
    _ program: LiveBus.Program, to target: LanguageTag? = nil,
    environment: [String: String] = ProcessEnvironment.variables(),
    timeout: Duration = LiveBus.timeout
  ) throws(LiveSwitch.Failure) -> LiveReport {
    let catalogs = try LiveSwitch.catalogs(of: program)
    let shown = catalogs.shownLanguage(gettextLanguages: program.languages)
    let development = catalogs.localizer.developmentLanguage
    let target =
      target
      ?? (shown == development ? catalogs.languages.first { $0 != shown } : development)
      ?? development
    guard target != shown else {
      throw LiveSwitch.Failure(
        description: "\(program.name) shows \(shown) already: name another language")
    }
    try LiveSwitch.requireCatalog(of: target, in: catalogs, for: program)
    let (texts, plan, asked) = try LiveSwitch.collect(
      program, deciding: catalogs, from: shown, to: target, timeout: timeout)
    let others = OtherLanguages(
      catalogs: catalogs, shown: shown, history: program.history, environment: environment,
      asked: asked)
    var entries: [Entry] = []
    var foreign = 0
    for left in plan.left {
      let text = texts[left.index]
      if let language = ProgramCatalogs.leftLanguage(of: text.message), language != shown {
        // Left by an earlier switch in the language it reads as.
        entries.append(Entry(text: text, reason: .otherLanguage(language)))
      } else if left.reason != .unknown {
        entries.append(Entry(text: text, reason: .unresolved(left.reason)))
      } else if let replaced = Retranslator.ShownMessage(encoded: text.replacedMessage) {
        let language = others.language(showing: text.text, as: replaced)
        entries.append(Entry(text: text, reason: .setAgain(language)))
      } else if let language = others.likelyLanguage(showing: text.text) {
        entries.append(Entry(text: text, reason: .otherLanguage(language)))
      } else if let (language, piece) = others.languageInPart(of: text.text) {
        entries.append(Entry(text: text, reason: .otherLanguageInPart(language, piece: piece)))
      } else {
        foreign += 1
      }
    }
    return LiveReport(
      program: program, language: shown, target: plan.language, count: texts.count,
      entries: entries, notFromCatalogs: foreign)
  }
}

/// The program's languages other than the one shown, looked through for a text (the
/// indexes made once, when first asked).
final class OtherLanguages {
  let catalogs: ProgramCatalogs
  /// The language shown.
  let shown: LanguageTag
  /// The languages the program showed before (the latest first) and the user's: where a
  /// word of a text is looked for.
  let before: [LanguageTag]
  /// Every other language, the development language first.
  let all: [LanguageTag]
  /// The languages the program showed before (the latest first), the development
  /// language, and the user's languages the program has.
  let likely: [LanguageTag]

  /// The messages the program asked gettext for, and their tables (`Retranslator.asked`):
  /// a text of no message it asked for, of tables it asks gettext for, is its data
  /// spelled like one, and reads as no language.
  let asked: Set<String>
  let askedTables: Set<String>

  init(
    catalogs: ProgramCatalogs, shown: LanguageTag, history: [[String]],
    environment: [String: String], asked: Set<String> = []
  ) {
    self.catalogs = catalogs
    self.shown = shown
    self.asked = asked
    askedTables = Retranslator.tables(of: asked)
    all = catalogs.languages.filter { $0 != shown }
    let before = history.reversed().map { catalogs.shownLanguage(gettextLanguages: $0) }
    let user = SystemLanguages.current(environment: environment).compactMap {
      catalogs.language(for: $0)
    }
    /// `languages` but `shown`, each once, in their order.
    func others(_ languages: [LanguageTag]) -> [LanguageTag] {
      var found: [LanguageTag] = []
      for language in languages where language != shown && !found.contains(language) {
        found.append(language)
      }
      return found
    }
    self.before = others(before + user)
    likely = others(before + [catalogs.localizer.developmentLanguage] + user)
  }

  private var indexes: [LanguageTag: [String: TranslationIndex]] = [:]

  /// Whether a message of `table` shows `text` in `language`, one the program asked
  /// for where it asks gettext for that table's messages.
  private func shows(_ text: String, in language: LanguageTag, table: String) -> Bool {
    index(language, table).messages(showing: text).contains {
      !Retranslator.neverAsked(table: table, key: $0.key, asked: asked, askedTables: askedTables)
    }
  }

  /// The index of `language`'s texts of `table`.
  private func index(_ language: LanguageTag, _ table: String) -> TranslationIndex {
    if let index = indexes[language]?[table] { return index }
    let index = catalogs.localizer.translationIndex(for: language, table: table)
    indexes[language, default: [:]][table] = index
    return index
  }

  /// The language whose translation of `message` is `text`, nil when none is: each
  /// language's text of the message, the likely languages first, then (for a plural or
  /// printf message, whose text is made) their indexes.
  func language(showing text: String, as message: Retranslator.ShownMessage) -> LanguageTag? {
    let localizer = catalogs.localizer
    let wanted = TranslationIndex.comparableForm(of: text)
    let languages = likely + all.filter { !likely.contains($0) }
    if let found = languages.first(where: { language in
      localizer.catalog(for: language).tables[message.table]?.value(message.match.key).map {
        TranslationIndex.comparableForm(of: $0) == wanted
      } ?? false
    }) {
      return found
    }
    return likely.first { language in
      index(language, message.table).recognize(text).contains { $0.key == message.match.key }
    }
  }

  /// A word of `text` (between spaces, without the punctuation around it) that is a
  /// whole text of the catalogs of a language the program showed before or one of the
  /// user's, and of no catalog of the language shown, with that language; nil when none
  /// is. "0 kB/s ▴" in French after German: "kB/s", German's, French's being "Ko/s".
  func languageInPart(of text: String) -> (LanguageTag, String)? {
    let words = text.split(whereSeparator: \.isWhitespace).map {
      String($0).trimmingCharacters(in: CharacterSet.punctuationCharacters.subtracting(["/"]))
    }
    for word in words
    where word.count >= 3 && word.unicodeScalars.contains(where: { $0.properties.isAlphabetic })
      && word != text
    {
      let inShown = catalogs.domains.contains { !index(shown, $0).messages(showing: word).isEmpty }
      if inShown { continue }
      if let language = before.first(where: { language in
        catalogs.domains.contains { shows(word, in: language, table: $0) }
      }) {
        return (language, word)
      }
    }
    return nil
  }

  /// The first of the likely languages one of whose messages shows `text` whole.
  func likelyLanguage(showing text: String) -> LanguageTag? {
    // A text of no letters (a number, a symbol) is any language's.
    guard text.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else {
      return nil
    }
    return likely.first { language in
      catalogs.domains.contains { shows(text, in: language, table: $0) }
    }
  }
}
