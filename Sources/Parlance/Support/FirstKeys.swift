/// The first occurrence of each key of one file, by the index its reader gives it, as
/// Swift compares strings. While every key so far is plain ASCII written without escapes
/// or entities, keys are told apart by their bytes (`ByteKeyTable`: a repeat is found
/// before any `String` is made of it); from the first key that is not, or once the byte
/// table is out of budget, by `String` equality, the keys before included.
///
/// A reader asks `repeatOf` for each key, then, when that found nothing, `insert`s it.
struct FirstKeys {
  private var bytes: ByteKeyTable
  /// False from the first key that is not plain (or a byte table out of budget).
  private var comparesBytes: Bool
  private var strings: Set<FirstOccurrence> = []
  /// Where the key asked about last goes in `bytes`, when it is new there and plain.
  private var position: ByteKeyTable.Position?
  /// How many keys the file may have.
  private let capacity: Int

  /// For a file of up to `keys` keys in `bytes` bytes.
  init(keys: Int, bytes: Int) {
    capacity = keys
    self.bytes = ByteKeyTable(keys: keys, bytes: bytes)
    // The byte table's offsets are 32-bit.
    comparesBytes = bytes < Int(UInt32.max)
  }

  /// The index of the key written as `written` (bytes of `text`; nil when it has an
  /// escape or an entity) when it is, byte for byte, a plain key seen before.
  mutating func repeatOf(_ written: Range<Int>?, in text: UnsafeBufferPointer<UInt8>) -> Int? {
    position = nil
    guard comparesBytes, let written else { return nil }
    switch bytes.probe(written.lowerBound, written.count, in: text) {
    case .found(let index): return index
    case .absent(let at):
      if UnsafeBufferPointer(rebasing: text[written]).isASCII { position = at }
      return nil
    case .overBudget: return nil
    }
  }

  /// Records `key`, which `repeatOf` did not find, as the first occurrence at `index`;
  /// returns the index of an earlier key equal to it as a string, when there is one
  /// (`key` is made only when the byte table cannot take it).
  /// `earlier` lists the keys recorded so far, by index.
  mutating func insert(
    _ key: @autoclosure () -> String, at index: Int, earlier: () -> [String]
  ) -> Int? {
    if comparesBytes {
      if let position {
        bytes.insert(index, at: position)
        return nil
      }
      comparesBytes = false
      bytes = ByteKeyTable(keys: 0, bytes: 0)
      let keys = earlier()
      // Sized for every key at once: growing rehashed every key seen so far at each
      // doubling (15% of reading a catalog of 182,000 keys).
      strings.reserveCapacity(max(capacity, keys.count))
      for (seen, earlierKey) in keys.enumerated() {
        strings.insert(FirstOccurrence(key: earlierKey, index: seen))
      }
    }
    let (isNew, occurrence) = strings.insert(FirstOccurrence(key: key(), index: index))
    return isNew ? nil : occurrence.index
  }

  /// A key and the index of its first occurrence, equal and hashed by the key alone:
  /// `Set.insert` hashes the key once and says both whether it is new and, when it is
  /// not, which index has it (a dictionary asked, then written, hashed it twice).
  private struct FirstOccurrence: Hashable {
    let key: String
    let index: Int

    static func == (lhs: FirstOccurrence, rhs: FirstOccurrence) -> Bool { lhs.key == rhs.key }

    func hash(into hasher: inout Hasher) { hasher.combine(key) }
  }
}
