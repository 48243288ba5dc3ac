extension Retranslator {
  /// How a place's text is made in any language without deciding it again: literal
  /// texts and plain messages, each message as gettext answers it in the language
  /// switched to. A GTK module keeps it at the place with the text it set, and makes
  /// the next switch there itself while the text is still that one
  /// (`parlance_render_recipe`).
  ///
  /// ```
  /// "_Datei"                    [message "_File"]
  /// "  Farbschema      "        ["  ", message "Color Scheme", "      "]
  /// "Auszeichnung/AsciiDoc"     [message "Markup", "/AsciiDoc"]
  /// "AsciiDoc      "            ["AsciiDoc      "]   no catalog has it: kept as it is
  /// ```
  public struct Recipe: Hashable, Sendable {
    /// A piece of the text.
    public enum Part: Hashable, Sendable {
      /// The same in every language.
      case text(String)
      /// The message of `key` (context, U+0004, msgid) in text domain `table`, as
      /// gettext answers it; its mnemonic markers left out when `withoutMnemonic`.
      case message(table: String, key: String, withoutMnemonic: Bool)
    }

    /// The parts in order, adjacent texts joined and empty ones left out.
    public let parts: [Part]

    /// The recipe of `parts`.
    public init(_ parts: [Part]) {
      var joined: [Part] = []
      for part in parts {
        switch (part, joined.last) {
        case (.text(let text), _) where text.isEmpty: continue
        case (.text(let text), .text(let before)?): joined[joined.count - 1] = .text(before + text)
        default: joined.append(part)
        }
      }
      self.parts = joined
    }

    /// The recipe of a text no catalog has (a name, a number): the text itself.
    public static func kept(_ text: String) -> Recipe { Recipe([.text(text)]) }

    /// Whether it is only text: no message in it.
    public var isLiteral: Bool {
      parts.allSatisfy {
        if case .text = $0 { true } else { false }
      }
    }

    /// The recipe as the module reads it: parts joined by U+001E, each `T` and a text,
    /// or `M` (`m` without mnemonic), the table, U+001F and the key; nil when a text
    /// holds either separator, or the recipe is empty.
    public var encoded: String? {
      var fields: [String] = []
      for part in parts {
        switch part {
        case .text(let text):
          guard !Self.holdsSeparator(text) else { return nil }
          fields.append("T" + text)
        case .message(let table, let key, let withoutMnemonic):
          guard !Self.holdsSeparator(table), !Self.holdsSeparator(key), !table.isEmpty else {
            return nil
          }
          fields.append((withoutMnemonic ? "m" : "M") + table + "\u{1F}" + key)
        }
      }
      return fields.isEmpty ? nil : fields.joined(separator: "\u{1E}")
    }

    /// The recipe written for a stock button: GTK makes its label from the stock id.
    public static let toolkitItem = "S"

    private static func holdsSeparator(_ text: String) -> Bool {
      text.utf8.contains { $0 == 0x1E || $0 == 0x1F }
    }
  }
}
