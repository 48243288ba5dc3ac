/// The parts of a String Catalog's JSON that serving strings needs, read from a
/// `JSONTape` by the rules `JSONDecoder` applied to the `Codable` model this reader
/// replaced, so that a catalog reads and fails exactly as it did:
///
/// - unknown fields are skipped unread, and only what is read must be valid: a bad
///   escape in a `comment` fails the whole file, one in an unknown field does not;
/// - the first of two members with one name is used, the second is not read;
/// - each string and each localization is read on its own: a wrong type costs that
///   entry or that localization (with a reason such as `'stringUnit.state' should be a
///   string`), while a string or number that cannot be decoded at all fails the file;
/// - within an entry or a localization, the first mistake in field order wins
///   (`stringUnit`, `variations`, `substitutions`; `state`, `value`); within a map of
///   forms or substitutions, the first in the file (`JSONDecoder` went by hash order,
///   so its choice changed from run to run).
struct XCStringsDocument {
  /// Why reading stops: a wrong type or a null where an object is needed (the reason
  /// names the path), or a value `JSONDecoder` could not decode at all.
  enum Failure: Error {
    case mismatch(path: [String], expected: String, foundNull: Bool)
    case invalidJSON

    /// `'stringUnit.state' should be a string`, `the value should be an object, not null`.
    var reason: String {
      switch self {
      case .mismatch(let path, let expected, let foundNull):
        let joined = path.isEmpty ? "the value" : path.joined(separator: ".")
        let subject = joined == "the value" ? joined : "'\(joined)'"
        return "\(subject) should be \(expected)" + (foundNull ? ", not null" : "")
      case .invalidJSON:
        return Self.invalidJSONReason
      }
    }

    static let invalidJSONReason = "the value: the given data was not valid json."

    func below(_ component: String) -> Failure {
      guard case .mismatch(let path, let expected, let foundNull) = self else { return self }
      return .mismatch(path: [component] + path, expected: expected, foundNull: foundNull)
    }
  }

  /// One key of `strings`, first occurrence.
  struct Entry {
    var key: String
    /// The tape index of the key.
    var keyToken: Int
    /// Why the entry cannot be used, when it cannot.
    var invalidReason: String?
    var shouldTranslate: Bool?
    /// Where its localizations are in the document's `localizations`: in file order,
    /// each code once.
    var localizations: Range<Int>
  }

  struct Localization {
    var code: String
    var keyToken: Int
    /// The tape index of the localization's object.
    var node: Int
    var invalidReason: String?
  }

  /// The tape index of the `sourceLanguage` string, if any.
  var sourceLanguage: Int?
  /// The tape index of the `version` string, if any.
  var version: Int?
  /// nil when the catalog has no `strings` object.
  var strings: [Entry]?
  /// The localizations of every entry, one after the other (`Entry.localizations`): one
  /// array for the file, not one per key.
  private(set) var localizations: [Localization] = []
  /// A key of `strings` written again: the tape index of the repeat and the entry (in
  /// `strings`) of the first, 32 bits each (a file of a million repeats keeps 8 MB of
  /// them).
  struct RepeatedKey {
    private let token: UInt32
    private let first: UInt32

    init(keyToken: Int, entry: Int) {
      token = UInt32(keyToken)
      first = UInt32(entry)
    }

    var keyToken: Int { Int(token) }
    var entry: Int { Int(first) }
  }

  /// Keys of `strings` written again, in file order.
  private(set) var repeatedKeys: [RepeatedKey] = []

  let tape: JSONTape

  /// What `JSONDecoder` would have failed with; nil when the document reads.
  private(set) var failure: Failure?

  /// Reads the document from the tape.
  init(tape: JSONTape) {
    self.tape = tape
    do {
      try read()
    } catch {
      failure = error
    }
  }

  private mutating func read() throws(Failure) {
    let root = 0
    try checkObject(root)
    sourceLanguage = try optionalString("sourceLanguage", of: root)
    version = try optionalString("version", of: root)
    guard let strings = tape.member("strings", of: root), tape.kind(strings) != .null else {
      return
    }
    do {
      try checkObject(strings)
    } catch {
      throw error.below("strings")
    }
    let keys = tape.members(of: strings)
    let count = keys.count
    var entries: [Entry] = []
    entries.reserveCapacity(count)
    var first = FirstKeys(keys: count, bytes: tape.bytes.count)
    for keyToken in keys {
      let token = tape.tokens[keyToken]
      let written = token.flags == 0 ? Int(token.start)..<Int(token.end) : nil
      if let entry = first.repeatOf(written, in: tape.bytes) {
        repeatedKeys.append(RepeatedKey(keyToken: keyToken, entry: entry))
        continue
      }
      guard let key = tape.string(at: keyToken) else { throw .invalidJSON }
      if let entry = first.insert(key, at: entries.count, earlier: { entries.map(\.key) }) {
        repeatedKeys.append(RepeatedKey(keyToken: keyToken, entry: entry))
        continue
      }
      let start = localizations.count
      var entry = Entry(key: key, keyToken: keyToken, localizations: start..<start)
      do {
        try readEntry(keyToken + 1, into: &entry)
        entry.localizations = start..<localizations.count
      } catch {
        if case .invalidJSON = error { throw error }
        entry.invalidReason = error.reason
        localizations.removeSubrange(start...)
      }
      entries.append(entry)
    }
    self.strings = entries
  }

  // MARK: The model

  private mutating func readEntry(_ index: Int, into entry: inout Entry) throws(Failure) {
    try checkObject(index)
    _ = try optionalString("comment", of: index)
    _ = try optionalString("extractionState", of: index)
    entry.shouldTranslate = try optionalBool("shouldTranslate", of: index)
    guard let localizations = tape.member("localizations", of: index),
      tape.kind(localizations) != .null
    else { return }
    do {
      try checkObject(localizations)
    } catch {
      throw error.below("localizations")
    }
    for (code, keyToken) in try uniqueMembers(tape.members(of: localizations)) {
      var localization = Localization(code: code, keyToken: keyToken, node: keyToken + 1)
      do {
        try readNode(keyToken + 1)
      } catch {
        if case .invalidJSON = error { throw error }
        localization.invalidReason = error.reason
      }
      self.localizations.append(localization)
    }
  }

  /// A localization, or one branch of a variation.
  private func readNode(_ index: Int) throws(Failure) {
    try checkObject(index)
    if let unit = try optionalObject("stringUnit", of: index) {
      do {
        _ = try optionalString("state", of: unit)
        _ = try optionalString("value", of: unit)
      } catch {
        throw error.below("stringUnit")
      }
    }
    if let variations = try optionalObject("variations", of: index) {
      do {
        try readVariations(variations)
      } catch {
        throw error.below("variations")
      }
    }
    if let substitutions = try optionalObject("substitutions", of: index) {
      do {
        try readMap(substitutions) { (document, value) throws(Failure) in
          try document.readSubstitution(value)
        }
      } catch {
        throw error.below("substitutions")
      }
    }
  }

  private func readVariations(_ index: Int) throws(Failure) {
    for name: StaticString in ["plural", "device"] {
      guard let forms = try optionalObject(name, of: index) else { continue }
      do {
        try readMap(forms) { (document, value) throws(Failure) in try document.readNode(value) }
      } catch {
        throw error.below(String(describing: name))
      }
    }
  }

  private func readSubstitution(_ index: Int) throws(Failure) {
    try checkObject(index)
    if let argNum = tape.member("argNum", of: index), tape.kind(argNum) != .null {
      guard tape.kind(argNum) == .number else {
        throw .mismatch(path: ["argNum"], expected: "a number", foundNull: false)
      }
      guard tape.integer(at: argNum) != nil else { throw .invalidJSON }
    }
    _ = try optionalString("formatSpecifier", of: index)
    if let variations = try optionalObject("variations", of: index) {
      do {
        try readVariations(variations)
      } catch {
        throw error.below("variations")
      }
    }
  }

  /// A `[String: Value]` map: each name once, each value read. `JSONDecoder` read them
  /// in hash order and stopped at the first mistake (so with two mistakes, which one it
  /// named, or whether the file failed, changed from run to run); this reads in file
  /// order and names the first.
  private func readMap(
    _ index: Int, _ read: (XCStringsDocument, Int) throws(Failure) -> Void
  ) throws(Failure) {
    for (name, keyToken) in try uniqueMembers(tape.members(of: index)) {
      do {
        try read(self, keyToken + 1)
      } catch {
        throw error.below(name)
      }
    }
  }

  // MARK: Fields

  /// What `container(keyedBy:)` checks: an object whose every key decodes.
  private func checkObject(_ index: Int) throws(Failure) {
    switch tape.kind(index) {
    case .object:
      guard tape.keysAreValid(index) else { throw .invalidJSON }
    case .null: throw .mismatch(path: [], expected: "an object", foundNull: true)
    default: throw .mismatch(path: [], expected: "an object", foundNull: false)
    }
  }

  /// The value of an optional object field, checked; nil when absent or null.
  private func optionalObject(_ name: StaticString, of index: Int) throws(Failure) -> Int? {
    guard let value = tape.member(name, of: index), tape.kind(value) != .null else { return nil }
    do {
      try checkObject(value)
    } catch {
      throw error.below(String(describing: name))
    }
    return value
  }

  private func optionalString(_ name: StaticString, of index: Int) throws(Failure) -> Int? {
    guard let value = tape.member(name, of: index), tape.kind(value) != .null else { return nil }
    guard tape.kind(value) == .string else {
      throw .mismatch(path: [String(describing: name)], expected: "a string", foundNull: false)
    }
    guard tape.tokens[value].flags & JSONTape.isInvalid == 0 else { throw .invalidJSON }
    return value
  }

  private func optionalBool(_ name: StaticString, of index: Int) throws(Failure) -> Bool? {
    guard let value = tape.member(name, of: index), tape.kind(value) != .null else { return nil }
    switch tape.kind(value) {
    case .true: return true
    case .false: return false
    default:
      throw .mismatch(path: [String(describing: name)], expected: "a boolean", foundNull: false)
    }
  }

  /// The members of a checked object, each name once (the first; names are equal as
  /// Swift strings are, so `é` and `e\u0301` are one), in file order.
  private func uniqueMembers(_ keys: JSONTape.Members) throws(Failure) -> [(String, Int)] {
    var result: [(String, Int)] = []
    let count = keys.count
    result.reserveCapacity(count)
    var seen: Set<String> = []
    let small = count <= 16
    for keyToken in keys {
      guard let name = tape.string(at: keyToken) else { throw .invalidJSON }
      if small {
        if result.contains(where: { $0.0 == name }) { continue }
      } else {
        guard seen.insert(name).inserted else { continue }
      }
      result.append((name, keyToken))
    }
    return result
  }
}
