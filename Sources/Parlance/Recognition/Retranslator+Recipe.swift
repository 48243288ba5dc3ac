extension Retranslator {
  /// How a place's text is made in any language without deciding it again: literal
  /// texts, messages and printf messages with their arguments, each message as gettext
  /// answers it in the language switched to. A GTK module keeps it at the place with
  /// the text it set, and makes the next switch there itself while the text is still
  /// that one (`parlance_render_recipe`).
  ///
  /// ```
  /// "_Datei"                    [message "_File"]
  /// "  Farbschema      "        ["  ", message "Color Scheme", "      "]
  /// "Auszeichnung/AsciiDoc"     [message "Markup", "/AsciiDoc"]
  /// "AsciiDoc      "            ["AsciiDoc      "]   no catalog has it: kept as it is
  /// "Zeile: 3 Spalte: 12"       [format "Line: %d Column: %d" with 3, 12]
  /// "3 Dateien"                 [format "%d file" / "%d files", count 3]
  /// "Klassisch | Autoren: Anna" [format "%s | Authors: %s" with message "Classic", "Anna"]
  /// ```
  public struct Recipe: Hashable, Sendable {
    /// A piece of the text.
    public enum Part: Hashable, Sendable {
      /// The same in every language.
      case text(String)
      /// The message of `key` (context, U+0004, msgid) in text domain `table`, as
      /// gettext answers it; its mnemonic markers left out when `withoutMnemonic`.
      case message(table: String, key: String, withoutMnemonic: Bool)
      /// A message with arguments, made by printf.
      case format(Format)
    }

    /// A printf message (a plural one with its count) and its arguments.
    public struct Format: Hashable, Sendable {
      /// The text domain.
      public let table: String
      /// The key: context, U+0004, msgid.
      public let key: String
      /// The `msgid_plural`, for a plural message (`dcngettext`), with `count`.
      public let plural: String?
      /// The number that chooses the plural form.
      public let count: UInt64?
      /// The arguments, by position.
      public let arguments: [Argument]
      /// Its mnemonic markers left out of the text made.
      public let withoutMnemonic: Bool

      /// The message `key` of `table`, its `plural` with `count`, made with `arguments`.
      public init(
        table: String, key: String, plural: String? = nil, count: UInt64? = nil,
        arguments: [Argument], withoutMnemonic: Bool = false
      ) {
        self.table = table
        self.key = key
        self.plural = plural
        self.count = count
        self.arguments = arguments
        self.withoutMnemonic = withoutMnemonic
      }
    }

    /// An argument of a `Format`.
    public enum Argument: Hashable, Sendable {
      /// The same in every language: a name, a number.
      case value(MessageArgument)
      /// A plain message, as gettext answers it (a style scheme's name).
      case message(table: String, key: String)
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

    /// The recipe as the module reads it: parts joined by U+001E, each `T` and a text;
    /// `M` (`m` without mnemonic), the table, U+001F and the key; or `F` (`f`), the
    /// table, the key, the `msgid_plural` and the count (both empty unless plural) and
    /// each argument, all after U+001F: `s` and a text, `i`, `u` or `d` and a number, or
    /// `g`, a table, U+001D and a key. nil when a text holds a separator, a table is
    /// empty, or the recipe is.
    public var encoded: String? {
      var fields: [String] = []
      for part in parts {
        switch part {
        case .text(let text):
          guard !Self.holdsSeparator(text) else { return nil }
          fields.append("T" + text)
        case .message(let table, let key, let withoutMnemonic):
          guard Self.isName(table), !Self.holdsSeparator(key) else { return nil }
          fields.append((withoutMnemonic ? "m" : "M") + table + "\u{1F}" + key)
        case .format(let format):
          guard let field = Self.encoded(format) else { return nil }
          fields.append(field)
        }
      }
      return fields.isEmpty ? nil : fields.joined(separator: "\u{1E}")
    }

    private static func encoded(_ format: Format) -> String? {
      guard isName(format.table), !holdsSeparator(format.key),
        !holdsSeparator(format.plural ?? "")
      else { return nil }
      var fields = [
        (format.withoutMnemonic ? "f" : "F") + format.table, format.key, format.plural ?? "",
        format.count.map(String.init) ?? "",
      ]
      for argument in format.arguments {
        switch argument {
        case .value(.string(let text)):
          guard !holdsSeparator(text) else { return nil }
          fields.append("s" + text)
        case .value(.integer(let number)): fields.append("i" + String(number))
        case .value(.unsigned(let number)): fields.append("u" + String(number))
        case .value(.double(let number)):
          guard number.isFinite else { return nil }
          fields.append("d" + String(number))
        case .message(let table, let key):
          guard isName(table), !holdsSeparator(key) else { return nil }
          fields.append("g" + table + "\u{1D}" + key)
        }
      }
      return fields.joined(separator: "\u{1F}")
    }

    /// The recipe written for a stock button: GTK makes its label from the stock id.
    public static let toolkitItem = "S"

    private static func holdsSeparator(_ text: String) -> Bool {
      text.utf8.contains { $0 == 0x1D || $0 == 0x1E || $0 == 0x1F }
    }

    private static func isName(_ table: String) -> Bool {
      !table.isEmpty && !holdsSeparator(table)
    }
  }
}

extension Retranslator {
  /// The recipe's part that makes `message` in any language: the message itself, or with
  /// its arguments (the plural's `msgid_plural` and count with it); nil where a plural
  /// form is shown without its count, or a text argument is a message that itself has
  /// arguments.
  func recipePart(
    of message: ShownMessage, withoutMnemonic: Bool, _ argumentMessages: [Int: ShownMessage]
  ) -> Recipe.Part? {
    let match = message.match
    if match.values.isEmpty && match.count == nil && match.form == nil {
      return .message(table: message.table, key: match.key, withoutMnemonic: withoutMnemonic)
    }
    // printf cannot fill `{name}`: the text is made by the controller at each switch.
    guard match.values.isEmpty || BraceFormat.fields(of: match.msgid).isEmpty else { return nil }
    // A number shown is a count too, but only a plural message has forms to choose.
    var plural: (msgid: String, count: UInt64)?
    if let msgidPlural = sourcePlural(of: message) {
      guard let count = match.count else { return nil }
      plural = (msgidPlural, count)
    } else if match.values.isEmpty {
      return .message(table: message.table, key: match.key, withoutMnemonic: withoutMnemonic)
    }
    var arguments: [Recipe.Argument] = []
    for (position, value) in match.values.enumerated() {
      if let argument = argumentMessages[position] {
        let inner = argument.match
        guard inner.values.isEmpty, inner.count == nil, inner.form == nil else { return nil }
        arguments.append(.message(table: argument.table, key: inner.key))
      } else {
        arguments.append(.value(value))
      }
    }
    return .format(
      Recipe.Format(
        table: message.table, key: match.key, plural: plural?.msgid, count: plural?.count,
        arguments: arguments, withoutMnemonic: withoutMnemonic))
  }
}
