/// One message read from a catalog file, before it joins a table.
public struct ParsedEntry: Hashable, Sendable {
  /// The lookup key; gettext entries with `msgctxt` use `CatalogEntry.key(_:context:)`.
  public var key: String
  public var message: Message
  /// Where the entry starts (its key, `msgid` or JSON key).
  public var location: SourceLocation

  public init(key: String, message: Message, location: SourceLocation) {
    self.key = key
    self.message = message
    self.location = location
  }
}
