#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The first occurrence of each byte string among the keys of one file, found without
/// making a `String` or running `Hasher`: a key byte for byte equal to one it has seen
/// is a repeat of that one. Equal bytes are equal strings, but equal strings need not be
/// equal bytes, so readers use it through `FirstKeys`, which asks it only while every
/// key is plain ASCII.
///
/// The hash is seeded per process, and samples keys longer than 512 bytes. A file made
/// so that many keys collide anyway costs a bounded number of probes and of bytes
/// compared in all: past either budget `probe` answers `.overBudget`, so the table never
/// makes a read quadratic.
struct ByteKeyTable {
  private struct Slot {
    /// The stored value plus one; zero for an empty slot.
    var valuePlusOne: UInt32 = 0
    var start: UInt32 = 0
    var count: UInt32 = 0
    var hash: UInt64 = 0
  }

  enum Probe {
    /// A key with these bytes was inserted with this value.
    case found(Int)
    /// None was: `insert(_:at:)` with this position stores one.
    case absent(Position)
    /// The probe or comparison budget is spent: the table gives no answer for this key.
    case overBudget
  }

  struct Position {
    fileprivate let hash: UInt64
    fileprivate let start: Int
    fileprivate let count: Int
  }

  /// Grown as keys come, at most half full: a file of one key written a million times
  /// needs a few slots, not two million.
  private var slots = [Slot](repeating: Slot(), count: 16)
  private var filled = 0
  /// Probe steps left; a lookup that would go past it answers `.overBudget`.
  private var budget: Int
  /// Bytes left to compare with `memcmp` (a key found compares its length once; keys
  /// that collide compare more).
  private var comparisons: Int
  private let seed: UInt64

  private static let processSeed: UInt64 = {
    var hasher = Hasher()
    hasher.combine(0x5041_524C)
    return UInt64(truncatingIfNeeded: hasher.finalize())
  }()

  /// A table for a file of up to `keys` keys in `bytes` bytes; `budget` probe steps in
  /// all, by default eight a key (linear probing at half load averages under two a
  /// lookup), and twice the file's bytes compared.
  init(keys: Int, bytes: Int, budget: Int? = nil) {
    // Read once here: a `static let` is a check of its lazy start at every use.
    seed = Self.processSeed
    self.budget = budget ?? 8 * keys + 1024
    comparisons = 2 * bytes + 4096
  }

  /// Looks up the bytes `start..<start + count` of `text`, which every key of this table
  /// lies in (offsets are 32-bit, as the readers' are).
  mutating func probe(_ start: Int, _ count: Int, in text: UnsafeBufferPointer<UInt8>)
    -> Probe
  {
    let hash = Self.hash(text, start, count, seed: seed)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      budget -= 1
      if budget < 0 { return .overBudget }
      let stored = slots[slot]
      if stored.valuePlusOne == 0 {
        return .absent(Position(hash: hash, start: start, count: count))
      }
      if stored.hash == hash, Int(stored.count) == count {
        comparisons -= count
        if comparisons < 0 { return .overBudget }
        if Self.equal(text, Int(stored.start), start, count) {
          return .found(Int(stored.valuePlusOne) - 1)
        }
      }
      slot = (slot + 1) & mask
    }
  }

  /// Stores `value` for the key `probe` found absent, before any other key is inserted.
  mutating func insert(_ value: Int, at position: Position) {
    if (filled + 1) * 2 > slots.count { grow() }
    filled += 1
    place(
      Slot(
        valuePlusOne: UInt32(value + 1), start: UInt32(position.start),
        count: UInt32(position.count), hash: position.hash))
  }

  private mutating func place(_ new: Slot) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: new.hash) & mask
    while slots[slot].valuePlusOne != 0 { slot = (slot + 1) & mask }
    slots[slot] = new
  }

  /// Twice the slots, each key placed again by its stored hash (no byte read again).
  private mutating func grow() {
    let old = slots
    slots = [Slot](repeating: Slot(), count: old.count * 2)
    for stored in old where stored.valuePlusOne != 0 { place(stored) }
  }

  private static func equal(
    _ text: UnsafeBufferPointer<UInt8>, _ first: Int, _ second: Int, _ count: Int
  ) -> Bool {
    guard let base = text.baseAddress else { return count == 0 }
    guard count <= 16 else { return memcmp(base + first, base + second, count) == 0 }
    // Most keys are short: a call to `memcmp` would cost more than the comparison.
    for offset in 0..<count where base[first + offset] != base[second + offset] {
      return false
    }
    return true
  }

  /// A multiply-and-fold hash of the bytes, eight at a time, started from the seed. Of a
  /// key longer than `sampledBeyond`, the first and last 128 bytes and 16 words between
  /// them: a 10 MB key is hashed in no time, and keys that differ only elsewhere are told
  /// apart by comparing them (within the comparison budget).
  private static func hash(
    _ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int, seed: UInt64
  ) -> UInt64 {
    var hash = seed ^ (UInt64(count) &* multiplier)
    guard let base = text.baseAddress else { return hash }
    if count > sampledBeyond {
      mix(&hash, base + start, 128)
      let stride = (count - 256) / 16
      for sample in 0..<16 {
        mix(&hash, base + start + 128 + sample * stride, 8)
      }
      mix(&hash, base + start + count - 128, 128)
    } else {
      mix(&hash, base + start, count)
    }
    hash = (hash ^ (hash >> 32)) &* multiplier
    return hash ^ (hash >> 31)
  }

  static let sampledBeyond = 512
  private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

  @inline(__always)
  private static func mix(_ hash: inout UInt64, _ bytes: UnsafePointer<UInt8>, _ count: Int) {
    var index = 0
    while index + 8 <= count {
      let word = UInt64(
        littleEndian: UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self))
      hash = (hash ^ word) &* multiplier
      hash ^= hash >> 29
      index += 8
    }
    guard index < count else { return }
    var word: UInt64 = 0
    var shift: UInt64 = 0
    while index < count {
      word |= UInt64(bytes[index]) << shift
      shift += 8
      index += 1
    }
    hash = (hash ^ word) &* multiplier
    hash ^= hash >> 29
  }
}
