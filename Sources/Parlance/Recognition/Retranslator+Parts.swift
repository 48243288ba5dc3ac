/// Texts a program made of other texts: one wrapped whole in markup, or a few joined
/// with a separator. Each is switched by its parts (`Retranslator.retranslate`), and
/// like any text assembled, has no message of its own.
extension Retranslator {
  /// `shown` as one element of markup around a text of the tables (`<span
  /// size="small">…</span>`, as GtkAboutDialog wraps its licence line): the text inside
  /// switched, the element kept; nil when `shown` is no such element or the text inside
  /// is no text of the tables. Like a text assembled from parts, it has no message.
  func enclosed(_ shown: String) -> Outcome? {
    guard let (open, inside, close) = Self.enclosingElement(shown) else { return nil }
    switch retranslate(inside) {
    case .success(let (text, _, recipe)):
      let around = recipe.map { Recipe([.text(open)] + $0.parts + [.text(close)]) }
      return .success((open + text + close, nil, around))
    case .failure(.unknown): return nil
    case .failure(let reason): return .failure(reason)
    }
  }

  /// The opening tag, the text inside and the closing tag of `text` when it is one
  /// element from its first character to its last (`<b>Name</b>`, not `<b>a</b> and
  /// <b>b</b>`); nil otherwise.
  static func enclosingElement(_ text: String) -> (open: String, inside: String, close: String)? {
    guard text.hasPrefix("<"), let end = text.firstIndex(of: ">") else { return nil }
    let afterBracket = text.index(after: text.startIndex)
    let nameEnd = text[afterBracket..<end].firstIndex { $0 == " " || $0 == "/" } ?? end
    let name = text[afterBracket..<nameEnd]
    guard !name.isEmpty, name.allSatisfy({ $0.isASCII && $0.isLetter }),
      text[..<end].last != "/"
    else { return nil }
    let open = text[...end]
    let close = "</\(name)>"
    guard text.count > open.count + close.count, text.hasSuffix(close) else { return nil }
    let inside = text[open.endIndex..<text.index(text.endIndex, offsetBy: -close.count)]
    guard !inside.contains(close) else { return nil }
    return (String(open), String(inside), close)
  }

  /// The separators a program joins texts with, in the order they are tried: paragraphs
  /// (grsync's tooltips, an rsync option's own help and its translated description),
  /// lines (gnome-mines' board buttons, "<span …>8 × 8</span>\n<b>10</b> Minen"), a
  /// title and the program's name, a path of sections (mousepad's "Quelle/C"), a time
  /// before a message (geany's "21:21:46: Neue Datei »unbenannt« geöffnet."), a tooltip
  /// and its key (galculator's "Löschen    Rückschritt").
  static let separators = ["\n\n", "\n", " - ", " — ", " – ", " | ", "/", ": ", "    "]

  /// `shown` as texts joined by a separator, each switched where it is a text of the
  /// tables: at most three parts (more: the first and the rest), none empty (a path such
  /// as `/usr/share` is no such text), at least one a text of the tables (though it may
  /// read the same in both languages: "Unicode (UTF-8)" has a recipe for the next switch
  /// all the same), none ambiguous; or as a text followed by another in parentheses
  /// (`Westlich (ISO-8859-15)`, a name and its detail), switched the same way.
  func compound(_ shown: String) -> Outcome {
    // An editor's mark of a document changed since it was saved, before its title.
    let edited = marked(shown)
    guard case .failure(.unknown) = edited else { return edited }
    // A detail first: "Kyrillisch/Russisch (CP866)" is "Cyrillic/Russian" and its charset,
    // not "Kyrillisch" and the rest.
    let detailed = parenthesized(shown)
    guard case .failure(.unknown) = detailed else { return detailed }
    // A text and the colon the program put after it (zim's `_('Find') + ': '`).
    let labelled = colonned(shown)
    guard case .failure(.unknown) = labelled else { return labelled }
    // A text among signs before its separators: "Farbe: Schwarz ▾" is iagno's "Color:
    // Dark" and its menu button's arrow, not "Farbe" and a rest no table has.
    let signed = signed(shown)
    guard case .failure(.unknown) = signed else { return signed }
    let joined = compoundOfSeparators(shown)
    guard case .failure(.unknown) = joined else { return joined }
    let counted = numbered(shown)
    guard case .failure(.unknown) = counted else { return counted }
    return shortcut(shown)
  }

  /// The marks an editor puts before the title of a document changed since it was saved.
  static let changedMarks: Set<Character> = ["*", "•"]

  /// `shown` as a text of the tables after the mark an editor puts before the title of a
  /// document changed since it was saved (mousepad's "*Unbenannt 1 - Mousepad", gedit's
  /// "*Ungespeichertes Dokument 1", geany's "*unbenannt - Geany"): the text switched as
  /// any other, the mark kept. Only where a letter follows the mark.
  func marked(_ shown: String) -> Outcome {
    guard let mark = shown.first, Self.changedMarks.contains(mark),
      shown.dropFirst().first?.isLetter == true
    else { return .failure(.unknown) }
    switch retranslate(String(shown.dropFirst())) {
    case .success(let (text, _, recipe)):
      let after = recipe.map { Recipe([.text(String(mark))] + $0.parts) }
      return .success((String(mark) + text, nil, after))
    case .failure(let reason): return .failure(reason)
    }
  }

  /// `shown` as one word of the tables among numbers and signs, joined by spaces: a
  /// quantity and its unit a program formatted itself ("5 kB/s", "0 kB/s ▴"), the word
  /// switched. Only where every other word has no letter: "Meine Musik" is a name, not
  /// "Musik" to switch.
  func numbered(_ shown: String) -> Outcome {
    let words = shown.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    let lettered = words.indices.filter { words[$0].contains(where: \.isLetter) }
    guard words.count > 1, lettered.count == 1, let at = lettered.first else {
      return .failure(.unknown)
    }
    var pieces: [Piece] = []
    for (index, word) in words.enumerated() {
      if index > 0 { pieces.append(.glue(" ")) }
      pieces.append(index == at ? .part(word) : .glue(word))
    }
    return assembled(pieces)
  }

  /// `shown` as a text of the tables and a colon after it, with the spaces around it
  /// (`_("Folder") + ":"`, zim's "Suchen: "): the text switched, the colon kept as the
  /// program wrote it. Tried only where no message shows the whole, colon included.
  func colonned(_ shown: String) -> Outcome {
    let trimmed = shown.reversed().drop { $0 == " " }
    guard trimmed.first == ":" else { return .failure(.unknown) }
    let head = String(trimmed.dropFirst().drop { $0 == " " }.reversed())
    guard !head.isEmpty, !head.contains(":") else { return .failure(.unknown) }
    return assembled([.part(head), .glue(String(shown.dropFirst(head.count)))])
  }

  /// `shown` as a text of the tables of several words between words without letters (a
  /// sign, an arrow, a number), joined by spaces: a menu button's "Farbe: Schwarz ▾"
  /// (iagno's `"%s ▾"`), the words in the middle switched as one text.
  func signed(_ shown: String) -> Outcome {
    let words = shown.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    guard let first = words.firstIndex(where: { $0.contains(where: \.isLetter) }),
      let last = words.lastIndex(where: { $0.contains(where: \.isLetter) }),
      first < last, first > 0 || last < words.count - 1
    else { return .failure(.unknown) }
    var pieces: [Piece] = []
    if first > 0 { pieces.append(.glue(words[..<first].joined(separator: " ") + " ")) }
    pieces.append(.part(words[first...last].joined(separator: " ")))
    if last < words.count - 1 {
      pieces.append(.glue(" " + words[(last + 1)...].joined(separator: " ")))
    }
    return assembled(pieces)
  }

  /// `shown` as `text (detail)`: the text before the last ` (` and the one inside the
  /// parentheses that end it, each switched where it is a text of the tables, at least
  /// one of them a text of the tables.
  func parenthesized(_ shown: String) -> Outcome {
    guard shown.hasSuffix(")"), let open = shown.range(of: " (", options: .backwards) else {
      return .failure(.unknown)
    }
    let head = String(shown[..<open.lowerBound])
    let inside = String(shown[open.upperBound..<shown.index(before: shown.endIndex)])
    guard !head.isEmpty, !inside.isEmpty, !inside.contains("("), !inside.contains(")") else {
      return .failure(.unknown)
    }
    return assembled([.joinedPart(head), .glue(" ("), .part(inside), .glue(")")])
  }

  private func compoundOfSeparators(_ shown: String) -> Outcome {
    for separator in Self.separators where shown.contains(separator) {
      var parts = shown.components(separatedBy: separator)
      // More: a text and a name that holds the separator itself
      // ("Wissenschaftlich/IDL/PV-WAVE/GDL").
      if parts.count > 3 { parts = [parts[0], parts.dropFirst().joined(separator: separator)] }
      guard !parts.contains(where: \.isEmpty) else { continue }
      var pieces: [Piece] = []
      for part in parts {
        if !pieces.isEmpty { pieces.append(.glue(separator)) }
        pieces.append(.part(part))
      }
      let outcome = assembled(pieces)
      guard case .failure(.unknown) = outcome else { return outcome }
    }
    return .failure(.unknown)
  }

  /// `shown` as a shortcut, its key names switched: as GTK writes one
  /// (`gtk_accelerator_get_label`, in a program's tooltip "Speichern (Strg+S)", peek's
  /// "Start / Stop: Strg+Alt+R"), key names joined by "+", every one before the last one
  /// of GTK's "keyboard label" messages, the last a key's name or a key of its own ("S",
  /// "F4"), kept; or as Granite writes one (`Granite.accel_to_string`, under the text of
  /// an elementary program's tooltip: minder's "Neue Datei\nStrg + N"), joined by " + ",
  /// where a name may also be a message of the tables ("Umschalttaste", "Minus") and a
  /// key of signs ("⌘", "↑") is kept wherever it is.
  func shortcut(_ shown: String) -> Outcome {
    let spaced = shown.contains(" + ")
    let separator = spaced ? " + " : "+"
    let keys = shown.components(separatedBy: separator)
    guard keys.count >= 2, !keys.contains(where: \.isEmpty), spaced || !shown.contains(" ") else {
      return .failure(.unknown)
    }
    var text = ""
    var recipe: [Recipe.Part]? = []
    for (index, key) in keys.enumerated() {
      if index > 0 {
        text += separator
        recipe?.append(.text(separator))
      }
      if let (name, made) = keyName(key) ?? (spaced ? messageName(key) : nil) {
        text += name
        if let made { recipe?.append(contentsOf: made.parts) } else { recipe = nil }
      } else if index == keys.count - 1 || (spaced && !key.contains(where: \.isLetter)) {
        text += key
        recipe?.append(.text(key))
      } else {
        return .failure(.unknown)
      }
    }
    return .success((text, nil, recipe.map(Recipe.init)))
  }

  /// `key` as a whole message of the tables, of two letters or more (Granite's "Shift"),
  /// made in the target language with its recipe; nil for any other text.
  private func messageName(_ key: String) -> (text: String, recipe: Recipe?)? {
    guard key.filter(\.isLetter).count >= 2,
      case .success(let (text, _, recipe)) = retranslateWhole(key, remembered: nil)
    else { return nil }
    return (text, recipe)
  }

  /// `key` as one of GTK's names of keys ("keyboard label": "Strg" is "Ctrl"), made in
  /// the target language with its recipe; nil for any other text.
  private func keyName(_ key: String) -> (text: String, recipe: Recipe?)? {
    for entry in indexes {
      guard
        let match = entry.shown.messages(showing: key).first(where: {
          $0.context == "keyboard label" && $0.isExact
        })
      else { continue }
      let message = ShownMessage(table: entry.table, match: match)
      return rendered(message, as: message, shown: key)
    }
    return nil
  }

  /// Whether `part` is the program's name: its own table's (text domain's), whatever the
  /// case. Programs write it into their titles as it is ("Unbenannt 1 - Mousepad"),
  /// though their catalog may translate it for their menu entry (mousepad's Arabic
  /// "ماوس باد").
  private func isProgramsName(_ part: String) -> Bool {
    guard let own = tables.first else { return false }
    return part.caseInsensitiveCompare(own) == .orderedSame
  }

  /// A piece of a text a program joined: a part that may be a text of the tables, or
  /// what it put between the parts.
  private enum Piece {
    case part(String)
    /// A part that may itself be texts joined by a separator ("Quelle/C (UTF-8)").
    case joinedPart(String)
    case glue(String)
  }

  /// The text `pieces` make, each part switched where it is a text of the tables (one of
  /// fewer than two letters, a key "R" or a sign, is what it is: a letter alone is too
  /// likely another text's; so is the program's name, `isProgramsName`), the glue kept,
  /// with the recipe of the whole; unknown when no part is a text of the tables, the
  /// reason of the first part that is left.
  private func assembled(_ pieces: [Piece]) -> Outcome {
    var text = ""
    // Each part's recipe (a part no table has is its text), the glue between.
    var recipe: [Recipe.Part]? = []
    var found = false
    for piece in pieces {
      switch piece {
      case .glue(let glue):
        text += glue
        recipe?.append(.text(glue))
      case .part(let part), .joinedPart(let part):
        var outcome: Outcome =
          part.filter(\.isLetter).count >= 2 && !isProgramsName(part)
          ? retranslateWhole(part, remembered: nil) : .failure(.unknown)
        if case .joinedPart = piece, case .failure(.unknown) = outcome {
          outcome = compoundOfSeparators(part)
        }
        // A part that is one word of the tables among numbers: a key on the number pad
        // ("NB 2", GTK's "KP" in German, in galculator's "Zwei    NB 2").
        if case .failure(.unknown) = outcome { outcome = numbered(part) }
        if case .failure(.unknown) = outcome { outcome = shortcut(part) }
        // A part in markup of its own: Granite's shortcut under a tooltip's text.
        if case .failure(.unknown) = outcome, let inside = enclosed(part) { outcome = inside }
        switch outcome {
        case .success(let (made, _, madeRecipe)):
          text += made
          found = true
          if let madeRecipe { recipe?.append(contentsOf: madeRecipe.parts) } else { recipe = nil }
        case .failure(.unknown):
          text += part
          recipe?.append(.text(part))
        case .failure(let reason):
          return .failure(reason)
        }
      }
    }
    guard found else { return .failure(.unknown) }
    return .success((text, nil, recipe.map(Recipe.init)))
  }
}
