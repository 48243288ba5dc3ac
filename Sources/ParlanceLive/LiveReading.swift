import Foundation
import Parlance
import ParlanceGtk

/// Every text a running program (with the module) shows, read back from its widgets,
/// each with the message of its catalogs it came from, where that message was supplied
/// from, and where the text is drawn: `ui-strings --run` and `screenshot --run`.
public struct LiveReading: Sendable {
  /// Where a shown text came from.
  public enum Status: String, Sendable {
    /// The language's catalog translates its message (or the language is the
    /// development language, whose texts are the msgids).
    case translated
    /// Another language of the chain does (`pt` for `pt-BR`).
    case fallback
    /// No catalog of the chain does: the msgid is shown.
    case untranslated
    /// No message of the program's catalogs shows it (a name, a number, the user's data).
    case none
  }

  /// One text, as the program's widgets show it.
  public struct Text: Sendable {
    /// The text as Collect read it.
    public let shown: LiveBus.Text
    /// The object showing it, for a reader (its GtkBuilder id, else the nearest
    /// ancestor's id and its class, else its class).
    public let object: String
    /// The message it came from; nil for a text of no catalog.
    public let message: Retranslator.ShownMessage?
    /// Where it came from.
    public let status: Status
    /// The language that supplied a fallback.
    public let suppliedBy: LanguageTag?
    /// The catalog entry that supplied it; nil when none did.
    public let source: EntryOrigin?
    /// Where it is drawn now (none for a tooltip, a closed menu; two for a text shown
    /// twice).
    public let places: [LiveBus.Place]
  }

  /// The language the program shows.
  public let language: LanguageTag
  /// Its windows, as drawn for this reading.
  public let windows: [LiveBus.Window]
  /// Every text, in the order the windows show them.
  public let texts: [Text]

  /// Reads `program` in the language it shows now (`language`, when the caller knows it
  /// better than the program's `LANGUAGE` says), after the frame that laid out what was
  /// asked of it before, with `catalogs` (its own, as `ProgramCatalogs` reads them); each
  /// window is written into `directory` as `window-N.png` (or `.pam`, as `format` says)
  /// when one is given. With `drawnOnly`, only the texts drawn are kept (a picture's
  /// report needs no others).
  ///
  /// - Throws: `LiveSwitch.Failure` when it does not answer, shows no window, or cannot
  ///   write the pictures.
  public static func read(
    _ program: LiveBus.Program, catalogs: ProgramCatalogs, language: LanguageTag? = nil,
    photographingInto directory: URL?, format: LiveBus.PictureFormat = .png,
    drawnOnly: Bool = false
  ) throws(LiveSwitch.Failure) -> LiveReading {
    let reading: LiveBus.Reading
    do {
      // A program still starting has up to 25 s to show its first window (the module's).
      reading = try LiveBus.read(
        program.busName, photographingInto: directory?.path, format: format,
        timeout: .seconds(30))
    } catch {
      throw LiveSwitch.Failure(description: "\(program.name) (pid \(program.pid)): \(error)")
    }
    return LiveReading(
      reading, of: program, catalogs: catalogs, language: language, drawnOnly: drawnOnly)
  }
}

extension LiveReading {
  /// What `reading` (of `program`, asked of its module) means: each text's message and
  /// where it was supplied from, as `read` finds them.
  package init(
    _ reading: LiveBus.Reading, of program: LiveBus.Program, catalogs: ProgramCatalogs,
    language: LanguageTag?, drawnOnly: Bool
  ) {
    let shown = reading.texts
    let photograph = reading.photograph
    let language = language ?? catalogs.shownLanguage(gettextLanguages: program.languages)
    let identify = Identification(catalogs: catalogs, language: language)
    var places: [UInt32: [LiveBus.Place]] = [:]
    for place in photograph.places { places[place.id, default: []].append(place) }
    let texts = shown.enumerated().compactMap { index, text -> Text? in
      if drawnOnly && places[text.id] == nil { return nil }
      let message = identify.message(of: text)
      let origin = message.map { identify.origin(of: $0) }
      return Text(
        shown: text,
        object: index < photograph.names.count ? photograph.names[index] : text.className,
        message: message, status: origin?.status ?? .none, suppliedBy: origin?.language,
        source: origin?.entry, places: places[text.id] ?? [])
    }
    self.init(language: language, windows: photograph.windows, texts: texts)
  }
}

/// How a reading finds each text's message and where it was supplied from.
private final class Identification {
  let catalogs: ProgramCatalogs
  let language: LanguageTag
  let development: LanguageTag
  /// The languages a message the language lacks is taken from, in order (as gettext
  /// falls back along `LANGUAGE`).
  let fallbacks: [LanguageTag]
  /// Made when first needed: a text whose message no switch set there.
  private lazy var retranslator: Retranslator? = try? Retranslator(
    localizer: catalogs.localizer, tables: catalogs.domains, from: language, to: language,
    fallbacks: fallbacks)
  /// Each text decided once: a menu shows one text in many places.
  private var decided: [String: Retranslator.ShownMessage?] = [:]

  init(catalogs: ProgramCatalogs, language: LanguageTag) {
    self.catalogs = catalogs
    self.language = language
    development = catalogs.localizer.developmentLanguage
    fallbacks = catalogs.fallbacks(for: language)
  }

  /// The message a switch set on the text and the program has kept, else the one the
  /// text reads as in the language shown; nil for a text of no catalog, or of several
  /// messages.
  func message(of text: LiveBus.Text) -> Retranslator.ShownMessage? {
    // A desktop entry's name a switch set is no catalog's message: read as a fresh start's.
    if let remembered = Retranslator.ShownMessage(encoded: text.message),
      remembered.table != DesktopEntryNames.table
    {
      return remembered
    }
    if let context = text.stockContext { return stockMessage(showing: text.text, in: context) }
    if let known = decided[text.text] { return known }
    var found: Retranslator.ShownMessage?
    if case .success(let outcome) = retranslator?.retranslate(text.text) {
      found = outcome.message
    }
    decided[text.text] = found
    return found
  }

  /// The message of GTK's catalog with `context` that shows the stock item's label
  /// `shown` in the language shown (a stock label's context says which item it is:
  /// "_Vor" is the navigation's "_Forward" or the media's).
  private func stockMessage(showing shown: String, in context: String) -> Retranslator.ShownMessage?
  {
    let table = "gtk30"
    guard catalogs.domains.contains(table) else { return nil }
    let index = catalogs.localizer.translationIndex(for: language, table: table)
    guard let match = index.messages(showing: shown).first(where: { $0.context == context })
    else { return nil }
    return Retranslator.ShownMessage(table: table, match: match)
  }

  /// Where `message` is supplied from in the language shown.
  func origin(of message: Retranslator.ShownMessage) -> (
    status: LiveReading.Status, language: LanguageTag?, entry: EntryOrigin?
  ) {
    let localizer = catalogs.localizer
    func entry(in language: LanguageTag) -> CatalogEntry? {
      localizer.catalog(for: language).tables[message.table]?[message.match.key]
    }
    if language == development { return (.translated, nil, nil) }
    if let found = entry(in: language) { return (.translated, nil, found.origin) }
    for fallback in fallbacks {
      if let found = entry(in: fallback) { return (.fallback, fallback, found.origin) }
    }
    return (.untranslated, nil, nil)
  }
}
