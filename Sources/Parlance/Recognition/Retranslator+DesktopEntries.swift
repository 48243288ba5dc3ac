extension Retranslator {
  /// `shown`, a text of no message, as the name of an installed desktop entry in the
  /// language shown (`desktopEntries`), made in the target language; nil when it is
  /// none, or no names are given. `remembered` is the entry's key a switch set there
  /// before.
  ///
  /// ```
  /// "Zubehör"            de → fr   "Accessoires"       (Utility.directory's Name)
  /// "<b>Zubehör</b>"     de → fr   "<b>Accessoires</b>"
  /// "Sound &amp; Video"  en → de   "Multimedia"        (in a markup column)
  /// ```
  ///
  /// A text is an entry's name where the language shown has a translation of it, and
  /// where the entry has none at all (a name alike in every language, "System
  /// Settings"). An untranslated name of an entry that has translations is one only in
  /// a list (`inList`): shown alone, "Mousepad" is the program's name, which its own
  /// window shows in every language, and not its menu entry's (Arabic "ماوس باد").
  ///
  /// Several entries showing the text that the target language writes differently leave
  /// it (`ambiguous`: `desktopEntryName(among:besides:)` may decide it by the rest of
  /// its list). A name alike in every language has a recipe (the text kept); the others
  /// none, since gettext cannot make them: the next switch decides them again, from the
  /// key remembered.
  func desktopEntryName(_ shown: String, inList: Bool = false, remembered: String? = nil)
    -> Outcome?
  {
    guard let names = desktopEntries else { return nil }
    // As GTK shows it, wrapped in elements (mozo's "<small><i>Sonstige</i></small>"), or
    // as a markup column writes it ("&amp;").
    var readings = [(text: shown, open: "", close: "", isMarkup: false)]
    var (opened, inner, closed) = ("", shown, "")
    while let (open, inside, close) = Self.enclosingElement(inner) {
      (opened, inner, closed) = (opened + open, inside, close + closed)
      readings.append((inner, opened, closed, true))
    }
    if inner.utf8.contains(UInt8(ascii: "&")), let plain = ShownTextForm.plainText(ofMarkup: inner),
      plain != inner
    {
      readings.append((plain, opened, closed, true))
    }
    let from = DesktopEntryNames.languageNames([source.gettextLocaleName])
    for reading in readings {
      let keys: [String]
      if let remembered {
        guard names.text(of: remembered, languages: from) == reading.text else { continue }
        keys = [remembered]
      } else {
        keys = names.keys(showing: reading.text, languages: from, untranslatedToo: inList)
      }
      guard !keys.isEmpty else { continue }
      let messages = keys.map(Self.desktopEntryMessage)
      guard let made = desktopEntryName(of: messages) else {
        return .failure(.ambiguous(messages))
      }
      let text = reading.isMarkup ? Self.markupEscaped(made.text) : made.text
      let whole = reading.open + text + reading.close
      return .success((whole, messages[0], made.isAlike ? Recipe.kept(whole) : nil))
    }
    return nil
  }

  /// Of `candidates`, desktop entries that show a row of a list in different ways, the
  /// one the entries of the list's other rows (`siblings`, their keys) decide: those
  /// that share the most menus with them (a menu's categories are the `.directory` files
  /// one menu file names: GNOME's "Multimedia" is AudioVideo.directory, Xfce's
  /// xfce-multimedia.directory), or the applications among applications; then those
  /// with the key most of them have (a category's `Name`, not another's `Comment`
  /// written alike). Nil where that leaves different texts.
  func desktopEntryName(among candidates: [ShownMessage], besides siblings: [String])
    -> Outcome?
  {
    guard let names = desktopEntries,
      candidates.allSatisfy({ $0.table == DesktopEntryNames.table })
    else { return nil }
    func keyName(_ key: String) -> Substring { key.split(separator: "\u{4}").last ?? "" }
    func best(_ candidates: [ShownMessage], by score: (String) -> Int) -> [ShownMessage] {
      let scores = candidates.map { score($0.match.key) }
      guard let best = scores.max(), best > 0 else { return [] }
      return zip(candidates, scores).filter { $0.1 == best }.map(\.0)
    }
    var chosen = best(candidates) { key in
      siblings.reduce(0) { $0 + names.sharedMenus(key, $1) }
    }
    if chosen.count > 1, desktopEntryName(of: chosen) == nil {
      chosen = best(chosen) { key in siblings.filter { keyName($0) == keyName(key) }.count }
    }
    guard !chosen.isEmpty, let made = desktopEntryName(of: chosen) else { return nil }
    return .success((made.text, chosen[0], made.isAlike ? Recipe.kept(made.text) : nil))
  }

  /// The one text `messages` (desktop entries) give in the target language, and whether
  /// each entry is alike in every language; nil where they give different texts.
  private func desktopEntryName(of messages: [ShownMessage]) -> (text: String, isAlike: Bool)? {
    guard let names = desktopEntries else { return nil }
    let to = DesktopEntryNames.languageNames(([target] + fallbacks).map(\.gettextLocaleName))
    let made = Set(messages.compactMap { names.text(of: $0.match.key, languages: to) })
    guard made.count == 1, let text = made.first else { return nil }
    return (text, messages.allSatisfy { names.isAlikeInEveryLanguage($0.match.key) })
  }

  /// The message naming desktop entry `key`.
  static func desktopEntryMessage(_ key: String) -> ShownMessage {
    ShownMessage(
      table: DesktopEntryNames.table,
      match: TranslationIndex.Match(
        key: key, form: nil, arguments: [], values: [], count: nil, isExact: true))
  }

  /// `text` written for Pango markup: `&`, `<` and `>` as entities.
  static func markupEscaped(_ text: String) -> String {
    guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return text }
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      default: result.append(character)
      }
    }
    return result
  }
}
