import Foundation

/// Finishing entries: what is served, the header and its fields.
extension PoScanner {
  mutating func finishEntry() {
    defer {
      pending = Pending()
      field = .none
      recordHeaderSegments = false
    }
    guard pending.started, !pending.broken, pending.hasMsgid, pending.isComplete else { return }
    if pending.msgid.isEmpty {
      if pending.isHeaderCandidate && !headerSeen {
        headerSeen = true
        readHeader()
      } else {
        report(.emptyMsgid, .warning, at: pending.msgidLocation)
      }
      return
    }
    let forms: [String]?
    let value: String
    if pending.hasPlural {
      let strings = pending.forms.map { String(decoding: $0, as: UTF8.self) }
      // msgfmt serves a plural entry when msgstr[0] is set; an empty form would show as
      // empty text for some numbers, so an entry missing any form is not served.
      if strings.contains(where: \.isEmpty) {
        statistics.untranslated += 1
        return
      }
      forms = strings
      value = strings.last ?? ""
    } else {
      guard !pending.msgstr.isEmpty else {
        statistics.untranslated += 1
        return
      }
      forms = nil
      value = String(decoding: pending.msgstr, as: UTF8.self)
    }
    if pending.fuzzy {
      statistics.fuzzy += 1
      return
    }
    statistics.translated += 1
    let msgid = String(decoding: pending.msgid, as: UTF8.self)
    let key = CatalogEntry.key(
      msgid, context: pending.hasContext ? String(decoding: pending.context, as: UTF8.self) : nil)
    if let first = firstLocations[key] {
      report(.duplicateKey(key, firstAt: first), .warning, at: pending.msgidLocation)
    } else {
      firstLocations[key] = pending.msgidLocation
    }
    served.append(
      Served(
        key: key, msgid: msgid, value: value, forms: forms,
        plural: pending.hasPlural ? String(decoding: pending.msgidPlural, as: UTF8.self) : nil,
        location: pending.msgidLocation))
  }

  mutating func readHeader() {
    let value = pending.msgstr
    var lineStart = 0
    while lineStart < value.count {
      var lineEnd = lineStart
      while lineEnd < value.count && value[lineEnd] != 0x0A { lineEnd += 1 }
      defer { lineStart = lineEnd + 1 }
      guard let colon = value[lineStart..<lineEnd].firstIndex(of: UInt8(ascii: ":")) else {
        continue
      }
      var valueStart = colon + 1
      while valueStart < lineEnd && (value[valueStart] == 0x20 || value[valueStart] == 0x09) {
        valueStart += 1
      }
      var valueEnd = lineEnd
      while valueEnd > valueStart && (value[valueEnd - 1] == 0x20 || value[valueEnd - 1] == 0x09) {
        valueEnd -= 1
      }
      let name = String(decoding: value[lineStart..<colon], as: UTF8.self)
        .trimmingCharacters(in: .whitespaces)
      let fieldValue = String(decoding: value[valueStart..<valueEnd], as: UTF8.self)
      header[name] = fieldValue
      switch name {
      case "Language" where !fieldValue.isEmpty:
        do {
          language = try LanguageTag(fieldValue)
        } catch {
          report(.invalidLanguageHeader(fieldValue), .warning, at: headerLocation(of: valueStart))
        }
      case "Plural-Forms":
        do {
          pluralForms = try PluralForms(parsing: fieldValue)
        } catch {
          pluralFormsInvalid = true
          let bytes = Array(fieldValue.utf8)
          var offset = 0
          var scalars = 0
          while offset < bytes.count && scalars < error.offset {
            offset += 1
            if offset == bytes.count || bytes[offset] & 0xC0 != 0x80 { scalars += 1 }
          }
          report(
            .invalidPluralForms(reason: error.reason), .error,
            at: headerLocation(of: valueStart + offset))
        }
      default:
        break
      }
    }
  }

  /// The file position of a byte offset in the header's value: the line of the string
  /// that holds it, the column counted from that string's start (escapes before it in the
  /// same string shift it by one each; headers rarely have any but the final `\n`).
  func headerLocation(of offset: Int) -> SourceLocation {
    guard let segment = pending.segments.last(where: { $0.offset <= offset }) else {
      return pending.msgidLocation
    }
    let bytes = pending.msgstr[segment.offset..<min(offset, pending.msgstr.count)]
    let scalars = bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    return SourceLocation(line: segment.location.line, column: segment.location.column + scalars)
  }

  mutating func finish() -> PoFile {
    var result = PoFile()
    result.header = header
    result.language = language
    result.pluralForms = pluralForms
    result.statistics = statistics
    var warnedMissingRule = false
    result.entries = served.map { entry in
      guard let forms = entry.forms else {
        return ParsedEntry(
          key: entry.key, message: .text(MessageTemplate(entry.value)), location: entry.location)
      }
      let rule: PluralForms
      if let pluralForms {
        rule = pluralForms
        if forms.count != pluralForms.count {
          report(
            .pluralFormCount(msgid: entry.msgid, found: forms.count, nplurals: pluralForms.count),
            .warning, at: entry.location)
        }
      } else if pluralFormsInvalid {
        rule = .constant(count: forms.count)
      } else {
        rule = .germanic
        if !warnedMissingRule {
          warnedMissingRule = true
          report(.missingPluralForms, .warning, at: entry.location)
        }
      }
      return ParsedEntry(
        key: entry.key,
        message: .indexedPlural(forms: forms.map { MessageTemplate($0) }, rule: rule),
        location: entry.location, sourcePlural: entry.plural)
    }
    result.diagnostics = diagnostics
    return result
  }
}
