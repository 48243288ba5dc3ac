import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A compiled gettext catalog (`.mo`), read in place: what `msgfmt` writes and glibc's
/// `dgettext` reads, the form every installed program ships its translations in
/// (`/usr/share/locale/de/LC_MESSAGES/gtk30.mo`).
///
/// ```
/// byte 0   magic 0x950412de (in the writer's byte order; either order is read)
///      4   revision (major 0 or 1; minor 1 adds system-dependent strings)
///      8   N, the number of messages
///     12   O, offset of N (length, offset) pairs: the originals, sorted by bytes
///     16   T, offset of N (length, offset) pairs: their translations
///     20   S, size of the hash table       24   H, its offset (S 32-bit words)
///  (rev. 1: 28 segments, 32 their table, 36 strings, 40 their originals, 44 translations)
/// ```
///
/// An original is `msgid`, `msgctxt` U+0004 `msgid`, or for a plural message `msgid` NUL
/// `msgid_plural`; a plural translation holds its forms separated by NULs. Opening reads
/// the header and checks that the tables lie inside the file: constant time, whatever
/// the number of messages, as glibc's `bindtextdomain` + first `dgettext` are. Messages
/// are decoded when asked for (`MOTable` builds a table once a catalog is used a lot)
/// and each is checked then; `validate()` checks every message (`parlance lint`).
///
/// Files in a `LC_MESSAGES` folder (where installers put them, replacing them by
/// rename) are mapped into memory; others (a translator's `po/de.mo`, which `msgfmt`
/// rewrites in place: a mapping of it would fault when the file shrinks) are read.
public final class MOFile: @unchecked Sendable {
  // @unchecked: every stored property is set once in `init`; the bytes are never
  // written, and freed only in `deinit`.

  /// The file's path, as diagnostics name it.
  public let path: String
  /// The number of messages whose descriptors lie inside the file (the header's count,
  /// less those cut off by a truncated file), not counting system-dependent ones.
  public let count: Int
  /// What opening found wrong: the header, the tables, the header entry.
  public let diagnostics: [Diagnostic]
  /// The header entry's fields (`Content-Type`, `Plural-Forms`, `Language`, …) and the
  /// rules read from them.
  public let header: GettextHeader
  /// Whether the file was written big-endian.
  package let isBigEndian: Bool
  /// Whether the file has a header entry (the message with an empty original).
  public let hasHeader: Bool
  /// Whether the messages are decoded as they are, without converting a charset.
  public let isUTF8: Bool

  let bytes: UnsafeRawBufferPointer
  private let storage: Storage
  /// The header's revision: major 0 or 1 in the high half, minor in the low half.
  public let revision: UInt32
  /// Where the tables of originals and translations start.
  let originalsOffset: Int
  let translationsOffset: Int
  /// The hash table's size and offset; size 0 when the file has none or it is unusable.
  let hashSize: Int
  let hashOffset: Int
  /// System-dependent messages (`"%<PRIu64> bytes"`), expanded for this platform.
  let systemDependent: [SystemDependentMessage]
  /// Their originals' first strings, decoded → index in `systemDependent`.
  let systemDependentIndex: [String: Int]
  private let parsedPluralForms = AtomicLazyReference<ParsedRule>()

  /// gettext's magic number, as a little-endian writer puts it.
  static let magic: UInt32 = 0x9504_12de
  /// The header of revision 0; revision 1 adds five words.
  static let headerSize = 28
  static let revisionOneHeaderSize = 48

  private enum Storage {
    case mapped(UnsafeMutableRawPointer, Int)
    case allocated(UnsafeMutableRawBufferPointer)
    case empty
  }

  /// Opens `url`: mapped when it lies in a `LC_MESSAGES` folder, read otherwise.
  ///
  /// - Throws: only when the file cannot be opened or read; a file that is not a
  ///   catalog opens with no messages and an error diagnostic.
  public convenience init(contentsOf url: URL) throws {
    let path = url.path
    try self.init(path: path, mapping: Self.isInMessagesFolder(path))
  }

  /// Opens `url`, mapped into memory or read into it.
  ///
  /// - Throws: only when the file cannot be opened or read.
  public convenience init(contentsOf url: URL, mapping: Bool) throws {
    try self.init(path: url.path, mapping: mapping)
  }

  /// Whether `path` is `…/LC_MESSAGES/<file>`.
  static func isInMessagesFolder(_ path: String) -> Bool {
    let bytes = path.utf8
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return false }
    let folder = bytes[..<slash]
    let name = "/LC_MESSAGES".utf8
    return folder.count >= name.count && folder.suffix(name.count).elementsEqual(name)
  }

  private convenience init(path: String, mapping: Bool) throws {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw MOFileError.unreadable(path, errno: errno) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw MOFileError.unreadable(path, errno: errno)
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw MOFileError.notAFile(path)
    }
    let size = Int(status.st_size)
    if size == 0 {
      self.init(storage: .empty, path: path)
      return
    }
    if mapping, let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0),
      base != MAP_FAILED
    {
      // A lookup touches a handful of scattered pages (header, hash slot, descriptors,
      // strings): faulting in the 15 pages around each costs more than it saves.
      // `entries()` asks for the whole file when it reads every message.
      madvise(base, size, MADV_RANDOM)
      self.init(storage: .mapped(base, size), path: path)
      return
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 8)
    var done = 0
    while done < size, let base = buffer.baseAddress {
      let result = read(descriptor, base + done, size - done)
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else {
        let error = errno
        buffer.deallocate()
        throw MOFileError.unreadable(path, errno: result == 0 ? EIO : error)
      }
      done += result
    }
    self.init(storage: .allocated(buffer), path: path)
  }

  /// A catalog from bytes in memory (copied); `path` is only the name diagnostics use.
  public convenience init(bytes: [UInt8], path: String) {
    guard !bytes.isEmpty else {
      self.init(storage: .empty, path: path)
      return
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 8)
    buffer.copyBytes(from: bytes)
    self.init(storage: .allocated(buffer), path: path)
  }

  private init(storage: Storage, path: String) {
    self.storage = storage
    self.path = path
    switch storage {
    case .mapped(let base, let size): bytes = UnsafeRawBufferPointer(start: base, count: size)
    case .allocated(let buffer): bytes = UnsafeRawBufferPointer(buffer)
    case .empty: bytes = UnsafeRawBufferPointer(start: nil, count: 0)
    }
    var layout = Layout.read(bytes, path: path)
    isBigEndian = layout.bigEndian
    count = layout.count
    revision = layout.revision
    originalsOffset = layout.originals
    translationsOffset = layout.translations
    hashSize = layout.hashSize
    hashOffset = layout.hashOffset
    let expanded = SystemDependentMessage.read(
      bytes, layout: layout, path: path, diagnostics: &layout.diagnostics)
    systemDependent = expanded
    var index: [String: Int] = [:]
    for (position, message) in expanded.enumerated() {
      index[message.key] = index[message.key] ?? position
    }
    systemDependentIndex = index
    let headerEntry = Self.headerEntry(in: bytes, layout: layout)
    hasHeader = headerEntry != nil
    header = GettextHeader(headerEntry)
    isUTF8 = CharsetDecoding.isUTF8Compatible(header.charset)
    diagnostics = layout.diagnostics
  }

  /// Tells the kernel the whole file is about to be read (every message decoded): the
  /// pages around each fault are mapped again, as for any file.
  func willReadWhole() {
    if case .mapped(let base, let size) = storage { madvise(base, size, MADV_NORMAL) }
  }

  deinit {
    switch storage {
    case .mapped(let base, let size): munmap(base, size)
    case .allocated(let buffer): buffer.deallocate()
    case .empty: break
    }
  }

  /// The rule plural messages choose their form by (`GettextHeader.parsePluralForms`),
  /// parsed when first asked for.
  public var pluralForms: PluralForms {
    if let parsed = parsedPluralForms.load() { return parsed.rule }
    return parsedPluralForms.storeIfNil(ParsedRule(header.parsePluralForms(file: path).rule)).rule
  }

  private final class ParsedRule: Sendable {
    let rule: PluralForms
    init(_ rule: PluralForms) { self.rule = rule }
  }

  // MARK: Reading words and strings

  /// The 32-bit word at `offset` in the file's byte order; nil past the end.
  @inline(__always)
  func word(at offset: Int) -> UInt32? {
    Self.word(at: offset, in: bytes, bigEndian: isBigEndian)
  }

  @inline(__always)
  static func word(at offset: Int, in bytes: UnsafeRawBufferPointer, bigEndian: Bool) -> UInt32? {
    guard offset >= 0, offset + 4 <= bytes.count, let base = bytes.baseAddress else { return nil }
    let raw = (base + offset).loadUnaligned(as: UInt32.self)
    return bigEndian ? UInt32(bigEndian: raw) : UInt32(littleEndian: raw)
  }

  /// Where a descriptor (a length and an offset) says a string is.
  struct Span: Hashable {
    var offset: Int
    var length: Int
    var end: Int { offset + length }
  }

  /// The original (`which` 0) or translation (1) of message `index`, as its descriptor
  /// says; nil when the descriptor or the string lies outside the file.
  @inline(__always)
  func span(of index: Int, translation: Bool) -> Span? {
    let table = translation ? translationsOffset : originalsOffset
    guard index >= 0, index < count, let length = word(at: table + index * 8),
      let offset = word(at: table + index * 8 + 4)
    else { return nil }
    let span = Span(offset: Int(offset), length: Int(length))
    return span.end <= bytes.count ? span : nil
  }

  /// The descriptor of message `index`, for diagnostics: its byte offset.
  func descriptorOffset(of index: Int, translation: Bool) -> Int {
    (translation ? translationsOffset : originalsOffset) + index * 8
  }

  /// The bytes of `span`.
  @inline(__always)
  func buffer(_ span: Span) -> UnsafeBufferPointer<UInt8> {
    guard let base = bytes.baseAddress, span.length > 0 else {
      return UnsafeBufferPointer(start: nil, count: 0)
    }
    return UnsafeBufferPointer(
      start: (base + span.offset).assumingMemoryBound(to: UInt8.self), count: span.length)
  }

  /// The header entry's translation: the message with an empty original.
  private static func headerEntry(in bytes: UnsafeRawBufferPointer, layout: Layout) -> (
    text: UnsafeBufferPointer<UInt8>, offset: Int
  )? {
    // msgfmt sorts the header (an empty original) first.
    guard layout.count > 0,
      let originalLength = word(at: layout.originals, in: bytes, bigEndian: layout.bigEndian),
      originalLength == 0,
      let length = word(at: layout.translations, in: bytes, bigEndian: layout.bigEndian),
      let offset = word(at: layout.translations + 4, in: bytes, bigEndian: layout.bigEndian),
      Int(offset) + Int(length) <= bytes.count, let base = bytes.baseAddress
    else { return nil }
    return (
      UnsafeBufferPointer(
        start: (base + Int(offset)).assumingMemoryBound(to: UInt8.self), count: Int(length)),
      Int(offset)
    )
  }
}

/// A `.mo` file that could not be read at all.
public enum MOFileError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// `open`, `fstat` or `read` failed with `errno`.
  case unreadable(String, errno: Int32)
  /// The path is a folder or a device, not a file.
  case notAFile(String)

  /// The reason in a sentence naming the file.
  public var description: String {
    switch self {
    case .unreadable(let path, let code):
      "cannot read '\(path)': \(SystemErrorText.of(code))"
    case .notAFile(let path): "'\(path)' is not a regular file"
    }
  }

  /// The reason without the file: diagnostics name it themselves.
  public var errorDescription: String? {
    switch self {
    case .unreadable(_, let code): SystemErrorText.of(code)
    case .notAFile: "not a regular file"
    }
  }
}
