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

/// One translated message of a table, parsed once when its file is loaded.
///
/// A class: tables hand out one reference per lookup instead of copying the message,
/// its origin and its text (the lookup hot path).
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

/// The messages of one table (`Localizable`, `Errors`, …) in one language.
///
/// Each slot keeps the display text next to the entry, so a plain lookup reads it from
/// the table's own storage without following the reference to the entry.
public struct CatalogTable: Sendable, ExpressibleByDictionaryLiteral {
  private struct Slot: Sendable {
    let value: String
    let entry: CatalogEntry
  }

  private var slots: [String: Slot]

  public init(minimumCapacity: Int = 0) {
    slots = Dictionary(minimumCapacity: minimumCapacity)
  }

  public init(dictionaryLiteral elements: (String, CatalogEntry)...) {
    self.init(minimumCapacity: elements.count)
    for (key, entry) in elements { self[key] = entry }
  }

  public subscript(key: String) -> CatalogEntry? {
    get { slots[key]?.entry }
    set { slots[key] = newValue.map { Slot(value: $0.value, entry: $0) } }
  }

  /// The display text of `key`: the lookup hot path.
  @inline(__always)
  public func value(_ key: String) -> String? {
    slots[key]?.value
  }

  public var count: Int { slots.count }
  public var isEmpty: Bool { slots.isEmpty }
  public func contains(_ key: String) -> Bool { slots[key] != nil }

  /// Every key with its entry, in no particular order.
  public var entries: [(key: String, entry: CatalogEntry)] {
    slots.map { ($0.key, $0.value.entry) }
  }
}
