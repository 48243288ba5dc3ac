#if canImport(Glibc)
  import Glibc
#endif

/// A property list read into one flat array of nodes, as the `.stringsdict` and `.plist`
/// readers walk it: every string stays where it is written until a reader asks for it,
/// and no dictionary is made for the small ones a `.stringsdict` is made of.
///
/// `PlistXMLReader` makes a tape of an XML file's bytes; `init(foundation:locator:)` one of
/// what `PropertyListSerialization` read from a file it did not take. Nodes are in file
/// order, each dictionary before its children; a dictionary's children run up to its
/// `end`. One exception, in a tape that does not keep every child (`entryOfChild`): a
/// plain string member of the root whose name repeats a string member's may take its
/// node, as it takes its entry, so that a name written many times does not grow the tape.
///
/// ```
/// <dict>                                   node 0: the root, end 5
///   <key>files</key><dict>                 node 1: 'files', a dictionary, end 4
///     <key>one</key><string>%d</string>    node 2: 'one', a string
///     <key>other</key><string>%d</string>  node 3: 'other', a string
///   </dict>
///   <key>title</key><string>Hi</string>    node 4: 'title', a string
/// </dict>
/// ```
///
/// A node's place is where its `<key>` stands: a byte offset of the text, made a line and
/// a column only for what a reader reports (`location(of:)`, `resolveLocations`).
struct PlistTape {
  /// What a value is; a reader of XML knows strings and dictionaries only.
  enum Kind: UInt8 {
    case string, dictionary, number, boolean, array, date, data, other

    /// "a number", as a diagnostic says what a value is.
    var description: String {
      switch self {
      case .string: "a string"
      case .dictionary: "a dictionary"
      case .number: "a number"
      case .boolean: "a boolean"
      case .array: "an array"
      case .date: "a date"
      case .data: "data"
      case .other: "of another type"
      }
    }
  }

  /// Bytes of `text`, or of `decoded` when a node's flag says so.
  struct Span {
    var start: Int32
    var count: Int32

    static let empty = Span(start: 0, count: 0)
  }

  struct Node {
    var key: Span
    /// A string's bytes; nothing for other values.
    var value: Span
    /// The index past this node's last descendant (a string's own index + 1).
    var end: Int32
    /// A byte offset of the text (XML), or an index of `places` (Foundation's reading).
    var place: Int32
    var kind: Kind
    var flags: Flags
  }

  struct Flags: OptionSet {
    let rawValue: UInt8
    /// The key's bytes are in `decoded` (it had an entity).
    static let keyDecoded = Flags(rawValue: 1)
    /// The value's bytes are in `decoded`.
    static let valueDecoded = Flags(rawValue: 2)
    /// The key is ASCII written without an entity: equal bytes are equal strings.
    static let plainKey = Flags(rawValue: 4)
    /// The key is `strings[key.start]` (Foundation's reading).
    static let keyInTable = Flags(rawValue: 8)
    /// The value is `strings[value.start]` (Foundation's reading).
    static let valueInTable = Flags(rawValue: 16)
  }

  /// The file, for spans not in `decoded`; empty for Foundation's reading.
  let text: UnsafeBufferPointer<UInt8>
  /// Texts with entities decoded.
  var decoded: [UInt8] = []
  /// Every text of Foundation's reading, as it made them: kept, not copied (a binary
  /// list can name one long string many times, and Foundation's strings share it).
  var strings: [String] = []
  /// Node 0 is the root.
  var nodes: [Node] = []
  /// For a root dictionary: the node that holds each of its names (the last written),
  /// in the order the names first appear.
  var entries: [Int32] = []
  /// For each child of the root dictionary, in file order: the index in `entries` of
  /// its name (when the reader was asked for it).
  var entryOfChild: [Int32] = []
  /// Root names written more than once; their locations unresolved (see `location(of:)`).
  var duplicates = RepeatedKeys()
  /// Where Foundation's nodes are, by `place`; nil when places are byte offsets.
  var places: [SourceLocation]?

  init(text: UnsafeBufferPointer<UInt8>) {
    self.text = text
  }

  // MARK: Reading nodes

  func isDictionary(_ node: Int) -> Bool { nodes[node].kind == .dictionary }

  func kind(_ node: Int) -> Kind { nodes[node].kind }

  /// The node's string value; nil when it is not a string.
  func string(_ node: Int) -> String? {
    let item = nodes[node]
    guard item.kind == .string else { return nil }
    if item.flags.contains(.valueInTable) { return strings[Int(item.value.start)] }
    return withBytes(item.value, decoded: item.flags.contains(.valueDecoded)) {
      String(decoding: $0, as: UTF8.self)
    }
  }

  /// The node's name in its dictionary.
  func key(_ node: Int) -> String {
    let item = nodes[node]
    if item.flags.contains(.keyInTable) { return strings[Int(item.key.start)] }
    return withBytes(item.key, decoded: item.flags.contains(.keyDecoded)) {
      String(decoding: $0, as: UTF8.self)
    }
  }

  /// Whether the node's name is `name` as Swift compares strings.
  func key(_ node: Int, is name: String) -> Bool {
    let item = nodes[node]
    if item.flags.contains(.plainKey), let equal = Self.asciiEqual(name, item.key, in: text) {
      return equal
    }
    return key(node) == name
  }

  /// Whether the two nodes' names are written with the same bytes (`==` also takes `é`
  /// for `e\u{301}`).
  func sameKeyBytes(_ first: Int, _ second: Int) -> Bool {
    let left = nodes[first]
    let right = nodes[second]
    if left.flags.union(right.flags).contains(.keyInTable) {
      return key(first).utf8.elementsEqual(key(second).utf8)
    }
    return withBytes(left.key, decoded: left.flags.contains(.keyDecoded)) { left in
      withBytes(right.key, decoded: right.flags.contains(.keyDecoded)) { right in
        left.elementsEqual(right)
      }
    }
  }

  /// The plural category the node's name is (`few`); nil for any other name. A plain
  /// name is told by its bytes, without a `String` made of it.
  func category(_ node: Int) -> PluralCategory? {
    let item = nodes[node]
    guard item.flags.contains(.plainKey) else { return PluralCategory(rawValue: key(node)) }
    guard (3...5).contains(item.key.count), let base = text.baseAddress else { return nil }
    let name = base + Int(item.key.start)
    func isName(_ expected: StaticString) -> Bool {
      guard expected.utf8CodeUnitCount == Int(item.key.count) else { return false }
      for offset in 0..<expected.utf8CodeUnitCount where name[offset] != expected.utf8Start[offset]
      {
        return false
      }
      return true
    }
    for category in PluralCategory.allCases where isName(category.name) { return category }
    return nil
  }

  /// Whether the node is a string equal to `text` as Swift compares strings.
  func string(_ node: Int, is expected: String) -> Bool {
    let item = nodes[node]
    guard item.kind == .string else { return false }
    if item.flags.isDisjoint(with: [.valueDecoded, .valueInTable]), let base = text.baseAddress,
      UnsafeBufferPointer(start: base + Int(item.value.start), count: Int(item.value.count))
        .isASCII,
      let equal = Self.asciiEqual(expected, item.value, in: text)
    {
      return equal
    }
    return string(node) == expected
  }

  /// Whether ASCII `name` is the ASCII bytes at `span`; nil when `name` is not ASCII
  /// (then only strings can tell: `K` and the Kelvin sign are one to Swift).
  private static func asciiEqual(_ name: String, _ span: Span, in text: UnsafeBufferPointer<UInt8>)
    -> Bool?
  {
    var name = name
    return name.withUTF8 { name -> Bool? in
      guard name.isASCII else { return nil }
      guard name.count == Int(span.count) else { return false }
      guard let left = name.baseAddress, let right = text.baseAddress else { return true }
      return memcmp(left, right + Int(span.start), name.count) == 0
    }
  }

  private func withBytes<T>(
    _ span: Span, decoded inDecoded: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> T
  ) -> T {
    if inDecoded {
      return decoded.withUnsafeBufferPointer {
        body(UnsafeBufferPointer(rebasing: $0[Int(span.start)..<Int(span.start + span.count)]))
      }
    }
    return body(UnsafeBufferPointer(rebasing: text[Int(span.start)..<Int(span.start + span.count)]))
  }

  /// The children of dictionary `node`, in file order (but for the exception above).
  func children(of node: Int) -> Children {
    Children(nodes: nodes, position: node + 1, end: Int(nodes[node].end))
  }

  struct Children: Sequence, IteratorProtocol {
    let nodes: [Node]
    var position: Int
    let end: Int

    mutating func next() -> Int? {
      guard position < end else { return nil }
      defer { position = Int(nodes[position].end) }
      return position
    }
  }

  /// The children of a dictionary, ready to be asked for names: a dictionary of more
  /// than a few is hashed once, so that asking for every name of a large one stays linear.
  struct Names {
    fileprivate let dictionary: Int
    fileprivate let table: [String: (first: Int, last: Int)]?
  }

  func names(of dictionary: Int) -> Names {
    var count = 0
    for _ in children(of: dictionary) {
      count += 1
      if count > 16 { break }
    }
    guard count > 16 else { return Names(dictionary: dictionary, table: nil) }
    var table: [String: (first: Int, last: Int)] = [:]
    for child in children(of: dictionary) {
      table[key(child), default: (child, child)].last = child
    }
    return Names(dictionary: dictionary, table: table)
  }

  /// The first child of the dictionary named `name` and the last (whose value a plist
  /// reader keeps); nil when none is.
  func child(_ name: String, in names: Names) -> (first: Int, last: Int)? {
    if let table = names.table { return table[name] }
    var found: (first: Int, last: Int)?
    for child in children(of: names.dictionary) where key(child, is: name) {
      found = (found?.first ?? child, child)
    }
    return found
  }

  // MARK: Locations

  /// Where the node's key is: for a tape of XML, a location standing for its byte offset
  /// until `resolveLocations` makes it a line and a column (so that a reader makes lines
  /// and columns only of what it reports, in one walk of the text).
  func location(of node: Int) -> SourceLocation {
    let place = Int(nodes[node].place)
    if let places { return places[place] }
    return .unresolved(offset: place)
  }

  /// Makes the unresolved locations of `entries` and of `diagnostics` lines and columns,
  /// in one walk of the text.
  func resolveLocations<Entry: HasSourceLocation>(
    of entries: inout [Entry], and diagnostics: inout [Diagnostic]
  ) {
    let lines = lines(of: entries.map(\.location) + diagnostics.map(\.location))
    for index in entries.indices { entries[index].location = lines(entries[index].location) }
    for index in diagnostics.indices {
      diagnostics[index].location = lines(diagnostics[index].location)
    }
  }

  /// The root dictionary's entries in file order: each name where it was written last.
  var entriesInFileOrder: [Int] {
    entries.map(Int.init).sorted { nodes[$0].place < nodes[$1].place }
  }

  /// Adds to `diagnostics` of `file` a warning for each root name written again (the
  /// first `Diagnostic.limitPerFile`, the rest counted), at its line and column.
  func reportRepeats(in diagnostics: inout [Diagnostic], file: String) {
    let repeats = resolved(duplicates)
    for repeated in repeats.listed {
      diagnostics.append(
        Diagnostic(
          file: file, location: repeated.again, severity: .warning,
          kind: .duplicateKey(repeated.key, firstAt: repeated.first)),
        upTo: Diagnostic.limitPerFile)
    }
    repeats.countUnlisted(in: &diagnostics, file: file)
  }

  /// `repeats` with lines and columns for its locations.
  func resolved(_ repeats: RepeatedKeys) -> RepeatedKeys {
    var locations = repeats.listed.flatMap { [$0.first, $0.again] }
    if let unlisted = repeats.unlisted { locations.append(unlisted.first) }
    let lines = lines(of: locations)
    return repeats.mapLocations { lines($0) }
  }

  /// Lines and columns for the unresolved locations among `locations`, found in one
  /// walk of the text.
  func lines(of locations: [SourceLocation]) -> ResolvedLocations {
    var offsets = locations.compactMap(\.unresolvedOffset)
    offsets.sort()
    var lines = LineLocator()
    return ResolvedLocations(
      offsets: offsets, locations: offsets.map { lines.location(of: $0, in: text) })
  }
}

/// What a reader gives a location.
protocol HasSourceLocation {
  var location: SourceLocation { get set }
}

extension ParsedEntry: HasSourceLocation {}
extension StringsEntry: HasSourceLocation {}

/// Unresolved locations of a text (`PlistTape.location(of:)`) with their lines and columns.
struct ResolvedLocations {
  let offsets: [Int]
  let locations: [SourceLocation]

  /// `location` as a line and column; as it is when it was resolved already.
  func callAsFunction(_ location: SourceLocation) -> SourceLocation {
    guard let offset = location.unresolvedOffset else { return location }
    var low = 0
    var high = offsets.count
    while low < high {
      let middle = (low + high) / 2
      if offsets[middle] < offset { low = middle + 1 } else { high = middle }
    }
    return low < offsets.count && offsets[low] == offset ? locations[low] : location
  }
}

extension SourceLocation {
  /// A byte offset of a text a reader has not made a line and column yet
  /// (`PlistTape.resolveLocations`); never seen outside the reader.
  static func unresolved(offset: Int) -> SourceLocation {
    SourceLocation(line: -2, column: offset)
  }

  var unresolvedOffset: Int? { line == -2 ? column : nil }
}
