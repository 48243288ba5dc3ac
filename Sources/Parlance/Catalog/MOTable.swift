import Synchronization

/// The messages of one compiled gettext file as a table: answered from the file in place
/// at first, from a `CatalogTable` built once the file has been asked as many times as it
/// has messages.
///
/// Opening a 10,000-message `.mo` and answering from it costs what glibc's
/// `bindtextdomain` + first `dgettext` cost (the header is read; each lookup hashes the
/// msgid into the file's own hash table and decodes one translation), where building a
/// table first would cost 30 times more. But each such lookup makes a new `String`; the
/// built table hands out stored ones, 1.5–2× faster. Building it after as many lookups
/// as messages costs at most about what those lookups would have saved (the rent-or-buy
/// rule), so a program that asks for a few texts of a large domain (GTK's own, for a
/// dialog) never pays for the table, and one that shows a catalog all day gets it soon.
///
/// Thread-safe: the count is an atomic, the built table is published once with a
/// compare-and-exchange (two threads that build at once keep the first), and every
/// answer before and after is the same. A lookup of the built table reads it in place
/// through a pointer published with release ordering: no reference count is written,
/// so threads that look up share no written memory.
final class MOTable: Sendable {
  /// The file, read in place until the table is built.
  let file: MOFile

  /// The built table, where a pointer can reach it without retaining it.
  private final class Built: @unchecked Sendable {
    // @unchecked: the table is written once, before the Built is published, then only read.
    let table: UnsafeMutablePointer<CatalogTable>

    init(_ table: CatalogTable) {
      self.table = .allocate(capacity: 1)
      self.table.initialize(to: table)
    }

    deinit {
      table.deinitialize(count: 1)
      table.deallocate()
    }
  }

  /// `Unmanaged<Built>` retained once, as bits; 0 until the table is built.
  private let built = Atomic<UInt>(0)
  /// Lookups answered from the file so far.
  private let lookups = Atomic<Int>(0)
  /// How many lookups the file answers before the table is built.
  private let threshold: Int

  /// The table of `file`, built after `threshold` lookups answered in place (by default
  /// as many as the file has messages, at least 64).
  init(file: MOFile, threshold: Int? = nil) {
    self.file = file
    self.threshold = threshold ?? max(64, file.messageCount)
    // A file in another charset is decoded whole: its msgids cannot be compared in place.
    if !file.isUTF8 { _ = publish(Self.makeTable(file)) }
  }

  deinit {
    let bits = built.load(ordering: .acquiring)
    if let pointer = UnsafeRawPointer(bitPattern: bits) {
      Unmanaged<Built>.fromOpaque(pointer).release()
    }
  }

  /// The built table in place, or nil before it is built.
  @inline(__always)
  private var builtTable: UnsafeMutablePointer<CatalogTable>? {
    guard let pointer = UnsafeRawPointer(bitPattern: built.load(ordering: .acquiring)) else {
      return nil
    }
    // The Built lives until this table's deinit: no retain needed to read it.
    return Unmanaged<Built>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.table }
  }

  /// Makes `table` the built one unless another thread did first; returns the one kept.
  private func publish(_ table: CatalogTable) -> UnsafeMutablePointer<CatalogTable> {
    let box = Unmanaged.passRetained(Built(table))
    let bits = UInt(bitPattern: box.toOpaque())
    let (exchanged, original) = built.compareExchange(
      expected: 0, desired: bits, successOrdering: .acquiringAndReleasing,
      failureOrdering: .acquiring)
    if !exchanged, let theirs = UnsafeRawPointer(bitPattern: original) {
      // Another thread published first: its table, never released before this one is.
      box.release()
      return Unmanaged<Built>.fromOpaque(theirs)._withUnsafeGuaranteedRef { $0.table }
    }
    return box._withUnsafeGuaranteedRef { $0.table }
  }

  /// The messages as a built table (building it now if it is not yet).
  var table: CatalogTable {
    if let builtTable { return builtTable.pointee }
    return publish(Self.makeTable(file)).pointee
  }

  /// Every message the table answers, as the file holds it, when the table is not built:
  /// what reads each message once (a translation index) needs without building a table
  /// that would answer nothing more. Nil once it is built.
  var messagesInPlace: [MOFile.Entry]? {
    guard builtTable == nil else { return nil }
    // The same messages as the built table: those gettext's lookup finds.
    return file.entries().filter { file.index(of: $0.key) == $0.index }
  }

  /// The number of messages: the built table's, or the file's (the header and messages
  /// cut off by a truncated file not counted).
  var count: Int {
    if let builtTable { return builtTable.pointee.count }
    let header = file.hasHeader ? 1 : 0
    return max(0, file.messageCount - header)
  }

  // MARK: Lookups

  @inline(__always)
  func value(_ key: String) -> String? {
    if let builtTable { return CatalogTable.value(key, in: builtTable) }
    countLookup()
    // What `stored` gives as the value (the first form), without decoding the rest.
    return file.index(of: key).flatMap { file.firstTranslation(at: $0) }
  }

  func contains(_ key: String) -> Bool {
    if let builtTable { return builtTable.pointee.contains(key) }
    return lookUp(key) != nil
  }

  func renderable(_ key: String) -> CatalogTable.Renderable? {
    if let builtTable { return builtTable.pointee.renderable(key) }
    guard let entry = lookUp(key) else { return nil }
    let stored = Self.stored(entry, rule: file.pluralForms)
    switch stored.message {
    case .text(let template) where template.isPlain: return .plain(stored.value)
    case .text(let template): return .template(template)
    default: return .message(CatalogTable.MessageBox(stored.message, sourcePlural: entry.plural))
    }
  }

  func located(_ key: String) -> (value: String, message: Message?, origin: EntryOrigin)? {
    if let builtTable { return builtTable.pointee.located(key) }
    guard let entry = lookUp(key) else { return nil }
    let stored = Self.stored(entry, rule: file.pluralForms)
    let isPlain = if case .text(let template) = stored.message { template.isPlain } else { false }
    return (
      stored.value, isPlain ? nil : stored.message,
      EntryOrigin(file: file.path, location: .entry(entry.index))
    )
  }

  func sourcePlural(of key: String) -> String? {
    if let builtTable { return builtTable.pointee.sourcePlural(of: key) }
    return lookUp(key)?.plural
  }

  /// The file's entry for `key`, counting the lookup; once the threshold is reached the
  /// table is built (and answers from then on).
  private func lookUp(_ key: String) -> MOFile.Entry? {
    countLookup()
    return file.index(of: key).flatMap { file.entry(at: $0) }
  }

  /// Counts a lookup answered from the file; the one that reaches the threshold builds
  /// the table.
  @inline(__always)
  private func countLookup() {
    if lookups.add(1, ordering: .relaxed).newValue == threshold {
      _ = table
    }
  }

  // MARK: Building

  /// What a table stores for an entry: its text shown without arguments and its message.
  /// One function for both paths, so that an answer read in place and one from the
  /// built table are the same.
  static func stored(_ entry: MOFile.Entry, rule: PluralForms) -> (value: String, message: Message)
  {
    guard entry.plural != nil else {
      let text = entry.forms.first ?? ""
      return (text, .text(MessageTemplate(text)))
    }
    let message = Message.indexedPlural(forms: entry.forms.map { MessageTemplate($0) }, rule: rule)
    return (message.displayValue, message)
  }

  /// Every message of `file` that gettext's lookup finds, in a table: a message the
  /// file's hash table does not lead to (or that its binary search misses) is left out,
  /// so that the built table answers what the file answered in place. Of a msgid the
  /// file has twice (which `msgfmt` never writes, and lint reports), the one found.
  private static func makeTable(_ file: MOFile) -> CatalogTable {
    let entries = file.entries()
    var table = CatalogTable(minimumCapacity: entries.count)
    let rule = file.pluralForms
    // A file in another charset has no lookup in place: every message is in.
    let checked = file.isUTF8
    for entry in entries where !checked || file.index(of: entry.key) == entry.index {
      let location = SourceLocation.entry(entry.index)
      if entry.plural == nil {
        table.insert(entry.key, text: entry.forms.first ?? "", file: file.path, location: location)
      } else {
        let stored = stored(entry, rule: rule)
        table.insert(
          entry.key, message: stored.message, value: stored.value, file: file.path,
          location: location, sourcePlural: entry.plural)
      }
    }
    return table
  }
}
