/// How a text looks on screen, for comparing it with a catalog's: what GTK shows of a
/// label and what an accessibility tool reads differ from the catalog's text in ways
/// that do not change which message it is.
///
/// ```
/// "_Open"            → "Open"         the mnemonic marker (GtkLabel use-underline)
/// "Save __As"        → "Save _As"     a doubled underscore is one underscore
/// "ファイル(_F)"      → "ファイル(F)"
/// "  Close  "        → "Close"        padding (mousepad pads its menu labels)
/// "<b>Name</b>"      → "Name"         Pango markup, when it is valid markup
/// "Fish &amp; Chips" → "Fish & Chips"
/// ```
enum ShownTextForm {
  /// `text` without mnemonic markers, padding and (valid) markup.
  ///
  /// Worked on UTF-8 bytes: `_`, `<`, `&` and ASCII spaces never occur inside a
  /// multi-byte sequence. A text with none of them at all (most) is returned as it is.
  static func normalized(_ text: String) -> String {
    var needsWork = false
    var markup = false
    var bytes = 0
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "_"): needsWork = true
      case UInt8(ascii: "<"), UInt8(ascii: "&"): markup = true
      default: break
      }
      bytes += 1
    }
    let first = text.utf8.first ?? 0
    let last = text.utf8.last ?? 0
    // Whitespace at either end: ASCII, or a multi-byte space (NBSP, U+2002…).
    let padded = first <= 0x20 || last <= 0x20 || first >= 0x80 || last >= 0x80
    guard needsWork || markup || (padded && bytes > 0) else { return text }
    var text = text
    if markup, let plain = plainText(ofMarkup: text) {
      text = plain
    }
    var result: [UInt8] = []
    result.reserveCapacity(text.utf8.count)
    var pendingUnderscore = false
    for byte in text.utf8 {
      if byte == UInt8(ascii: "_") {
        if pendingUnderscore { result.append(byte) }
        pendingUnderscore.toggle()
        continue
      }
      pendingUnderscore = false
      result.append(byte)
    }
    if pendingUnderscore { result.append(UInt8(ascii: "_")) }
    let stripped = String(decoding: result, as: UTF8.self)
    guard let head = stripped.utf8.first, let tail = stripped.utf8.last,
      head <= 0x20 || tail <= 0x20 || head >= 0x80 || tail >= 0x80
    else { return stripped }
    return stripped.trimmingWhitespace()
  }

  /// The text of valid Pango markup with its tags left out and entities resolved; nil
  /// for text that is not markup (`a < b`).
  static func plainText(ofMarkup text: String) -> String? {
    guard PangoMarkup.problem(in: text) == nil else { return nil }
    var output = ""
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "<", let close = text[index...].firstIndex(of: ">") {
        index = text.index(after: close)
        continue
      }
      if character == "&", let semicolon = text[index...].firstIndex(of: ";"),
        let decoded = XMLEntity.scalar(named: String(text[text.index(after: index)..<semicolon]))
      {
        output.append(Character(decoded))
        index = text.index(after: semicolon)
        continue
      }
      output.append(character)
      index = text.index(after: index)
    }
    return output
  }
}
