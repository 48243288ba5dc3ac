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
/// An open-addressing hash table of its own rather than a `Dictionary`, because a
/// lookup is the hot path of every string a program shows: keys are hashed with a
/// seeded FNV-1a over their UTF-8 (cheaper than `Hasher`'s SipHash for short keys; the
/// per-process seed keeps inputs from choosing collisions), the full hash is kept beside
/// each slot so a probe compares strings only on a hash match, and each slot keeps the
/// display text next to the entry, so a plain lookup touches one slot and one key.
/// Linear probing, at most half full. Written only while a catalog is built; read-only
/// (and so safe to share between threads) afterwards.
public struct CatalogTable: Sendable, ExpressibleByDictionaryLiteral {
  private struct Slot: Sendable {
    /// 0 marks an empty slot; a real hash is never 0.
    var hash: UInt64 = 0
    var key: String = ""
    var value: String = ""
    var entry: CatalogEntry?
  }

  private var slots: [Slot]
  public private(set) var count = 0

  private static let seed: UInt64 = {
    var generator = SystemRandomNumberGenerator()
    return 0xcbf2_9ce4_8422_2325 ^ (generator.next() & 0xFFFF_FFFF_0000_0000)
  }()

  public init(minimumCapacity: Int = 0) {
    var capacity = 8
    while capacity < minimumCapacity * 2 { capacity <<= 1 }
    slots = Array(repeating: Slot(), count: capacity)
  }

  public init(dictionaryLiteral elements: (String, CatalogEntry)...) {
    self.init(minimumCapacity: elements.count)
    for (key, entry) in elements { self[key] = entry }
  }

  @inline(__always)
  private static func hash(_ key: String) -> UInt64 {
    var hash = seed
    let done: Void? = key.utf8.withContiguousStorageIfAvailable { bytes in
      for byte in bytes {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
    }
    if done == nil {
      for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
    return hash | 1
  }

  /// The slot holding `key`, or the empty slot where it would go.
  @inline(__always)
  private func index(of key: String, hash: UInt64) -> Int {
    // Fields are read in place: copying a slot would retain its strings and entry.
    slots.withUnsafeBufferPointer { buffer in
      let mask = buffer.count - 1
      var index = Int(truncatingIfNeeded: hash) & mask
      while true {
        let found = buffer[index].hash
        if found == 0 || (found == hash && buffer[index].key == key) { return index }
        index = (index + 1) & mask
      }
    }
  }

  public subscript(key: String) -> CatalogEntry? {
    get { slots[index(of: key, hash: Self.hash(key))].entry }
    set {
      guard let newValue else {
        // Catalogs only grow while built; removal rebuilds without the key.
        guard contains(key) else { return }
        var rebuilt = CatalogTable(minimumCapacity: count)
        for (other, entry) in entries where other != key { rebuilt[other] = entry }
        self = rebuilt
        return
      }
      if (count + 1) * 2 > slots.count { grow() }
      let hash = Self.hash(key)
      let index = index(of: key, hash: hash)
      if slots[index].hash == 0 { count += 1 }
      slots[index] = Slot(hash: hash, key: key, value: newValue.value, entry: newValue)
    }
  }

  private mutating func grow() {
    let old = slots
    slots = Array(repeating: Slot(), count: old.count * 2)
    for slot in old where slot.hash != 0 {
      slots[index(of: slot.key, hash: slot.hash)] = slot
    }
  }

  /// The display text of `key`: the lookup hot path.
  @inline(__always)
  public func value(_ key: String) -> String? {
    let index = index(of: key, hash: Self.hash(key))
    return slots[index].hash == 0 ? nil : slots[index].value
  }

  public var isEmpty: Bool { count == 0 }

  public func contains(_ key: String) -> Bool {
    slots[index(of: key, hash: Self.hash(key))].hash != 0
  }

  /// Every key with its entry, in no particular order.
  public var entries: [(key: String, entry: CatalogEntry)] {
    slots.compactMap { slot in slot.entry.map { (slot.key, $0) } }
  }
}
