/// Where a catalog value was written: the file and the position of its key.
public struct EntryOrigin: Hashable, Sendable, CustomStringConvertible {
  /// The file's path as given to the parser.
  public let file: String
  /// The position of the entry's key.
  public let location: SourceLocation

  /// The entry written at `location` of `file`.
  /// - Parameters:
  ///   - file: the file's path as given to the parser.
  ///   - location: the position of the entry's key.
  public init(file: String, location: SourceLocation) {
    self.file = file
    self.location = location
  }

  /// `Resources/de.lproj/Localizable.strings:12:1`, or for a binary catalog
  /// `/usr/share/locale/de/LC_MESSAGES/gtk30.mo, entry 12`.
  public var description: String {
    location.isTextPosition ? "\(file):\(location)" : "\(file), \(location)"
  }

  /// The file and line (`po/de.po:12`), or the file and entry of a binary catalog
  /// (`de/LC_MESSAGES/gtk30.mo, entry 12`): where a translator looks.
  public var fileAndLine: String {
    location.isTextPosition ? "\(file):\(location.line)" : "\(file), \(location)"
  }
}

/// One translated message of a table with where it was written, as `CatalogTable`
/// hands it out (made on request: the table keeps its entries more compactly).
public final class CatalogEntry: Sendable {
  /// The message as read: text, plural variants or template.
  public let message: Message
  /// Where it was written.
  public let origin: EntryOrigin
  /// The text shown without arguments (escapes resolved), kept ready for lookups.
  public let value: String

  /// An entry of `message` written at `origin`.
  /// - Parameters:
  ///   - message: the message as read.
  ///   - origin: where it was written.
  public init(message: Message, origin: EntryOrigin) {
    self.message = message
    self.origin = origin
    self.value = message.displayValue
  }

  /// An entry of a plain text or template written at `origin`.
  /// - Parameters:
  ///   - template: the text with its placeholders.
  ///   - origin: where it was written.
  package convenience init(template: MessageTemplate, origin: EntryOrigin) {
    self.init(message: .text(template), origin: origin)
  }

  /// The key under which a gettext `msgctxt` entry is stored: context, U+0004, key —
  /// gettext's own convention, so a context never collides with a plain key.
  public static func key(_ key: String, context: String?) -> String {
    guard let context else { return key }
    return context + "\u{4}" + key
  }

  /// The context of a key `key(_:context:)` made; nil for a key without one. Searched as
  /// UTF-8, where U+0004 is one byte: a search by `Character` walks grapheme breaks.
  public static func context(ofKey key: String) -> String? {
    key.utf8.firstIndex(of: 4).map { String(key[..<$0]) }
  }

  /// The msgid of a key `key(_:context:)` made: the key without its context.
  public static func msgid(ofKey key: String) -> String {
    guard let separator = key.utf8.firstIndex(of: 4) else { return key }
    return String(key[key.utf8.index(after: separator)...])
  }
}
