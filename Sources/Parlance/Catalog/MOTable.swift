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
/// Thread-safe: the count is an atomic, the built table is published once
/// (`AtomicLazyReference`: two threads that build at once keep the first), and every
/// answer before and after is the same.
final class MOTable: Sendable {
  /// The file, read in place until the table is built.
  let file: MOFile

  private final class Built: Sendable {
    let table: CatalogTable

    init(_ table: CatalogTable) {
      self.table = table
    }
  }

  private let built = AtomicLazyReference<Built>()
  /// Lookups answered from the file so far.
  private let lookups = Atomic<Int>(0)
  /// How many lookups the file answers before the table is built.
  private let threshold: Int

  init(file: MOFile) {
    self.file = file
    threshold = max(64, file.messageCount)
    // A file in another charset is decoded whole: its msgids cannot be compared in place.
    if !file.isUTF8 { _ = built.storeIfNil(Built(Self.makeTable(file))) }
  }

  /// The messages as a built table (building it now if it is not yet).
  var table: CatalogTable {
    if let built = built.load() { return built.table }
    return built.storeIfNil(Built(Self.makeTable(file))).table
  }

  /// The number of messages: the built table's, or the file's (the header and messages
  /// cut off by a truncated file not counted).
  var count: Int {
    if let built = built.load() { return built.table.count }
    let header = file.header.fields.isEmpty ? 0 : 1
    return max(0, file.messageCount - header)
  }

  // MARK: Lookups

  @inline(__always)
  func value(_ key: String) -> String? {
    if let built = built.load() { return built.table.value(key) }
    guard let entry = lookUp(key) else { return nil }
    return Self.stored(entry, rule: file.header.pluralForms).value
  }

  func contains(_ key: String) -> Bool {
    if let built = built.load() { return built.table.contains(key) }
    return lookUp(key) != nil
  }

  func renderable(_ key: String) -> CatalogTable.Renderable? {
    if let built = built.load() { return built.table.renderable(key) }
    guard let entry = lookUp(key) else { return nil }
    let stored = Self.stored(entry, rule: file.header.pluralForms)
    switch stored.message {
    case .text(let template) where template.isPlain: return .plain(stored.value)
    case .text(let template): return .template(template)
    default: return .message(CatalogTable.MessageBox(stored.message))
    }
  }

  func located(_ key: String) -> (value: String, message: Message?, origin: EntryOrigin)? {
    if let built = built.load() { return built.table.located(key) }
    guard let entry = lookUp(key) else { return nil }
    let stored = Self.stored(entry, rule: file.header.pluralForms)
    let isPlain = if case .text(let template) = stored.message { template.isPlain } else { false }
    return (
      stored.value, isPlain ? nil : stored.message,
      EntryOrigin(file: file.path, location: .entry(entry.index))
    )
  }

  /// The file's entry for `key`, counting the lookup; once the threshold is reached the
  /// table is built (and answers from then on).
  private func lookUp(_ key: String) -> MOFile.Entry? {
    if lookups.add(1, ordering: .relaxed).newValue == threshold {
      _ = table
    }
    return file.index(of: key).flatMap { file.entry(at: $0) }
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

  /// Every message of `file` in a table; of a msgid the file has twice (which `msgfmt`
  /// never writes, and lint reports), the first.
  private static func makeTable(_ file: MOFile) -> CatalogTable {
    let entries = file.entries()
    var table = CatalogTable(minimumCapacity: entries.count)
    let rule = file.header.pluralForms
    for entry in entries where !table.contains(entry.key) {
      let location = SourceLocation.entry(entry.index)
      if entry.plural == nil {
        table.insert(entry.key, text: entry.forms.first ?? "", file: file.path, location: location)
      } else {
        let stored = stored(entry, rule: rule)
        table.insert(
          entry.key, message: stored.message, value: stored.value, file: file.path,
          location: location)
      }
    }
    return table
  }
}
