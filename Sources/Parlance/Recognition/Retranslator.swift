import Foundation

/// What a text on screen becomes in another language: the message it was made from,
/// traced back through the catalogs of the language it is shown in, and that message in
/// the new language with the shown text's arguments and what was around it.
///
/// ```
/// German → French, tables ["mousepad", "gtk30"]:
/// "_Abbrechen"          → gtk30 "_Cancel"              → "_Annuler"
/// "<b>Auf diesem Rechner</b>" → gtk30 "On This Computer" → "<b>Sur cet ordinateur</b>"
/// "3 Dateien"           → "%d file" form 1, count 3    → "3 fichiers"
/// "Aushängen"           → "Unmount", "_Unmount", …     → decided by what French shows
/// ```
///
/// A text is looked up in each table in order: the translations of the language shown,
/// then the msgids (a text a language leaves untranslated shows its msgid), then printf
/// messages that have a word of their own (`%s, %s` would take an untranslated list of
/// addresses for a message). Several candidates are decided by what the new language
/// shows for each (`choose`); one that stays open is not guessed: `retranslate` returns
/// nil and says why. The message found is returned too, for the caller to remember on
/// the place it was shown, so that the next switch starts from it (`ShownMessage`).
public struct Retranslator: Sendable {
  /// The message a shown text was made from, with what a later switch needs to make it
  /// again: its table, the index's match (key, form, arguments, count).
  public struct ShownMessage: Hashable, Sendable {
    /// The table (text domain) the message is in.
    public let table: String
    /// The message, form and arguments.
    public let match: TranslationIndex.Match

    /// The message as one line, for a place to keep (a GTK module keeps it on the
    /// widget): table, key, form, count, exactness, then typed arguments, separated by
    /// U+001F.
    public var encoded: String {
      var fields = [
        table, match.key, match.form.map(String.init) ?? "", match.count.map(String.init) ?? "",
        match.isExact ? "1" : "0",
      ]
      for (text, value) in zip(match.arguments, match.values) {
        switch value {
        case .integer(let number): fields.append("i" + String(number))
        case .unsigned(let number): fields.append("u" + String(number))
        case .double(let number): fields.append("d" + String(number))
        case .string: fields.append("s" + text)
        }
      }
      return fields.joined(separator: "\u{1F}")
    }

    /// The message of a line `encoded` wrote; nil for anything else.
    public init?(encoded: String) {
      let fields = encoded.split(separator: "\u{1F}", omittingEmptySubsequences: false)
        .map(String.init)
      guard fields.count >= 5, !fields[0].isEmpty, !fields[1].isEmpty else { return nil }
      var arguments: [String] = []
      var values: [MessageArgument] = []
      for field in fields.dropFirst(5) {
        let text = String(field.dropFirst())
        switch field.first {
        case "i": values.append(.integer(Int64(text) ?? 0))
        case "u": values.append(.unsigned(UInt64(text) ?? 0))
        case "d": values.append(.double(Double(text) ?? 0))
        default: values.append(.string(text))
        }
        arguments.append(text)
      }
      self.init(
        table: fields[0],
        match: TranslationIndex.Match(
          key: fields[1], form: Int(fields[2]), arguments: arguments, values: values,
          count: UInt64(fields[3]), isExact: fields[4] == "1"))
    }

    /// The message `match` of `table`.
    public init(table: String, match: TranslationIndex.Match) {
      self.table = table
      self.match = match
    }
  }

  /// Why a text was left as it is.
  public enum Unresolved: Error, Hashable, Sendable {
    /// No message of the tables shows it.
    case unknown
    /// Several messages show it, with different texts in the new language.
    case ambiguous([ShownMessage])
    /// Its message cannot be made in the new language: no catalog of the language, its
    /// fallbacks or the development language has it, or its arguments do not fit.
    case cannotRender(ShownMessage)
    /// It is a row of a list whose other rows are not all texts of the tables (the
    /// user's data beside it): such a list is switched whole or not at all.
    case sharedColumn
    /// It is a row of a model the program keeps itself (no list or tree store, or one
    /// it filters or sorts), which only the program can set.
    case ownModel
  }

  /// A text's new text, its message and its recipe, or why it is left.
  /// The message is nil for a text assembled from parts (`compound`), which has none;
  /// the recipe is nil where the text cannot be made from messages alone (a message
  /// with arguments, a text matched only once markup is left out).
  public typealias Outcome = Result<
    (text: String, message: ShownMessage?, recipe: Recipe?), Unresolved
  >

  /// The catalogs, pinned to the language switched to.
  public let localizer: Localizer
  /// The tables (text domains) a text may come from, the most likely first.
  public let tables: [String]
  /// The language the texts are shown in now.
  public let source: LanguageTag
  /// The language they switch to.
  public let target: LanguageTag
  /// Where a message the target language does not translate is taken from, in order,
  /// before its msgid (the development language's text), as gettext falls back along
  /// `LANGUAGE`: `pt` after `pt-BR`.
  public let fallbacks: [LanguageTag]
  /// The messages the program asked gettext for, each its table, U+001F and its key
  /// (`askedName`); empty when not known. Of several messages that show a text, those
  /// it asked for are taken: "Erweitert" is gtk30's "Advanced" and "Miscellaneous",
  /// and a program that never asked for "Advanced" shows "Miscellaneous".
  public var asked: Set<String> = [] {
    didSet { askedTables = Self.tables(of: asked) }
  }
  /// The names of installed desktop entries, for a text no message shows: a menu
  /// editor's categories, an application chooser's applications
  /// (`desktopEntryName`, which `ProgramCatalogs.plan` asks). nil looks up none.
  public var desktopEntries: DesktopEntryNames?
  /// The tables of `asked`: the program asks gettext for their messages. A table it asked
  /// nothing of it reads some other way (a wxWidgets or Ruby program's own reader of its
  /// `.mo` files), or not at all, and its messages are not judged by `asked`.
  private(set) var askedTables: Set<String> = []

  /// The tables of `asked` names (`askedName`).
  public static func tables(of asked: Set<String>) -> Set<String> {
    Set(asked.compactMap { $0.split(separator: "\u{1F}", maxSplits: 1).first.map(String.init) })
  }

  /// Whether `key` of `table` is a message the program never asked gettext for, of a
  /// table it asks gettext for (`asked` and its `tables(of:)`): a text shown only by such
  /// messages is its data spelled like one. False for every message without a record.
  public static func neverAsked(
    table: String, key: String, asked: Set<String>, askedTables: Set<String>
  ) -> Bool {
    askedTables.contains(table) && !asked.contains(askedName(table: table, key: key))
  }

  /// The name of `key` of `table` in `asked`.
  public static func askedName(table: String, key: String) -> String {
    table + "\u{1F}" + key
  }

  /// Per table: the index of the language shown, those of the msgids a text shown as its
  /// msgid may be, and the language shown's own table (nil for the development
  /// language): a msgid it translates otherwise is not its text. Built when a text is
  /// first looked up: a switch of texts whose messages are all remembered builds none.
  var indexes: [TableIndexes] { builtIndexes.value }
  typealias TableIndexes = (
    table: String, shown: TranslationIndex, msgids: [TranslationIndex], translated: CatalogTable?
  )

  /// A retranslator from `source` to `target` over `tables` of `localizer`, which it
  /// pins to `target` (for this run only); a message `target` does not translate is
  /// made in the first of `fallbacks` that does, else shown as its msgid.
  ///
  /// A text shown as its msgid is known by the msgids `target` translates; those of the
  /// catalogs of `msgidsOf` are known too (the languages the program showed before: a
  /// text neither the language shown nor the target translates, which shows its msgid
  /// in both, is in their catalogs, not in these two).
  ///
  /// - Throws: `LocalizerError` when `target` has no catalog and is not the development
  ///   language.
  public init(
    localizer: Localizer, tables: [String], from source: LanguageTag, to target: LanguageTag,
    fallbacks: [LanguageTag] = [], msgidsOf known: [LanguageTag] = []
  ) throws(LocalizerError) {
    if target != localizer.developmentLanguage || localizer.language != target {
      do {
        try localizer.switchLanguage(to: .pinned(target), persisting: false)
      } catch {
        if target != localizer.developmentLanguage { throw error }
      }
    }
    self.localizer = localizer
    self.tables = tables
    self.source = source
    self.target = target
    self.fallbacks = fallbacks
    builtIndexes = Computed {
      Self.indexes(localizer: localizer, tables: tables, from: source, to: target, msgidsOf: known)
    }
  }

  /// `indexes`, once read.
  private let builtIndexes: Computed<[TableIndexes]>

  /// The text `shown` becomes in the target language, and its message; `remembered` is
  /// the message a switch set there before (when the text is still what it set), and
  /// `declared` the catalog keys the program's interface file gives its place (a
  /// GtkBuilder id's property), which decide between several messages that show it.
  ///
  /// A text no message shows whole may be one a program made of other texts: wrapped
  /// whole in markup, or a few joined with a separator ("Quelle/C", "Unbenannt 1 -
  /// Mousepad"): each part that is a text of the tables is switched, the others (a name)
  /// stay (Retranslator+Parts.swift).
  public func retranslate(
    _ shown: String, remembered: ShownMessage? = nil, declared: Set<String> = []
  ) -> Outcome {
    let whole = retranslateWhole(shown, remembered: remembered, declared: declared)
    guard remembered == nil else { return whole }
    switch whole {
    case .failure(.unknown):
      if let inside = enclosed(shown) { return inside }
      return compound(shown)
    case .success(let (_, message, _))
    where message?.match.arguments.contains(where: { $0.contains(where: \.isLetter) }) == true:
      // A printf message that leaves words to its argument may be a lesser reading of a
      // message among signs: "Farbe: Schwarz ▾" is gtk30's "Color: %s" of "Schwarz ▾",
      // and better iagno's "Color: Dark" and its menu button's arrow.
      let signed = signed(shown)
      if case .success = signed { return signed }
      return whole
    default:
      return whole
    }
  }

  /// `shown` as one message of the tables (the one remembered, when given), made in the
  /// target language.
  func retranslateWhole(
    _ shown: String, remembered: ShownMessage?, declared: Set<String> = []
  ) -> Outcome {
    let message: ShownMessage
    if let remembered, remembered.table == DesktopEntryNames.table {
      return desktopEntryName(shown, remembered: remembered.match.key)
        ?? retranslateWhole(shown, remembered: nil, declared: declared)
    } else if let remembered {
      message = remembered
    } else {
      // Normalized once for every index asked.
      let (normalized, indexes) = (TranslationIndex.comparableForm(of: shown), indexes)
      var found: [ShownMessage] = []
      for entry in indexes {
        found += entry.shown.messages(showing: shown, normalized: normalized).map {
          ShownMessage(table: entry.table, match: $0)
        }
      }
      // Messages the program never asked for are not what it shows: the next readings
      // are tried as if none was found.
      func unasked(_ messages: [ShownMessage]) -> Bool {
        messages.allSatisfy {
          Self.neverAsked(
            table: $0.table, key: $0.match.key, asked: asked, askedTables: askedTables)
        }
      }
      // A text shown as its msgid, which the language shown leaves untranslated. Where
      // only later tables translate the text so, a more likely table's msgid is a
      // reading as good (gucharmap's "Soyombo", untranslated in French, and gtk30's
      // "Script|Soyombo", which French translates as "Soyombo"): `choose` decides.
      let likeliest = found.compactMap { message in
        indexes.firstIndex { $0.table == message.table }
      }.min()
      let untranslatedIn = unasked(found) ? indexes.count : (likeliest ?? indexes.count)
      for entry in indexes.prefix(untranslatedIn) {
        // Each msgid once, though several languages' catalogs have it; not one the
        // language shown translates: it would show that ("kB/s" in French is "Ko/s").
        var seen = Set<String>()
        found += entry.msgids.flatMap { $0.messages(showing: shown, normalized: normalized) }
          .filter { seen.insert($0.key).inserted && entry.translated?.value($0.key) == nil }
          .map { ShownMessage(table: entry.table, match: $0) }
      }
      if unasked(found) {
        for entry in indexes {
          found += entry.shown.recognize(shown, normalized: normalized).map {
            ShownMessage(table: entry.table, match: $0)
          }
          .filter { Self.hasWords(template(of: $0, in: source)) }
        }
      }
      // A text none of whose messages the program asked gettext for, all of tables it
      // asks gettext for, is none of them: its data spelled like one (bluefish's
      // snippet "Links" is not GTK's "Left"), or a word of a catalog it reads itself (a
      // wxWidgets program's "Trennen" is not GTK's "Disconnect").
      if unasked(found) { return .failure(.unknown) }
      // The message the interface file gives the place, when it is one of them.
      let declaredOnes = found.filter { declared.contains($0.match.key) }
      if !declaredOnes.isEmpty { found = declaredOnes }
      // Then those the program asked gettext for, when they decide it: where they
      // still leave a choice, the others may settle it (mousepad asks for "_Find" and
      // "_Search", both "_Suchen", and GTK's stock "_Find" makes "_Find" the one).
      var settled: ShownMessage?
      if found.count > 1, !asked.isEmpty {
        let askedOnes = found.filter {
          asked.contains(Self.askedName(table: $0.table, key: $0.match.key))
        }
        if !askedOnes.isEmpty, askedOnes.count < found.count,
          case .success(let chosen) = choose(askedOnes, shown: shown)
        {
          settled = chosen
        }
      }
      switch settled.map({ .success($0) }) ?? choose(found, shown: shown) {
      case .success(let chosen): message = chosen
      case .failure(let reason): return .failure(reason)
      }
    }
    let (translated, argumentMessages, shortcuts) = translatingArguments(of: message)
    guard
      let (text, recipe) = rendered(
        message, as: translated, shown: shown, argumentMessages: argumentMessages)
    else {
      return .failure(.cannotRender(message))
    }
    return .success((text, translated, shortcuts ? nil : recipe))
  }

  /// `message` with each text argument that is itself a text of the tables, shown
  /// exactly (a style scheme's name in "%s | Authors: %s"), or a shortcut GTK wrote
  /// (`shortcut`), in the target language; the message each such argument is, by
  /// position, whether its text changes or not; and whether a shortcut changed, which no
  /// recipe makes: the text is decided again from its message at the next switch.
  private func translatingArguments(of message: ShownMessage) -> (
    message: ShownMessage, arguments: [Int: ShownMessage], shortcuts: Bool
  ) {
    var arguments = message.match.arguments
    var values = message.match.values
    var messages: [Int: ShownMessage] = [:]
    var (changed, shortcuts) = (false, false)
    for (position, value) in values.enumerated() {
      guard case .string(let text) = value, text.contains(where: \.isLetter) else { continue }
      var found: [ShownMessage] = []
      for entry in indexes {
        found += entry.shown.messages(showing: text).filter(\.isExact).map {
          ShownMessage(table: entry.table, match: $0)
        }
      }
      guard case .success(let chosen) = choose(found, shown: text),
        let new = render(chosen, as: chosen, shown: text)
      else {
        // "Start/stop: %s" with "Strg+Alt+R" (peek's tooltip).
        if found.isEmpty, case .success(let (new, _, _)) = shortcut(text), new != text {
          (arguments[position], values[position], changed, shortcuts) = (
            new, .string(new), true, true
          )
        }
        continue
      }
      messages[position] = chosen
      guard new != text else { continue }
      arguments[position] = new
      values[position] = .string(new)
      changed = true
    }
    guard changed else { return (message, messages, false) }
    let match = message.match
    return (
      ShownMessage(
        table: message.table,
        match: TranslationIndex.Match(
          key: match.key, form: match.form, arguments: arguments, values: values,
          count: match.count, isExact: match.isExact)),
      messages, shortcuts
    )
  }

  /// The message as the catalog of `language` writes it, or its msgid.
  private func template(of message: ShownMessage, in language: LanguageTag) -> String {
    localizer.catalog(for: language).tables[message.table]?.value(message.match.key)
      ?? message.match.msgid
  }

  /// Whether `template` has a letter outside its printf conversions.
  static func hasWords(_ template: String) -> Bool {
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

  static func withoutMnemonic(_ text: String) -> String {
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
