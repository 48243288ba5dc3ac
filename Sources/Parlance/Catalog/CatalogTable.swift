/// The messages of one table (`Localizable`, `Errors`, …) in one language.
///
/// A hash table of its own rather than a `Dictionary`, because a lookup is the hot path
/// of every string a program shows, and built to hold little more than its strings:
///
/// - open addressing with linear probing, at most three quarters full; each slot holds
///   the key's full hash (0: empty; compared before any string), the key, the text
///   shown and, only when the message is more than its text, the parsed template or
///   message: a plain text (no placeholder, no escape, most of a catalog) is kept once;
/// - where each entry was written (its file as an index into the table's few files,
///   line and column as 32-bit numbers) lies in an array beside the slots, which a
///   lookup does not touch.
///
/// Keys are hashed with a seeded FNV-1a over their UTF-8, cheaper than `Hasher`'s SipHash
/// for short keys; the per-process seed keeps inputs from choosing collisions. A
/// 10,000-key table takes about 960 KB besides its strings (16,384 slots of 48 bytes and
/// 12 of position). Written only while a catalog is built; read-only (and so safe to
/// share between threads) afterwards. `CatalogEntry` values are made when asked for.
///
/// A table of one compiled gettext file (`.mo`) starts as that file, read in place
/// (`MOTable`): opening it costs no more than glibc's, and it becomes a table like the
/// others once it is used a lot, or changed.
public struct CatalogTable: Sendable, ExpressibleByDictionaryLiteral {
  /// A message that is more than its display text, kept whole, with a gettext plural's
  /// `msgid_plural` (only plural messages are boxed, so no other pays for it).
  final class MessageBox: Sendable {
    let message: Message
    let sourcePlural: String?

    init(_ message: Message, sourcePlural: String? = nil) {
      self.message = message
      self.sourcePlural = sourcePlural
    }
  }

  /// A message that is more than its text: a template with placeholders (kept as is:
  /// rendering one is the hot path of formatted lookups), or any other message.
  enum Stored: Sendable {
    case template(MessageTemplate)
    case message(MessageBox)
  }

  private struct Slot: Sendable {
    /// 0 marks an empty slot; a real hash is never 0.
    var hash: UInt64 = 0
    var key = ""
    /// The text shown without arguments (escapes resolved).
    var value = ""
    /// nil when the message is plain text: `value` is all of it.
    var stored: Stored?

    var message: Message {
      switch stored {
      case .template(let template): .text(template)
      case .message(let box): box.message
      case nil: .text(MessageTemplate(value))
      }
    }
  }

  /// Where the entry of the slot with the same index was written (a line of -1 or 0 is
  /// an entry or a byte of a binary file: `SourceLocation`).
  private struct Position: Sendable {
    var file: UInt32 = 0
    var line: Int32 = 0
    var column: UInt32 = 0
  }

  private var slots: [Slot]
  private var positions: [Position]
  /// The files entries came from, each once.
  private var files: [String] = []
  private var slotCount = 0
  /// The compiled file this table is, until it is built; then nil, and `slots` hold it.
  private var compiled: MOTable?

  /// How many keys the table has.
  public var count: Int { compiled?.count ?? slotCount }

  private static let seed: UInt64 = {
    var generator = SystemRandomNumberGenerator()
    return 0xcbf2_9ce4_8422_2325 ^ (generator.next() & 0xFFFF_FFFF_0000_0000)
  }()

  /// An empty table with room for `minimumCapacity` keys before it grows.
  /// - Parameter minimumCapacity: how many keys to make room for.
  public init(minimumCapacity: Int = 0) {
    var capacity = 8
    while capacity / 4 * 3 < minimumCapacity { capacity <<= 1 }
    slots = Array(repeating: Slot(), count: capacity)
    positions = Array(repeating: Position(), count: capacity)
  }

  /// The messages of a compiled gettext file, read from it in place.
  /// - Parameter file: the opened `.mo` file.
  public init(compiled file: MOFile) {
    self.init(compiled: file, buildingAfter: nil)
  }

  /// The messages of a compiled file, built into a table after `lookups` answered in
  /// place (nil: as many as the file has messages): the benchmark's way to time both.
  package init(compiled file: MOFile, buildingAfter lookups: Int?) {
    // No slots: every query goes to the file until it is built into a table of its own.
    slots = []
    positions = []
    compiled = MOTable(file: file, threshold: lookups)
  }

  /// A table of `elements` (a later key replaces an earlier one).
  /// - Parameter elements: keys and their entries.
  public init(dictionaryLiteral elements: (String, CatalogEntry)...) {
    self.init(minimumCapacity: elements.count)
    for (key, entry) in elements { self[key] = entry }
  }

  // MARK: Lookups

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
    slots.withUnsafeBufferPointer { Self.index(of: key, hash: hash, in: $0) }
  }

  @inline(__always)
  private static func index(
    of key: String, hash: UInt64, in buffer: UnsafeBufferPointer<Slot>
  ) -> Int {
    // Fields are read in place: copying a slot would retain its strings.
    let mask = buffer.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while true {
      let found = buffer[index].hash
      if found == 0 || (found == hash && buffer[index].key == key) { return index }
      index = (index + 1) & mask
    }
  }

  /// The display text of `key`: the lookup hot path.
  @inline(__always)
  public func value(_ key: String) -> String? {
    if let compiled { return compiled.value(key) }
    let hash = Self.hash(key)
    return slots.withUnsafeBufferPointer { buffer in
      let index = Self.index(of: key, hash: hash, in: buffer)
      return buffer[index].hash == 0 ? nil : buffer[index].value
    }
  }

  /// `value(_:)` of the table at `table`, read where it lies: calling a method on a
  /// table copied out of an array would retain each of its buffers.
  @inline(__always)
  static func value(_ key: String, in table: UnsafePointer<CatalogTable>) -> String? {
    if let compiled = table.pointee.compiled { return compiled.value(key) }
    let hash = hash(key)
    return table.pointee.slots.withUnsafeBufferPointer { buffer in
      let index = index(of: key, hash: hash, in: buffer)
      return buffer[index].hash == 0 ? nil : buffer[index].value
    }
  }

  /// Whether the table has `key`.
  /// - Parameter key: a lookup key.
  /// - Returns: true when the table has an entry for it.
  public func contains(_ key: String) -> Bool {
    if let compiled { return compiled.contains(key) }
    return slots[index(of: key, hash: Self.hash(key))].hash != 0
  }

  /// What rendering `key` needs: its text when it is plain text, its template when it
  /// has placeholders, else its message; nothing else is copied out (this is the path
  /// of every formatted lookup).
  enum Renderable {
    case plain(String)
    case template(MessageTemplate)
    case message(MessageBox)
  }

  @inline(__always)
  func renderable(_ key: String) -> Renderable? {
    if let compiled { return compiled.renderable(key) }
    let hash = Self.hash(key)
    return slots.withUnsafeBufferPointer { slots in
      let index = Self.index(of: key, hash: hash, in: slots)
      guard slots[index].hash != 0 else { return nil }
      switch slots[index].stored {
      case .template(let template): return .template(template)
      case .message(let box): return .message(box)
      case nil: return .plain(slots[index].value)
      }
    }
  }

  /// `renderable(_:)` with where the entry was written.
  func located(_ key: String) -> (value: String, message: Message?, origin: EntryOrigin)? {
    if let compiled { return compiled.located(key) }
    let index = index(of: key, hash: Self.hash(key))
    let slot = slots[index]
    guard slot.hash != 0 else { return nil }
    return (slot.value, slot.stored.map { _ in slot.message }, origin(at: index))
  }

  /// The `msgid_plural` of `key`, a gettext plural message; nil for any other key.
  func sourcePlural(of key: String) -> String? {
    if let compiled { return compiled.sourcePlural(of: key) }
    let slot = slots[index(of: key, hash: Self.hash(key))]
    guard slot.hash != 0, case .message(let box) = slot.stored else { return nil }
    return box.sourcePlural
  }

  private func origin(at index: Int) -> EntryOrigin {
    let position = positions[index]
    return EntryOrigin(
      file: files[Int(position.file)],
      location: SourceLocation(line: Int(position.line), column: Int(position.column)))
  }

  /// The same table with its compiled file (if any) read into slots.
  private var built: CatalogTable { compiled?.table ?? self }

  /// Reads a compiled file into slots before the table is changed.
  private mutating func materialize() {
    if let compiled { self = compiled.table }
  }

  private func entry(at index: Int) -> CatalogEntry {
    CatalogEntry(message: slots[index].message, origin: origin(at: index))
  }

  /// Whether the table has no key.
  public var isEmpty: Bool { count == 0 }

  /// Every key, in no particular order.
  public var keys: [String] {
    if let compiled { return compiled.table.keys }
    return slots.filter { $0.hash != 0 }.map(\.key)
  }

  /// The `msgid_plural` of each gettext plural message, by key.
  public var sourcePlurals: [String: String] {
    if let compiled { return compiled.table.sourcePlurals }
    var plurals: [String: String] = [:]
    for slot in slots where slot.hash != 0 {
      if case .message(let box) = slot.stored, let plural = box.sourcePlural {
        plurals[slot.key] = plural
      }
    }
    return plurals
  }

  /// The messages of a compiled file this table still reads in place, with the file's
  /// plural rule; nil when it has slots.
  var compiledMessages: (entries: [MOFile.Entry], rule: PluralForms)? {
    guard let compiled, let entries = compiled.messagesInPlace else { return nil }
    return (entries, compiled.file.pluralForms)
  }

  /// Every key with its entry, in no particular order.
  public var entries: [(key: String, entry: CatalogEntry)] {
    if let compiled { return compiled.table.entries }
    return slots.indices.filter { slots[$0].hash != 0 }.map { (slots[$0].key, entry(at: $0)) }
  }

  // MARK: Building

  /// The entry of `key`; nil when the table has none. Setting nil removes it.
  /// - Parameter key: a lookup key.
  public subscript(key: String) -> CatalogEntry? {
    get {
      if let compiled { return compiled.table[key] }
      let index = index(of: key, hash: Self.hash(key))
      return slots[index].hash == 0 ? nil : entry(at: index)
    }
    set {
      materialize()
      guard let newValue else {
        // Catalogs only grow while built; removal rebuilds without the key.
        guard contains(key) else { return }
        var rebuilt = CatalogTable(minimumCapacity: slotCount)
        for index in slots.indices where slots[index].hash != 0 && slots[index].key != key {
          rebuilt.add(slots[index], positions[index], files: files)
        }
        self = rebuilt
        return
      }
      insert(
        key, message: newValue.message, value: newValue.value, file: newValue.origin.file,
        location: newValue.origin.location)
    }
  }

  /// Adds or replaces `key`.
  mutating func insert(
    _ key: String, message: Message, value: String? = nil, file: String,
    location: SourceLocation, sourcePlural: String? = nil
  ) {
    materialize()
    let stored: Stored?
    switch message {
    case .text(let template) where template.isPlain && sourcePlural == nil: stored = nil
    case .text(let template) where sourcePlural == nil: stored = .template(template)
    default: stored = .message(MessageBox(message, sourcePlural: sourcePlural))
    }
    add(
      Slot(hash: Self.hash(key), key: key, value: value ?? message.displayValue, stored: stored),
      position(file, location))
  }

  /// Adds or replaces `key` with a plain text (a `.strings` value), without parsing a
  /// template unless the text may hold a placeholder.
  mutating func insert(_ key: String, text: String, file: String, location: SourceLocation) {
    materialize()
    if text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "#") }) {
      insert(
        key, message: .text(MessageTemplate(text)), value: text, file: file, location: location)
      return
    }
    add(Slot(hash: Self.hash(key), key: key, value: text), position(file, location))
  }

  /// Every entry of `other` added (later ones win); `replacing(key, file, location)` is
  /// told of each key this table had, with the file it had it from and where `other`
  /// has it.
  mutating func merge(
    _ other: CatalogTable, replacing: (String, String, SourceLocation) -> Void = { _, _, _ in }
  ) {
    materialize()
    let other = other.built
    for index in other.slots.indices where other.slots[index].hash != 0 {
      let slot = other.slots[index]
      let existing = self.index(of: slot.key, hash: slot.hash)
      if slots[existing].hash != 0 {
        replacing(slot.key, origin(at: existing).file, other.origin(at: index).location)
      }
      add(slot, other.positions[index], files: other.files)
    }
  }

  private mutating func position(_ file: String, _ location: SourceLocation) -> Position {
    Position(
      file: fileIndex(file), line: Int32(clamping: location.line),
      column: UInt32(clamping: location.column))
  }

  private mutating func add(_ slot: Slot, _ position: Position, files names: [String]) {
    var moved = position
    moved.file = fileIndex(names[Int(position.file)])
    add(slot, moved)
  }

  private mutating func add(_ slot: Slot, _ position: Position) {
    if (slotCount + 1) > slots.count / 4 * 3 { grow() }
    let index = index(of: slot.key, hash: slot.hash)
    if slots[index].hash == 0 { slotCount += 1 }
    slots[index] = slot
    positions[index] = position
  }

  private mutating func grow() {
    let oldSlots = slots
    let oldPositions = positions
    slots = Array(repeating: Slot(), count: oldSlots.count * 2)
    positions = Array(repeating: Position(), count: oldSlots.count * 2)
    for index in oldSlots.indices where oldSlots[index].hash != 0 {
      let target = self.index(of: oldSlots[index].key, hash: oldSlots[index].hash)
      slots[target] = oldSlots[index]
      positions[target] = oldPositions[index]
    }
  }

  private mutating func fileIndex(_ file: String) -> UInt32 {
    // A table's entries come from a handful of files, usually one.
    if let index = files.lastIndex(of: file) { return UInt32(index) }
    files.append(file)
    return UInt32(files.count - 1)
  }
}
