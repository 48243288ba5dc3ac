/// Where a catalog value was written: the file and the position of its key.
public struct EntryOrigin: Hashable, Sendable, CustomStringConvertible {
  public let file: String
  public let location: SourceLocation

  public init(file: String, location: SourceLocation) {
    self.file = file
    self.location = location
  }

  /// `Resources/de.lproj/Localizable.strings:12:1`
  public var description: String { "\(file):\(location)" }
}

/// One translated message of a table with where it was written, as `CatalogTable`
/// hands it out (made on request: the table keeps its entries more compactly).
public final class CatalogEntry: Sendable {
  public let message: Message
  public let origin: EntryOrigin
  /// The text shown without arguments (escapes resolved), kept ready for lookups.
  public let value: String

  public init(message: Message, origin: EntryOrigin) {
    self.message = message
    self.origin = origin
    self.value = message.displayValue
  }

  public convenience init(template: MessageTemplate, origin: EntryOrigin) {
    self.init(message: .text(template), origin: origin)
  }

  /// The key under which a gettext `msgctxt` entry is stored: context, U+0004, key —
  /// gettext's own convention, so a context never collides with a plain key.
  public static func key(_ key: String, context: String?) -> String {
    guard let context else { return key }
    return context + "\u{4}" + key
  }
}
