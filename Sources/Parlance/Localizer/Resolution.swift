/// The outcome of one lookup: the text and where it came from.
public struct Resolution: Hashable, Sendable {
  /// The rendered text, or the key itself when no language has it.
  public let value: String
  /// The key looked up.
  public let key: String
  /// The table it was looked up in.
  public let table: String
  /// The language whose catalog supplied the value; nil when the key is missing.
  public let language: LanguageTag?
  /// The head of the chain, the language the user asked for.
  public let requested: LanguageTag?
  /// The file and position of the entry used; nil when the key is missing.
  public let origin: EntryOrigin?
  /// The message chosen, before arguments were put in: the template, or a gettext plural's
  /// form for the count (what `dgettext` and `dngettext` return); nil when the key is
  /// missing or the message has plural variables (`.stringsdict`), which have no one form.
  public let message: String?

  /// The outcome of looking `key` up in `table`.
  /// - Parameters:
  ///   - value: the rendered text, or the key when no language has it.
  ///   - key: the key looked up.
  ///   - table: the table it was looked up in.
  ///   - language: the language whose catalog supplied the value; nil when none did.
  ///   - requested: the head of the chain.
  ///   - origin: the file and position of the entry used; nil when none did.
  ///   - message: the message chosen, before arguments were put in.
  public init(
    value: String, key: String, table: String, language: LanguageTag?, requested: LanguageTag?,
    origin: EntryOrigin?, message: String? = nil
  ) {
    self.message = message
    self.value = value
    self.key = key
    self.table = table
    self.language = language
    self.requested = requested
    self.origin = origin
  }

  /// True when the value came from a language after the head of the chain, or not at all.
  public var isFallback: Bool { language != requested }
  /// True when no language of the chain has the key.
  public var isMissing: Bool { language == nil }
}
