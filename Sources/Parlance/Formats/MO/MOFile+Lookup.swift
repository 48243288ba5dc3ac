extension MOFile {
  /// gettext's hash of a msgid (P. J. Weinberger's, as `msgfmt` and glibc compute it with
  /// a 64-bit `unsigned long`), which places it in the file's hash table.
  @inline(__always)
  static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var value: UInt64 = 0
    for byte in key {
      value = (value << 4) &+ UInt64(byte)
      let high = value & 0xFFFF_FFFF_F000_0000
      if high != 0 {
        value ^= high >> 24
        value ^= high
      }
    }
    return UInt32(truncatingIfNeeded: value)
  }

  /// The index of the message whose original (its first string, before a plural's NUL)
  /// is `key`: through the hash table when the file has one, else by binary search of
  /// the sorted originals, as glibc looks; system-dependent messages follow the others
  /// (`count + i`). Nil when the file has no such message.
  ///
  /// Probing stops after `maximumProbes` steps (or as many as the table has slots), so a
  /// corrupt table that has no empty slot can neither loop nor make each lookup walk it
  /// whole. `msgfmt` sizes its table at most three quarters full, where a probe goes on
  /// with chance 3/4: a key 256 steps away has a chance of 10⁻³².
  func index(of key: String) -> Int? {
    var key = key
    let found = key.withUTF8 { bytes -> Int? in
      // A C string cannot hold a NUL: gettext has no such msgid.
      guard !bytes.contains(0) else { return nil }
      return hashSize > 0 ? hashedIndex(of: bytes) : searchedIndex(of: bytes)
    }
    if let found { return found }
    guard !systemDependent.isEmpty, let index = systemDependentIndex[key] else { return nil }
    return count + index
  }

  /// The most slots a lookup visits.
  static let maximumProbes = 256

  @inline(__always)
  private func hashedIndex(of key: UnsafeBufferPointer<UInt8>) -> Int? {
    let hash = Self.hash(key)
    let size = UInt32(hashSize)
    var slot = Int(hash % size)
    let step = 1 + Int(hash % (size - 2))
    for _ in 0..<min(hashSize, Self.maximumProbes) {
      guard let stored = word(at: hashOffset + slot * 4), stored != 0 else { return nil }
      let index = Int(stored) - 1
      if index < count, let span = span(of: index, translation: false),
        Self.firstString(of: buffer(span), equals: key)
      {
        return index
      }
      slot = slot >= hashSize - step ? slot - (hashSize - step) : slot + step
    }
    return nil
  }

  private func searchedIndex(of key: UnsafeBufferPointer<UInt8>) -> Int? {
    var low = 0
    var high = count
    while low < high {
      // A message cut off by a truncated file cannot be compared: the nearest readable
      // one of the range is compared instead, looked for a few steps each way.
      guard let (middle, span) = readableOriginal(near: (low + high) / 2, in: low..<high)
      else { return nil }
      switch Self.compare(key, withFirstStringOf: buffer(span)) {
      case 0: return middle
      case ..<0: high = middle
      default: low = middle + 1
      }
    }
    return nil
  }

  /// The readable original nearest to `index` within `range` (at most 64 steps each
  /// way, so that a lookup in a file cut off in its middle stays short).
  @inline(__always)
  private func readableOriginal(near index: Int, in range: Range<Int>) -> (Int, Span)? {
    if let span = span(of: index, translation: false) { return (index, span) }
    for distance in 1...64 {
      if range.contains(index - distance),
        let span = span(of: index - distance, translation: false)
      {
        return (index - distance, span)
      }
      if range.contains(index + distance),
        let span = span(of: index + distance, translation: false)
      {
        return (index + distance, span)
      }
    }
    return nil
  }

  /// Whether the bytes of `original` up to its first NUL (or its end) are `key`.
  @inline(__always)
  static func firstString(
    of original: UnsafeBufferPointer<UInt8>, equals key: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard original.count >= key.count else { return false }
    guard original.count == key.count || original[key.count] == 0 else { return false }
    guard let keyBase = key.baseAddress, let base = original.baseAddress else {
      return key.isEmpty
    }
    return memcmp(base, keyBase, key.count) == 0
  }

  /// `strcmp` of `key` with `original`'s first string: negative when `key` sorts first.
  static func compare(
    _ key: UnsafeBufferPointer<UInt8>, withFirstStringOf original: UnsafeBufferPointer<UInt8>
  ) -> Int {
    let length = original.firstIndex(of: 0) ?? original.count
    let shared = min(length, key.count)
    for index in 0..<shared where key[index] != original[index] {
      return Int(key[index]) - Int(original[index])
    }
    return key.count - length
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
