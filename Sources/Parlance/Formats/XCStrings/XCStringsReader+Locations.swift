extension XCStringsReader {
  /// Where the keys of `strings` and their localization codes are, and the keys written
  /// twice: what `JSONKeyLocator` reports, found from the tape when the file is strict
  /// JSON (no second pass over the text), taken from the locator otherwise.
  struct Located {
    /// Per entry of the document's `strings`.
    var keys: [SourceLocation]
    /// Per entry, per localization.
    var codes: [[SourceLocation]]
    var duplicates: [(key: String, first: SourceLocation, again: SourceLocation)] = []

    init(
      tape: JSONTape, document: XCStringsDocument, strings: [XCStringsDocument.Entry],
      locator: JSONKeyLocator?
    ) {
      keys = Array(repeating: XCStringsReader.start, count: strings.count)
      codes = strings.map { Array(repeating: XCStringsReader.start, count: $0.localizations.count) }
      if let locator {
        for (index, entry) in strings.enumerated() {
          let at = locator.keys[entry.key] ?? XCStringsReader.start
          keys[index] = at
          let languages = locator.languages[entry.key]
          for (code, localization) in entry.localizations.enumerated() {
            codes[index][code] = languages?[localization.code] ?? at
          }
        }
        duplicates = locator.duplicates
        return
      }
      let stringsObjects = tape.memberKeys(of: 0).filter {
        tape.equals($0, "strings") && tape.kind($0 + 1) == .object
      }
      tape.bytes.withUnsafeBufferPointer { text in
        if stringsObjects.count == 1 {
          locate(tape, strings, repeated: document.repeatedKeys, text)
        } else {
          locate(tape, strings, text)
        }
      }
    }

    /// The common case, one `strings` object: the document already knows its repeated
    /// keys, so one walk in file order computes every position.
    private mutating func locate(
      _ tape: JSONTape, _ strings: [XCStringsDocument.Entry],
      repeated: [(keyToken: Int, entry: Int)], _ text: UnsafeBufferPointer<UInt8>
    ) {
      var lines = LineLocator()
      func location(_ token: Int) -> SourceLocation {
        lines.location(of: Int(tape.tokens[token].start) - 1, in: text)
      }
      func record(_ again: (keyToken: Int, entry: Int)) {
        // The repeat as written (it may be another spelling of the same key).
        let name = tape.string(at: again.keyToken) ?? strings[again.entry].key
        duplicates.append((name, keys[again.entry], location(again.keyToken)))
      }
      var nextRepeat = 0
      for (index, entry) in strings.enumerated() {
        // Repeats of earlier keys that come before this entry.
        while nextRepeat < repeated.count, repeated[nextRepeat].keyToken < entry.keyToken {
          record(repeated[nextRepeat])
          nextRepeat += 1
        }
        keys[index] = location(entry.keyToken)
        for (code, localization) in entry.localizations.enumerated() {
          codes[index][code] = location(localization.keyToken)
        }
      }
      for again in repeated[nextRepeat...] { record(again) }
    }

    /// One walk in file order over every top-level `strings` object (as the locator
    /// sees them: all of them, though JSONDecoder reads the first).
    private mutating func locate(
      _ tape: JSONTape, _ strings: [XCStringsDocument.Entry], _ text: UnsafeBufferPointer<UInt8>
    ) {
      var lines = LineLocator()
      var first: [String: SourceLocation] = [:]
      first.reserveCapacity(strings.count)
      var next = 0
      func location(_ token: Int) -> SourceLocation {
        // The opening quote, one byte before the string's first.
        lines.location(of: Int(tape.tokens[token].start) - 1, in: text)
      }
      for member in tape.memberKeys(of: 0) where tape.equals(member, "strings") {
        guard tape.kind(member + 1) == .object else { continue }
        for key in tape.memberKeys(of: member + 1) {
          guard let name = tape.string(at: key) else { continue }
          let at = location(key)
          if let earlier = first[name] {
            duplicates.append((name, earlier, at))
          } else {
            first[name] = at
          }
          guard next < strings.count, strings[next].keyToken == key else { continue }
          keys[next] = at
          for (code, localization) in strings[next].localizations.enumerated() {
            codes[next][code] = location(localization.keyToken)
          }
          next += 1
        }
      }
    }
  }
}
