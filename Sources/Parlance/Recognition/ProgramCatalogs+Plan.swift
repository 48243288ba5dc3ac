/// What a switch of a running program does to each text it shows: the plan of
/// `ProgramCatalogs`, and what a place remembers of a text it left.
extension ProgramCatalogs {
  /// What a switch does to each text, and what it leaves.
  public struct Plan: Sendable {
    /// A text to set: its index among the texts planned, the new text and the message to
    /// remember there.
    public struct Change: Hashable, Sendable {
      /// The text's index among those planned.
      public let index: Int
      /// Its new text.
      public let text: String
      /// The message to remember at its place (`Retranslator.ShownMessage.encoded`).
      public let message: String
      /// The recipe to remember there (`Retranslator.Recipe.encoded`, `toolkitItem`
      /// for a toolkit item), or empty.
      public let recipe: String

      init(index: Int, text: String, message: String, recipe: String) {
        self.index = index
        self.text = text
        self.message = message
        self.recipe = recipe
      }

      /// The change of `text` to what a retranslator `made` of it. A desktop entry's name
      /// is plain text: a markup column gets it escaped.
      init(
        index: Int, text: Text,
        _ made: (text: String, message: Retranslator.ShownMessage?, recipe: Retranslator.Recipe?)
      ) {
        let value =
          text.isMarkup && made.message?.table == DesktopEntryNames.table
            && ShownTextForm.plainText(ofMarkup: made.text) == nil
          ? Retranslator.markupEscaped(made.text) : made.text
        self.init(
          index: index, text: value, message: made.message?.encoded ?? "",
          recipe: made.recipe?.encoded ?? "")
      }
    }

    /// A text left as it is, and why.
    public struct Left: Hashable, Sendable {
      /// The text's index among those planned.
      public let index: Int
      /// The text, as shown.
      public let text: String
      /// Why it is left.
      public let reason: Retranslator.Unresolved
      /// The recipe to remember there, or empty: a text no catalog has, the rows of a
      /// list column left whole and a text several messages show are kept as they are
      /// (`Retranslator.Recipe.kept`), so that the next switch does not decide them
      /// again while they show the same (the program makes it alone); a row added to
      /// such a column has none, and the column is decided again, whole.
      public let recipe: String
      /// What to remember there, or empty: a text of the catalogs left as it is (several
      /// messages show it) remembers the language it is in (`ProgramCatalogs.leftMark`),
      /// so that a later switch decides it in that language, not as the user's data.
      public let message: String

      init(index: Int, text: Text, reason: Retranslator.Unresolved, shownIn language: LanguageTag) {
        self.index = index
        self.text = text.text
        self.reason = reason
        // A text of the catalogs remembers its language; all but one whose message
        // cannot be made are kept as they are.
        let (ofCatalogs, kept): (Bool, Bool)
        switch reason {
        case .ambiguous: (ofCatalogs, kept) = (true, true)
        case .cannotRender: (ofCatalogs, kept) = (true, false)
        case .unknown, .sharedColumn, .ownModel: (ofCatalogs, kept) = (false, true)
        }
        message = ofCatalogs ? ProgramCatalogs.leftMark(language) : ""
        recipe =
          kept && !text.isToolkitItem ? Retranslator.Recipe.kept(text.text).encoded ?? "" : ""
      }
    }

    /// The language switched to, as found among the catalogs.
    public let language: LanguageTag
    /// gettext's names for it and its fallbacks: the program's new `LANGUAGE`.
    public let gettextLanguages: [String]
    /// Right to left (Arabic, Hebrew, Persian…).
    public let isRightToLeft: Bool
    /// The texts to set.
    public let changes: [Change]
    /// The texts left as they are.
    public let left: [Left]
  }

  /// What a place remembers of a text of the catalogs a switch left as it is: the
  /// language it is shown in (`?de`), for the next switch to decide it in.
  public static func leftMark(_ language: LanguageTag) -> String { "?" + language.identifier }

  /// The language `leftMark` wrote into `message`, or nil.
  public static func leftLanguage(of message: String) -> LanguageTag? {
    guard message.hasPrefix("?") else { return nil }
    return try? LanguageTag(String(message.dropFirst()))
  }

  /// What each of `texts`, shown in `source`, becomes in `target`, and what is left.
  ///
  /// A text a switch left (several messages showed it; its place remembers the
  /// language, `Plan.Left.message`) is decided in that language; one the program set
  /// again itself from a copy of its own after a switch (`Text.replaced`) in the
  /// language shown, `earlier` (the languages the program showed, the latest first) or
  /// `target`, whichever has it, the message remembered at its place first.
  ///
  /// `asked` are the messages the program asked gettext for (`Retranslator.asked`), or
  /// none when not known.
  ///
  /// - Throws: `LocalizerError` when no domain of the program has a catalog in `target`
  ///   and it is not the development language.
  public func plan(
    _ texts: [Text], from source: LanguageTag, to target: LanguageTag,
    earlier: [LanguageTag] = [], asked: Set<String> = []
  ) throws(LocalizerError) -> Plan {
    let (language, gettext, isRightToLeft) = destination(of: target)
    guard source != language else {
      // Nothing to retranslate; gettext and the direction are set again all the same.
      return Plan(
        language: language, gettextLanguages: gettext, isRightToLeft: isRightToLeft,
        changes: [], left: [])
    }
    // A text of no message may be an installed application's name: those are read
    // beside the catalogs' indexes.
    desktopEntries.readAhead()
    var retranslator = try Retranslator(
      localizer: localizer, tables: domains, from: source, to: language,
      fallbacks: fallbacks(for: language), msgidsOf: earlier)
    retranslator.asked = asked
    retranslator.desktopEntries = desktopEntries
    let before = EarlierLanguages(
      catalogs: self, languages: earlier + [language, localizer.developmentLanguage],
      target: language, asked: asked)
    var changes: [Plan.Change] = []
    var left: [Plan.Left] = []
    // A menu shows one text in many places: each text and remembered message is decided once.
    var decided: [Text: (outcome: Retranslator.Outcome, language: LanguageTag)] = [:]
    for (index, text) in texts.enumerated() {
      if text.isToolkitItem {
        changes.append(
          Plan.Change(
            index: index, text: text.text, message: "",
            recipe: Retranslator.Recipe.toolkitItem))
        continue
      }
      let result: (outcome: Retranslator.Outcome, language: LanguageTag)
      if let known = decided[text] {
        result = known
      } else {
        var outcome =
          before.decide(text, shownIn: source)
          ?? (
            retranslator.retranslate(
              text.text, remembered: Retranslator.ShownMessage(encoded: text.message),
              declared: text.declared), source
          )
        // A text of no message may be an installed application's or menu's name.
        if case .failure(.unknown) = outcome.outcome,
          let named = retranslator.desktopEntryName(text.text, inList: text.group != 0)
        {
          outcome.outcome = named
        }
        result = outcome
        decided[text] = result
      }
      var outcome = result.outcome
      // A text of the catalogs in the program's own model: said, not set.
      if text.isOwnModel, outcome.isCatalogText { outcome = .failure(.ownModel) }
      switch outcome {
      case .success(let made):
        changes.append(Plan.Change(index: index, text: text, made))
      case .failure(let reason):
        left.append(Plan.Left(index: index, text: text, reason: reason, shownIn: result.language))
      }
    }
    // Rows of a list that several desktop entries show: the entries of its other rows
    // decide (a menu editor's categories are one menu's).
    var siblings: [Int: [String]] = [:]
    for change in changes where texts[change.index].group != 0 {
      guard let message = Retranslator.ShownMessage(encoded: change.message),
        message.table == DesktopEntryNames.table
      else { continue }
      siblings[texts[change.index].group, default: []].append(message.match.key)
    }
    left.removeAll { entry in
      let text = texts[entry.index]
      guard case .ambiguous(let candidates) = entry.reason, let keys = siblings[text.group],
        case .success(let made)? = retranslator.desktopEntryName(among: candidates, besides: keys)
      else { return false }
      changes.append(Plan.Change(index: entry.index, text: text, made))
      return true
    }
    // Messages that differ in capitals alone: a label's is the one in header
    // capitalization, a tooltip's the sentence (ocrfeeder's action "Move Page Up", its
    // tooltip "Move page up", both "Seite nach oben" in German).
    left.removeAll { entry in
      let text = texts[entry.index]
      guard case .ambiguous(let candidates) = entry.reason,
        let chosen = Retranslator.byCapitals(candidates, sentence: text.isDescription),
        case .success(let made) = retranslator.retranslate(text.text, remembered: chosen)
      else { return false }
      changes.append(Plan.Change(index: entry.index, text: text, made))
      return true
    }
    changes.sort { $0.index < $1.index }
    // A list column with a text no catalog has holds the user's data: it is left whole.
    // A row left for another reason (several messages show it) is a catalog's text all
    // the same, and the other rows are switched. So are the rows of a column nearly all
    // of whose rows are catalog texts, each a message the program asked gettext for
    // (`catalogLists`): synaptic's 55 sections, 4 of them untranslated English.
    let broken = Set(left.filter { $0.reason == .unknown }.map { texts[$0.index].group })
      .subtracting([0])
      .subtracting(Self.catalogLists(of: texts, changes: changes, left: left, asked: asked))
    if !broken.isEmpty {
      for change in changes where broken.contains(texts[change.index].group) {
        left.append(
          Plan.Left(
            index: change.index, text: texts[change.index], reason: .sharedColumn,
            shownIn: source))
      }
      changes.removeAll { broken.contains(texts[$0.index].group) }
      left.sort { $0.index < $1.index }
    }
    return Plan(
      language: language, gettextLanguages: gettext, isRightToLeft: isRightToLeft,
      changes: changes, left: left)
  }
}

extension ProgramCatalogs {
  /// The groups (list columns) of `texts` that are lists of the program's catalog texts
  /// though some rows are no catalog's: with a whole record of what the program asked
  /// gettext for (`asked` not empty), at most a quarter of their texts no catalog's, and
  /// every row switched a message the program asked for. Such a text is one the program
  /// translated itself, which the user's data (a folder's name) is not; a column of the
  /// user's data that holds a few such names holds more names of no catalog. A text is
  /// counted once however many rows hold it: mate-search-tool's options list marks its
  /// five separators with rows reading "separator", which its combo box draws as lines.
  static func catalogLists(
    of texts: [Text], changes: [Plan.Change], left: [Plan.Left], asked: Set<String>
  ) -> Set<Int> {
    guard !asked.isEmpty else { return [] }
    var rows: [Int: Set<String>] = [:]
    for text in texts where text.group != 0 { rows[text.group, default: []].insert(text.text) }
    var unknown: [Int: Set<String>] = [:]
    for entry in left where entry.reason == .unknown {
      unknown[texts[entry.index].group, default: []].insert(texts[entry.index].text)
    }
    // A row made of parts (no message) or of a message the program never asked for.
    func isAsked(_ change: Plan.Change) -> Bool {
      guard let message = Retranslator.ShownMessage(encoded: change.message) else { return false }
      return asked.contains(Retranslator.askedName(table: message.table, key: message.match.key))
    }
    let unasked = Set(changes.filter { !isAsked($0) }.map { texts[$0.index].group })
    return Set(
      unknown.filter { group, names in
        group != 0 && !unasked.contains(group) && names.count * 4 <= rows[group]?.count ?? 0
      }.keys)
  }
}

extension Result
where
  Success == (text: String, message: Retranslator.ShownMessage?, recipe: Retranslator.Recipe?),
  Failure == Retranslator.Unresolved
{
  /// Whether the text is one of the catalogs' (decided, or shown by several messages).
  fileprivate var isCatalogText: Bool {
    switch self {
    case .success, .failure(.ambiguous), .failure(.cannotRender): true
    case .failure(.unknown), .failure(.sharedColumn), .failure(.ownModel): false
    }
  }
}
