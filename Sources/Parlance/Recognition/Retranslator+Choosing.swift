/// Deciding between several messages that show one text.
extension Retranslator {
  /// The one message of `candidates` (for the text `shown`), decided by what the target
  /// language shows for each.
  ///
  /// In order: some are key or action names (`unshownContexts`) → the others; some show
  /// the text as it is, mnemonic and markup included → only those; some show exactly the
  /// text → only those; all are printf messages → those whose arguments take the fewest
  /// characters of it; all show one text → that one; they differ only in the mnemonic
  /// (`_Annuler`, `A_nnuler`) → the mnemonic most of them put there, a message without
  /// context first; those of the most likely table agree → those; the messages whose
  /// msgid is the shown text itself (a translator kept `Name` as it is) agree → those;
  /// the messages without a context agree → those; one text is shown by more of them
  /// than any other → that.
  func choose(_ candidates: [ShownMessage], shown: String) -> Result<ShownMessage, Unresolved> {
    guard let first = candidates.first else { return .failure(.unknown) }
    if candidates.count == 1 { return .success(first) }
    // A key's name ("Zurück" is the Back key's) is what GTK writes into accelerators,
    // which are made again, not decided, and an accessible's action name no widget
    // shows: a text another message shows too is that one's (caja's back button, its
    // "_Back"; "Bearbeiten" shown without its mnemonic is "_Edit", not the action).
    let showable = candidates.filter { !Self.unshownContexts.contains($0.match.context ?? "") }
    if !showable.isEmpty, showable.count < candidates.count {
      return choose(showable, shown: shown)
    }
    // A message whose text in the language shown is in the shown text as it is, mnemonic
    // and markup included, before those that match only once they are left out:
    // "_Farbschema      " is "_Color Scheme", not "<b>Color Scheme</b>".
    let literal = candidates.filter { candidate in
      guard candidate.match.arguments.isEmpty, let old = shownText(of: candidate), !old.isEmpty
      else { return false }
      return shown.contains(old)
    }
    if !literal.isEmpty, literal.count < candidates.count {
      return choose(literal, shown: shown)
    }
    // Then those whose text is the shown text exactly, padding included.
    let exact = candidates.filter(\.match.isExact)
    if !exact.isEmpty, exact.count < candidates.count { return choose(exact, shown: shown) }
    // Of printf messages, those whose own words cover the most of the text (the
    // arguments the least): "Batch-Skript-Datei" is "%s-Skript-Datei" with "Batch",
    // not "%s-Datei" with "Batch-Skript".
    if candidates.allSatisfy({ !$0.match.arguments.isEmpty }) {
      let lengths = candidates.map { $0.match.arguments.reduce(0) { $0 + $1.count } }
      let least = lengths.min() ?? 0
      let covering = zip(candidates, lengths).filter { $0.1 == least }.map(\.0)
      if covering.count < candidates.count { return choose(covering, shown: shown) }
    }
    let shownForm = TranslationIndex.comparableForm(of: shown)
    let options = candidates.map { candidate in
      let text = text(of: candidate, in: target) ?? candidate.match.msgid
      return (message: candidate, text: text, form: TranslationIndex.comparableForm(of: text))
    }
    typealias Option = (message: ShownMessage, text: String, form: String)
    func agreed(_ group: [Option]) -> ShownMessage? {
      guard let head = group.first, group.allSatisfy({ $0.form == head.form }) else {
        return nil
      }
      let counts = Dictionary(grouping: group, by: \.text).mapValues(\.count)
      let most = counts.values.max() ?? 0
      let common = group.filter { counts[$0.text] == most }
      return (common.first { $0.message.match.context == nil } ?? common.first ?? head).message
    }
    if let chosen = agreed(options) { return .success(chosen) }
    // The most likely table's messages (the program's own domain before the toolkit's).
    if let table = tables.first(where: { table in options.contains { $0.message.table == table } }),
      options.contains(where: { $0.message.table != table }),
      let chosen = agreed(options.filter { $0.message.table == table })
    {
      return .success(chosen)
    }
    let identity = options.filter {
      TranslationIndex.comparableForm(of: $0.message.match.msgid) == shownForm
    }
    if let chosen = agreed(identity) { return .success(chosen) }
    if let chosen = agreed(options.filter({ $0.message.match.context == nil })) {
      return .success(chosen)
    }
    let votes = Dictionary(grouping: options, by: \.form).mapValues(\.count)
    let most = votes.values.max() ?? 0
    let leaders = votes.filter { $0.value == most }
    if leaders.count == 1, let form = leaders.first?.key,
      let chosen = agreed(options.filter { $0.form == form })
    {
      return .success(chosen)
    }
    return .failure(.ambiguous(candidates))
  }

  /// Of `candidates`, messages whose msgids differ in capitals alone (mnemonics left
  /// out), the one a text written as a `sentence` shows (the fewest capitals) or else a
  /// name (the most): GNOME's HIG writes labels and titles in header capitalization,
  /// tooltips and descriptions as sentences. Nil for messages that differ otherwise, or
  /// when two have the capitals chosen.
  ///
  /// ```
  /// ["Move Page Up", "Move page up"], sentence: false → "Move Page Up"
  /// ["Move Page Up", "Move page up"], sentence: true  → "Move page up"
  /// ```
  static func byCapitals(_ candidates: [ShownMessage], sentence: Bool) -> ShownMessage? {
    let msgids = candidates.map { withoutMnemonic($0.match.msgid) }
    guard candidates.count > 1, candidates.allSatisfy({ $0.match.arguments.isEmpty }),
      let first = msgids.first, Set(msgids).count > 1,
      msgids.allSatisfy({ $0.lowercased() == first.lowercased() })
    else { return nil }
    let capitals = msgids.map { $0.filter(\.isUppercase).count }
    guard let wanted = sentence ? capitals.min() : capitals.max() else { return nil }
    let chosen = Set(zip(msgids, capitals).filter { $0.1 == wanted }.map(\.0))
    guard chosen.count == 1, let index = msgids.firstIndex(where: chosen.contains) else {
      return nil
    }
    return candidates[index]
  }

  /// The contexts of GTK's messages no widget shows as its text: a key's name
  /// (gtk/gtkaccellabel.c, written into accelerators) and an accessible's action's name
  /// and description (gtk/a11y).
  static let unshownContexts: Set<String> = [
    "keyboard label", "Action name", "Action description",
  ]
}
