extension MOFile {
  /// One message of the file, decoded.
  public struct Entry: Hashable, Sendable {
    /// Its index: in the table of originals, or `count + i` for system-dependent ones.
    public var index: Int
    /// The lookup key: `msgid`, or `msgctxt` U+0004 `msgid` (`CatalogEntry.key`).
    public var key: String
    /// The `msgid_plural` of a plural message.
    public var plural: String?
    /// The translation; a plural message's forms, `msgstr[0]` first.
    public var forms: [String]
    /// Where its translation starts in the file.
    public var translationOffset: Int

    /// The `msgctxt`, when the key has one.
    public var context: String? { CatalogEntry.context(ofKey: key) }

    /// The `msgid` without its context.
    public var msgid: String { CatalogEntry.msgid(ofKey: key) }
  }

  /// The number of messages, system-dependent ones included.
  public var messageCount: Int { count + systemDependent.count }

  /// Message `index` decoded as UTF-8 (invalid bytes become U+FFFD); nil when its strings
  /// lie outside the file or it is the header. For a file in another charset, use
  /// `entries()`.
  func entry(at index: Int) -> Entry? {
    withStrings(of: index) { original, translation, offset in
      Self.entry(
        index: index, original: original, translation: translation, translationOffset: offset
      ) { String(decoding: $0, as: UTF8.self) }
    } ?? nil
  }

  /// The first translation (a plural message's `msgstr[0]`) of message `index`, decoded
  /// as UTF-8; nil as for `entry(at:)`.
  func firstTranslation(at index: Int) -> String? {
    withStrings(of: index) { original, translation, _ -> String? in
      guard !original.isEmpty else { return nil }
      let end = translation.firstIndex(of: 0) ?? translation.count
      return String(decoding: translation[..<end], as: UTF8.self)
    } ?? nil
  }

  /// How many messages, in index order, reading every one of them decodes at most
  /// `decodingBudget` bytes of strings for: descriptors may point many messages at the
  /// same bytes (a file of 64 KB could make gigabytes to decode), which `msgfmt` never
  /// writes. Reads the descriptors only.
  public var readableCount: Int {
    let budget = decodingBudget
    var total = 0
    for index in 0..<messageCount {
      let length: Int
      if index < count {
        length =
          (span(of: index, translation: false)?.length ?? 0)
          + (span(of: index, translation: true)?.length ?? 0)
      } else {
        let message = systemDependent[index - count]
        length = message.original.count + message.translation.count
      }
      total += length
      if total > budget { return index }
    }
    return messageCount
  }

  /// The most bytes of strings reading every message decodes: four times the file,
  /// which a file whose strings do not overlap stays far below.
  var decodingBudget: Int { 4 * bytes.count + 65_536 }

  /// Every message in index order, decoded from the file's charset; messages whose
  /// strings lie outside the file, the header, and those past `readableCount` are left
  /// out (`validate()` says why).
  public func entries() -> [Entry] {
    willReadWhole()
    var result: [Entry] = []
    result.reserveCapacity(messageCount)
    let readable = readableCount
    if isUTF8 {
      for index in 0..<readable {
        if let entry = entry(at: index) { result.append(entry) }
      }
      return result
    }
    // One conversion for the whole file: every string, NUL-terminated, back to back
    // (NUL is NUL in every charset gettext files use), then cut at the NULs again.
    var joined: [UInt8] = []
    var pieces: [(index: Int, originalNULs: Int, translationNULs: Int, offset: Int)] = []
    for index in 0..<readable {
      withStrings(of: index) { original, translation, offset in
        joined.append(contentsOf: original)
        joined.append(0)
        joined.append(contentsOf: translation)
        joined.append(0)
        pieces.append(
          (index, original.count { $0 == 0 } + 1, translation.count { $0 == 0 } + 1, offset))
      }
    }
    let decoded = CharsetDecoding.decode(joined, charset: header.charset)?.utf8 ?? joined
    var strings = decoded.split(separator: 0, omittingEmptySubsequences: false)[...]
    for piece in pieces {
      let original = strings.prefix(piece.originalNULs)
      strings = strings.dropFirst(piece.originalNULs)
      let translation = strings.prefix(piece.translationNULs)
      strings = strings.dropFirst(piece.translationNULs)
      let rejoined = { (parts: ArraySlice<ArraySlice<UInt8>>) -> [UInt8] in
        Array(parts.joined(separator: [0]))
      }
      let originalBytes = rejoined(original)
      let translationBytes = rejoined(translation)
      let entry = originalBytes.withUnsafeBufferPointer { originalBuffer in
        translationBytes.withUnsafeBufferPointer { translationBuffer in
          Self.entry(
            index: piece.index, original: originalBuffer, translation: translationBuffer,
            translationOffset: piece.offset
          ) { String(decoding: $0, as: UTF8.self) }
        }
      }
      if let entry { result.append(entry) }
    }
    return result
  }

  /// `body` with the original and translation bytes of message `index` and the
  /// translation's offset; nil when a descriptor or string lies outside the file.
  func withStrings<Result>(
    of index: Int,
    _ body: (
      _ original: UnsafeBufferPointer<UInt8>, _ translation: UnsafeBufferPointer<UInt8>,
      _ offset: Int
    ) -> Result
  ) -> Result? {
    if index >= count {
      let position = index - count
      guard position < systemDependent.count else { return nil }
      let message = systemDependent[position]
      return message.original.withUnsafeBufferPointer { original in
        message.translation.withUnsafeBufferPointer { translation in
          body(original, translation, message.descriptorOffset)
        }
      }
    }
    guard let original = span(of: index, translation: false),
      let translation = span(of: index, translation: true)
    else { return nil }
    return body(buffer(original), buffer(translation), translation.offset)
  }

  private static func entry(
    index: Int, original: UnsafeBufferPointer<UInt8>, translation: UnsafeBufferPointer<UInt8>,
    translationOffset: Int, decode: (Slice<UnsafeBufferPointer<UInt8>>) -> String
  ) -> Entry? {
    // The header is the message with an empty original.
    guard !original.isEmpty else { return nil }
    let keyEnd = original.firstIndex(of: 0)
    let key = decode(original[..<(keyEnd ?? original.count)])
    let plural = keyEnd.map { end -> String in
      let rest = original[(end + 1)...]
      return decode(rest[..<(rest.firstIndex(of: 0) ?? rest.endIndex)])
    }
    var forms: [String] = []
    var start = 0
    for position in 0...translation.count
    where position == translation.count || translation[position] == 0 {
      forms.append(decode(translation[start..<position]))
      start = position + 1
      // A message that is not plural has one translation: gettext returns it up to its
      // first NUL.
      if plural == nil { break }
    }
    return Entry(
      index: index, key: key, plural: plural, forms: forms, translationOffset: translationOffset)
  }
}
