/// One message read from a catalog file, before it joins a table.
public struct ParsedEntry: Hashable, Sendable {
  /// The lookup key; gettext entries with `msgctxt` use `CatalogEntry.key(_:context:)`.
  public var key: String
  /// The text, plural variants or template read.
  public var message: Message
  /// Where the entry starts (its key, `msgid` or JSON key).
  public var location: SourceLocation
  /// A gettext plural message's `msgid_plural`: the source text for counts other than 1.
  public var sourcePlural: String?

  /// An entry `key` → `message` starting at `location`.
  /// - Parameters:
  ///   - key: the lookup key.
  ///   - message: the text, plural variants or template read.
  ///   - location: where the entry starts.
  ///   - sourcePlural: a gettext plural message's `msgid_plural`.
  public init(
    key: String, message: Message, location: SourceLocation, sourcePlural: String? = nil
  ) {
    self.key = key
    self.message = message
    self.location = location
    self.sourcePlural = sourcePlural
  }
}
