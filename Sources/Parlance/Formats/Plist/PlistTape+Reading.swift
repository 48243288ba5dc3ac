import Foundation

extension PlistTape {
  /// Why a property list could not be read, in a diagnostic's words, and where.
  struct ReadFailure: Error {
    let reason: String
    let location: SourceLocation
  }

  /// Calls `body` with the tape of `data`: read by `PlistXMLReader` when the file is XML
  /// it takes (places are byte offsets), else by `PropertyListSerialization` (places are
  /// where `PlistKeyLocator` finds the keys in the decoded text; a binary list has none,
  /// and everything is at 1:1). Throws what Foundation said of a file neither can read.
  /// With `everyChild`, `entryOfChild` is filled in.
  static func reading<T>(_ data: Data, everyChild: Bool = false, _ body: (PlistTape) -> T)
    throws(ReadFailure) -> T
  {
    let isBinary = data.starts(with: Array("bplist".utf8))
    if !isBinary,
      let read = data.withUnsafeBytes({ raw in
        PlistXMLReader.read(raw.assumingMemoryBound(to: UInt8.self), everyChild: everyChild)
          .map(body)
      })
    {
      return read
    }
    if isBinary, let reason = BinaryPlistSize.refusal(data) {
      throw ReadFailure(reason: reason, location: SourceLocation(line: 1, column: 1))
    }
    let locator =
      isBinary ? nil : PlistKeyLocator(utf8: TextDecoding.decodeUnicode([UInt8](data)).utf8)
    let plist: Any
    do {
      plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      throw ReadFailure(
        reason: PlistReadError.reason(for: error, binary: isBinary),
        location: PlistReadError.location(in: error))
    }
    // A dictionary keyed by other things than strings (a binary list's may be) would be
    // read as no dictionary at all: say what it is.
    if plist is [AnyHashable: Any], !(plist is [String: Any]) {
      throw ReadFailure(
        reason: PlistReadError.nameNotAString, location: SourceLocation(line: 1, column: 1))
    }
    return body(PlistTape(foundation: plist, locator: locator))
  }

  /// The tape of what `PropertyListSerialization` read, with the places `locator` found:
  /// the root dictionary's names in the order of their places (then of their names), the
  /// names of the dictionaries just below it where the locator found them (else at their
  /// owner's place), deeper ones at their owner's place.
  init(foundation root: Any, locator: PlistKeyLocator?) {
    self.init(text: UnsafeBufferPointer(start: nil, count: 0))
    places = []
    let start = SourceLocation(line: 1, column: 1)
    guard let dictionary = root as? [String: Any] else {
      append(root, key: "", at: start, names: nil)
      return
    }
    let children = dictionary.map {
      (key: $0.key, value: $0.value, location: locator?.keys[$0.key]?.location ?? start)
    }.sorted { ($0.location, $0.key) < ($1.location, $1.key) }
    append([String: Any](), key: "", at: start, names: nil)
    for child in children {
      entryOfChild.append(Int32(entries.count))
      entries.append(Int32(nodes.count))
      append(
        child.value, key: child.key, at: child.location,
        names: locator?.keys[child.key]?.children)
    }
    nodes[0].end = Int32(nodes.count)
    duplicates = locator?.duplicates ?? RepeatedKeys()
  }

  /// Appends `value` named `key` at `location`, and, for a dictionary, its children in
  /// the order of their names, each at `names[name]` or else at `location`.
  private mutating func append(
    _ value: Any, key: String, at location: SourceLocation, names: [String: SourceLocation]?
  ) {
    let node = nodes.count
    let place = Int32(places?.count ?? 0)
    places?.append(location)
    var text = Span.empty
    let kind: Kind
    switch value {
    case let string as String:
      kind = .string
      text = store(string)
    case is [String: Any]: kind = .dictionary
    case is [Any]: kind = .array
    case is Date: kind = .date
    case is Data: kind = .data
    case let number as NSNumber:
      // `NSNumber` bridges to `Bool` too: booleans are told by their Core Foundation type.
      let type = String(cString: number.objCType)
      kind = type == "c" || type == "B" ? .boolean : .number
    default: kind = .other
    }
    nodes.append(
      Node(
        key: store(key), value: text, end: Int32(node + 1), place: place, kind: kind,
        flags: [.keyInTable, .valueInTable]))
    guard let dictionary = value as? [String: Any] else { return }
    for (name, child) in dictionary.sorted(by: { $0.key < $1.key }) {
      append(child, key: name, at: names?[name] ?? location, names: nil)
    }
    nodes[node].end = Int32(nodes.count)
  }

  /// `text`, added to `strings`.
  private mutating func store(_ text: String) -> Span {
    strings.append(text)
    return Span(start: Int32(strings.count - 1), count: 0)
  }
}
