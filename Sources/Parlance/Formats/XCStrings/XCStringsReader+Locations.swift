extension XCStringsReader {
  /// Where the keys of `strings` and their localization codes are, and the keys written
  /// twice. Locations stop where `JSONSyntaxLocator` stops, at the first mistake it cannot
  /// read past (`stoppedAt`: a line break inside a string, a number such as `1-2`): keys
  /// after that point have no location and repeats after it are not reported. Up to
  /// there the locator sees the structure the tape holds, so the tape answers for it.
  struct Located {
    /// Per entry of the document's `strings`; `start` when the locator did not reach it.
    var keys: [SourceLocation]
    /// Per localization of the document (`XCStringsDocument.localizations`); the key's
    /// location when the locator did not reach it.
    var codes: [SourceLocation]
    /// The keys written again.
    var duplicates = RepeatedKeys()

    init(
      tape: JSONTape, document: XCStringsDocument, strings: [XCStringsDocument.Entry],
      stoppedAt: Int?
    ) {
      keys = Array(repeating: XCStringsReader.start, count: strings.count)
      codes = Array(repeating: XCStringsReader.start, count: document.localizations.count)
      let stringsObjects = tape.memberKeys(of: 0).filter {
        tape.equals($0, "strings") && tape.kind($0 + 1) == .object
      }
      let end = stoppedAt ?? Int.max
      var walk = Walk(tape: tape, text: tape.bytes, end: end)
      if stringsObjects.count == 1 {
        locate(&walk, strings, document.localizations, repeated: document.repeatedKeys)
      } else {
        locate(&walk, strings, document.localizations, stringsObjects: stringsObjects)
      }
    }

    /// Positions in file order, up to where the locator stopped.
    private struct Walk {
      let tape: JSONTape
      let text: UnsafeBufferPointer<UInt8>
      let end: Int
      var lines = LineLocator()

      /// The location of the string at `token` (its opening quote), if the locator saw it.
      mutating func location(_ token: Int) -> SourceLocation? {
        guard saw(token) else { return nil }
        return lines.location(of: Int(tape.tokens[token].start) - 1, in: text)
      }

      /// Whether the locator saw the string at `token`.
      func saw(_ token: Int) -> Bool {
        Int(tape.tokens[token].start) - 1 < end
      }
    }

    private mutating func place(
      _ index: Int, _ entry: XCStringsDocument.Entry,
      _ localizations: [XCStringsDocument.Localization], at: SourceLocation, _ walk: inout Walk
    ) {
      keys[index] = at
      for code in entry.localizations {
        codes[code] = walk.location(localizations[code].keyToken) ?? at
      }
    }

    /// The common case, one `strings` object: the document knows its repeated keys.
    private mutating func locate(
      _ walk: inout Walk, _ strings: [XCStringsDocument.Entry],
      _ localizations: [XCStringsDocument.Localization], repeated: [XCStringsDocument.RepeatedKey]
    ) {
      var nextRepeat = 0
      func record(_ again: XCStringsDocument.RepeatedKey, _ walk: inout Walk) {
        if duplicates.isFull {
          // Only counted (a file of a million repeats), and located only for the first.
          duplicates.countUnlisted(seen: walk.saw(again.keyToken)) {
            walk.location(again.keyToken)
          }
          return
        }
        // The first of a key comes before its repeat: if the repeat was seen, so was it.
        guard let at = walk.location(again.keyToken) else { return }
        // The repeat as written (it may be another spelling of the same key).
        let name = walk.tape.string(at: again.keyToken) ?? strings[again.entry].key
        duplicates.add(name, first: keys[again.entry], again: at)
      }
      for (index, entry) in strings.enumerated() {
        while nextRepeat < repeated.count, repeated[nextRepeat].keyToken < entry.keyToken {
          record(repeated[nextRepeat], &walk)
          nextRepeat += 1
        }
        guard let at = walk.location(entry.keyToken) else { break }
        place(index, entry, localizations, at: at, &walk)
      }
      for again in repeated[nextRepeat...] { record(again, &walk) }
    }

    /// Several top-level `strings` objects: the locator looked into all of them (and
    /// reported a key of the second that the first has), though the document reads
    /// the first.
    private mutating func locate(
      _ walk: inout Walk, _ strings: [XCStringsDocument.Entry],
      _ localizations: [XCStringsDocument.Localization], stringsObjects: [Int]
    ) {
      var first: [String: SourceLocation] = [:]
      var next = 0
      for member in stringsObjects {
        for key in walk.tape.memberKeys(of: member + 1) {
          guard let at = walk.location(key) else { return }
          let name =
            walk.tape.string(at: key) ?? JSONSyntaxLocator.decodeKey(walk.tape.bytes(of: key))
          if let earlier = first[name] {
            duplicates.add(name, first: earlier, again: at)
          } else {
            first[name] = at
          }
          guard next < strings.count, strings[next].keyToken == key else { continue }
          place(next, strings[next], localizations, at: at, &walk)
          next += 1
        }
      }
    }
  }
}
