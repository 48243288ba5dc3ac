extension MOFile {
  /// Every problem of the file, at its byte: what opening found, then each message
  /// checked as glibc would read it. What `parlance lint` says of a `.mo`.
  ///
  /// Errors: a string outside the file, without its closing NUL, or overlapping the
  /// file's tables or another string; bytes that are not valid UTF-8 in a UTF-8 file; a
  /// message the hash table does not lead to (gettext would never find it); originals
  /// out of order in a file without a hash table (its binary search would miss them).
  /// Warnings: a msgid given twice, an empty translation, a plural message whose number
  /// of forms is not the header's `nplurals`. At most `Diagnostic.limitPerFile` are
  /// kept; the rest are counted. Time: O(n log n) in the number of messages.
  public func validate() -> [Diagnostic] {
    var findings = diagnostics + header.problems(path: path)
    if let problem = header.parsePluralForms(file: path).problem { findings.append(problem) }
    let limit = Diagnostic.limitPerFile
    func report(_ kind: Diagnostic.Kind, _ severity: Diagnostic.Severity, at offset: Int) {
      findings.append(
        Diagnostic(file: path, location: .byte(offset), severity: severity, kind: kind),
        upTo: limit)
    }
    let tables = tableRegions()
    var strings: [(span: Span, entry: Int, translation: Bool)] = []
    strings.reserveCapacity(count * 2)
    let checkEncoding = isUTF8
    let readable = readableCount
    if readable < messageCount {
      report(
        .compiledStringsOverlapTooMuch(
          leftOut: messageCount - readable, budget: decodingBudget),
        .error, at: descriptorOffset(of: min(readable, count), translation: false))
    }
    for index in 0..<min(count, readable) {
      for translation in [false, true] {
        let descriptor = descriptorOffset(of: index, translation: translation)
        guard let length = word(at: descriptor).map(Int.init),
          let offset = word(at: descriptor + 4).map(Int.init)
        else { continue }
        let role: Diagnostic.CompiledString = translation ? .translation : .original
        let span = Span(offset: offset, length: length)
        guard span.end <= bytes.count else {
          report(
            .compiledStringOutOfBounds(
              entry: index, role: role, offset: offset, length: length, fileSize: bytes.count),
            .error, at: descriptor)
          continue
        }
        if span.end == bytes.count || bytes[span.end] != 0 {
          report(.compiledStringNotTerminated(entry: index, role: role), .error, at: span.end)
        }
        if let table = tables.first(where: { $0.range.overlaps(offset..<span.end + 1) }) {
          report(
            .compiledStringOverlapsTable(entry: index, role: role, table: table.name), .error,
            at: offset)
        }
        if checkEncoding, let invalid = TextDecoding.firstInvalidUTF8Offset(in: buffer(span)) {
          report(.invalidEncoding(charset: "UTF-8"), .error, at: offset + invalid)
        }
        strings.append((span, index, translation))
      }
    }
    reportOverlaps(of: strings) { kind, offset in report(kind, .error, at: offset) }
    checkLookups { kind, severity, offset in report(kind, severity, at: offset) }
    checkMessages { kind, severity, offset in report(kind, severity, at: offset) }
    return findings
  }

  /// The header and tables, which no string may overlap.
  private func tableRegions() -> [(name: String, range: Range<Int>)] {
    let header = (revision & 0xFFFF) >= 1 ? Self.revisionOneHeaderSize : Self.headerSize
    var regions = [
      ("header", 0..<min(header, bytes.count)),
      ("original strings", originalsOffset..<originalsOffset + count * 8),
      ("translations", translationsOffset..<translationsOffset + count * 8),
    ]
    if hashSize > 0 { regions.append(("hash table", hashOffset..<hashOffset + hashSize * 4)) }
    return regions.filter { !$0.1.isEmpty }
  }

  /// Strings that share some bytes without being the same bytes: each is an error at the
  /// later one.
  private func reportOverlaps(
    of strings: [(span: Span, entry: Int, translation: Bool)],
    _ report: (Diagnostic.Kind, Int) -> Void
  ) {
    let sorted = strings.filter { $0.span.length > 0 }.sorted {
      ($0.span.offset, $0.span.length) < ($1.span.offset, $1.span.length)
    }
    var reach: (end: Int, span: Span, entry: Int, translation: Bool)?
    for string in sorted {
      if let current = reach, string.span.offset < current.end, string.span != current.span {
        report(
          .compiledStringsOverlap(
            entry: string.entry, role: string.translation ? .translation : .original,
            other: current.entry, otherRole: current.translation ? .translation : .original),
          string.span.offset)
      }
      if string.span.end > reach?.end ?? -1 {
        reach = (string.span.end, string.span, string.entry, string.translation)
      }
    }
  }

  /// Whether gettext's own lookup leads to each message: through the hash table, or by
  /// binary search when the file has none (which needs the originals sorted).
  private func checkLookups(_ report: (Diagnostic.Kind, Diagnostic.Severity, Int) -> Void) {
    var previous: UnsafeBufferPointer<UInt8>?
    var firsts: [String: Int] = [:]
    for index in 0..<min(count, readableCount) {
      guard let span = span(of: index, translation: false) else { continue }
      let original = buffer(span)
      let first = UnsafeBufferPointer(
        rebasing: original[..<(original.firstIndex(of: 0) ?? original.count)])
      let key = String(decoding: first, as: UTF8.self)
      if let earlier = firsts[key] {
        report(
          .duplicateCompiledMessage(key, entry: index, firstEntry: earlier), .warning,
          descriptorOffset(of: index, translation: false))
        continue
      }
      firsts[key] = index
      if hashSize > 0 {
        if key.isEmpty || self.index(of: key) != nil { continue }
        report(
          .compiledMessageNotInHashTable(key, entry: index), .error,
          descriptorOffset(of: index, translation: false))
      } else {
        if let previous, Self.compare(first, withFirstStringOf: previous) < 0 {
          report(
            .compiledMessagesUnsorted(key, entry: index), .error,
            descriptorOffset(of: index, translation: false))
        }
      }
      previous = first
    }
    guard hashSize > 0 else { return }
    for slot in 0..<hashSize {
      guard let stored = word(at: hashOffset + slot * 4), stored != 0 else { continue }
      if Int(stored) > count {
        report(
          .hashTableEntryOutOfRange(slot: slot, value: Int(stored), count: count), .error,
          hashOffset + slot * 4)
      }
    }
  }

  /// Plural messages against the header's rule, and empty translations.
  private func checkMessages(_ report: (Diagnostic.Kind, Diagnostic.Severity, Int) -> Void) {
    var warnedMissingRule = false
    for entry in entries() {
      if entry.forms.allSatisfy(\.isEmpty) {
        report(.emptyCompiledTranslation(entry.key), .warning, entry.translationOffset)
      }
      guard entry.plural != nil else { continue }
      if !header.declaresPluralForms {
        if !warnedMissingRule {
          warnedMissingRule = true
          report(.missingPluralForms, .warning, entry.translationOffset)
        }
      } else if entry.forms.count != pluralForms.count {
        report(
          .pluralFormCount(
            msgid: entry.msgid, found: entry.forms.count, nplurals: pluralForms.count),
          .warning, entry.translationOffset)
      }
    }
  }
}
