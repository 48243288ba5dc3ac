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

  /// What a switch found a place's text to be. A text of no message of GTK's (a folder's
  /// name) stays as it is, as does one of several messages, `unresolved`: each is known
  /// by its text at the next switch, which looks neither up again.
  private struct Remembered {
    /// The message it shows; nil when none was found.
    let message: Retranslator.ShownMessage?
    /// The first candidate's msgid, when several messages show it.
    var unresolved: String? = nil
    /// The text it showed after the switch.
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
        var match = remembered[text.place].flatMap { $0.shown == shown ? $0.message?.match : nil }
        if match == nil, let localizer, let language {
          let index = localizer.translationIndex(for: language, table: Self.domain)
          let found = index.messages(showing: shown)
          // A stock item's label is a message with its item's context ("Stock label").
          let context = text.stockContext
          match = found.first { context == nil || $0.context == context } ?? found.first
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

  /// Starts reading, on another thread, the catalogs and indexes of GTK's that switches
  /// along `route` will read (`Retranslator.loadAhead`), and returns at once.
  /// - Parameter route: the interface's languages in the order they will be shown, the
  ///   first the one it is built in.
  public func loadAhead(route: [LanguageTag]) {
    guard let localizer else { return }
    var steps: [LanguageTag] = []
    for language in route {
      let shown = PseudoLocale(language) == nil ? language : localizer.developmentLanguage
      if steps.last != shown { steps.append(shown) }
    }
    Retranslator.loadAhead(localizer: localizer, tables: [Self.domain], route: steps)
  }

  /// gettext's names for `language` and its fallbacks among GTK's catalogs: `pt_BR:pt`.
  /// Negotiated once per language while GTK's catalogs are the same (a switch asks each
  /// time, and a negotiation among GTK's hundred languages took an eighth of the switch's
  /// own work).
  private func gettextNames(for language: LanguageTag) -> [String] {
    guard let localizer else { return [language.gettextLocaleName] }
    let available = localizer.availableLanguages
    if negotiated.available != available { negotiated = (available, [:]) }
    if let names = negotiated.names[language] { return names }
    let chain = LanguageNegotiator.negotiate(
      requested: [PseudoLocale(language) == nil ? language : localizer.developmentLanguage],
      available: available, default: localizer.developmentLanguage)
    let names = chain.languages.map(\.gettextLocaleName)
    let result = names.isEmpty ? [language.gettextLocaleName] : names
    negotiated.names[language] = result
    return result
  }

  /// `gettextNames` of each language asked, for GTK's catalogs as they were `available`.
  private var negotiated: (available: [LanguageTag], names: [LanguageTag: [String]]) = ([], [:])

  /// Sets GTK's own texts of `roots` and the widgets in them in `language`, leaving
  /// `owned` alone (the interface's own texts, which it sets itself).
  public func retranslate(
    _ roots: [Widget], owned: Set<ShownTexts.Place>, to language: LanguageTag
  ) {
    // Read in the language they are shown in: an action's label is known for its stock
    // item's while gettext still answers as it did when GTK made it.
    let shownTexts = roots.map { ShownTexts(of: $0) }
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
    guard source != target,
      let retranslator = try? Retranslator(
        localizer: localizer, tables: [Self.domain], from: source, to: target)
    else { return }
    for shown in shownTexts {
      for text in shown.texts where !owned.contains(text.place) {
        if text.isStock {
          text.set(text.text)
          continue
        }
        let current = text.text
        let known = remembered[text.place].flatMap { $0.shown == current ? $0 : nil }
        if let known, known.message == nil {
          if let msgid = known.unresolved { unresolved.append(msgid) }
          continue
        }
        switch retranslator.retranslate(current, remembered: known?.message) {
        case .success(let (value, message, _)):
          text.set(value)
          remembered[text.place] = message.map { Remembered(message: $0, shown: value) }
        case .failure(.ambiguous(let candidates)):
          let msgid = candidates.first?.match.msgid ?? current
          unresolved.append(msgid)
          remembered[text.place] = Remembered(message: nil, unresolved: msgid, shown: current)
        case .failure(.unknown):
          remembered[text.place] = Remembered(message: nil, shown: current)
        case .failure(.cannotRender(let message)):
          // Another language may make it.
          remembered[text.place] = Remembered(message: message, shown: current)
        case .failure:
          continue
        }
      }
    }
  }
}
