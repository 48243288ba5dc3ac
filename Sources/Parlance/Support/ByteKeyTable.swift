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
  /// lies in (offsets are 32-bit, as the readers' are). A key of one to eight bytes with
  /// eight bytes readable from its start (any but the last few of a file) is one word:
  /// hashed by one multiply, and compared with a key of its hash by one compare, which the
  /// comparison budget does not count.
  @inline(__always)
  mutating func probe(_ start: Int, _ count: Int, in text: UnsafeBufferPointer<UInt8>)
    -> Probe
  {
    guard let base = text.baseAddress else { return .overBudget }
    let short = count > 0 && count <= 8 && start &+ 8 <= text.count
    let mask = Self.lowBytes(count)
    let word = short ? Self.load(base + start) & mask : 0
    let hash =
      short
      ? Self.hash(word: word, count: count, seed: seed) : Self.hash(text, start, count, seed: seed)
    // Offsets and counts are below `Int32.max` and the budgets count down from far
    // below `Int.max`: wrapping arithmetic, without the checks.
    var budget = self.budget
    var comparisons = self.comparisons
    defer {
      self.budget = budget
      self.comparisons = comparisons
    }
    return slots.withUnsafeBufferPointer { slots in
      let slotMask = slots.count &- 1
      var slot = Int(truncatingIfNeeded: hash) & slotMask
      while true {
        budget &-= 1
        if budget < 0 { return .overBudget }
        let stored = slots[slot]
        if stored.valuePlusOne == 0 {
          return .absent(Position(hash: hash, start: start, count: count))
        }
        if stored.hash == hash, Int(stored.count) == count {
          let from = Int(stored.start)
          let equal: Bool
          if short, from &+ 8 <= text.count {
            equal = Self.load(base + from) & mask == word
          } else {
            comparisons &-= count
            if comparisons < 0 { return .overBudget }
            equal = Self.equal(text, from, start, count)
          }
          if equal { return .found(Int(stored.valuePlusOne) &- 1) }
        }
        slot = (slot &+ 1) & slotMask
      }
    }
  }

  /// The eight bytes at `bytes` as a little-endian word.
  @inline(__always)
  private static func load(_ bytes: UnsafePointer<UInt8>) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self))
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

  @inline(__always)
  private static func equal(
    _ text: UnsafeBufferPointer<UInt8>, _ first: Int, _ second: Int, _ count: Int
  ) -> Bool {
    guard let base = text.baseAddress else { return count == 0 }
    // Most keys are short: a call to `memcmp` would cost more than the comparison (`probe`
    // compares a key of up to eight bytes as one word where it can).
    guard count <= 16 else { return memcmp(base + first, base + second, count) == 0 }
    for offset in 0..<count where base[first + offset] != base[second + offset] {
      return false
    }
    return true
  }

  /// A mask of the `count` low bytes of a word (`count` at most eight).
  @inline(__always)
  private static func lowBytes(_ count: Int) -> UInt64 {
    count >= 8 ? ~0 : (1 << (8 * UInt64(truncatingIfNeeded: count))) &- 1
  }

  /// The `count` bytes (at most eight) at `bytes` as a little-endian word, the bytes
  /// above them zero: one load where eight bytes are `readable` there.
  @inline(__always)
  private static func word(_ bytes: UnsafePointer<UInt8>, _ count: Int, readable: Int) -> UInt64 {
    if readable >= 8 { return load(bytes) & lowBytes(count) }
    var word: UInt64 = 0
    for index in 0..<count { word |= UInt64(bytes[index]) << (8 * UInt64(index)) }
    return word
  }

  /// A multiply-and-fold hash of the bytes, eight at a time, started from the seed: each
  /// word is folded in by a full-width multiply whose halves are xored, so every bit of
  /// the result depends on every bit of the word, and a key of up to eight bytes is
  /// hashed by one multiply (`hash(word:count:seed:)`). Of a key longer than
  /// `sampledBeyond`, the first and last 128 bytes and 16 words between them: a 10 MB key
  /// is hashed in no time, and keys that differ only elsewhere are told apart by
  /// comparing them (within the comparison budget).
  @inline(__always)
  private static func hash(
    _ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int, seed: UInt64
  ) -> UInt64 {
    var hash = seed ^ (UInt64(count) &* multiplier)
    guard let base = text.baseAddress else { return hash }
    let readable = text.count - start
    if count > sampledBeyond {
      mix(&hash, base + start, 128, readable: readable)
      let stride = (count - 256) / 16
      for sample in 0..<16 {
        mix(&hash, base + start + 128 + sample * stride, 8, readable: 8)
      }
      mix(&hash, base + start + count - 128, 128, readable: 128)
    } else if count > 8 {
      mix(&hash, base + start, count, readable: readable)
    } else if count > 0 {
      return Self.hash(
        word: word(base + start, count, readable: readable), count: count, seed: seed)
    }
    return hash
  }

  /// The hash of a key of one to eight bytes that make `word` (the bytes above them zero).
  @inline(__always)
  private static func hash(word: UInt64, count: Int, seed: UInt64) -> UInt64 {
    fold(seed ^ (UInt64(truncatingIfNeeded: count) &* multiplier) ^ word)
  }

  static let sampledBeyond = 512
  private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// Mixes the `count` bytes at `bytes` into `hash`, eight at a time; of the last
  /// fewer than eight, one load where eight bytes are `readable` from `bytes`.
  @inline(__always)
  private static func mix(
    _ hash: inout UInt64, _ bytes: UnsafePointer<UInt8>, _ count: Int, readable: Int
  ) {
    var index = 0
    while index + 8 <= count {
      hash = fold(hash ^ load(bytes + index))
      index += 8
    }
    guard index < count else { return }
    hash = fold(hash ^ word(bytes + index, count - index, readable: readable - index))
  }

  /// The two halves of `value` times the multiplier, xored.
  @inline(__always)
  private static func fold(_ value: UInt64) -> UInt64 {
    let product = value.multipliedFullWidth(by: multiplier)
    return product.high ^ product.low
  }

}
