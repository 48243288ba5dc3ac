/// A strict XML reader of our own for `.ui` files, with the position of every element.
///
/// Why our own: GtkBuilder accepts a truncated file silently and reports no positions of
/// its own for most problems, and the reader must say `file:line:column` for anything
/// malformed. It reads UTF-8 (a BOM is skipped), elements, attributes (either quote),
/// text, CDATA, the five predefined entities and character references; it skips
/// comments, processing instructions and a DOCTYPE. The first error stops it: a
/// malformed `.ui` file is not built at all. Elements nest at most `maximumDepth` deep
/// (real `.ui` files nest under 20), so that neither this reader nor what walks its tree
/// recurses without bound.
///
/// Example: `<object class="GtkLabel"><property name="label">A &amp; B</property>`
/// (end of file) → `1:1: error: unexpected end of file: <object> opened at 1:1 is not
/// closed`.
public struct XMLReader {
  /// Why the file is not well-formed, and where.
  public struct Failure: Error, Hashable, Sendable {
    /// Where the problem is.
    public let location: SourceLocation
    /// What is wrong, in lowercase.
    public let reason: String
  }

  /// How deep elements may nest: the root is at depth 1.
  package static let maximumDepth = 256

  private let bytes: [UInt8]
  /// Where the text begins: after a BOM, which is not counted in columns.
  private let textStart: Int
  private var depth = 0
  private var offset = 0
  private var line = 1
  /// Where the current line begins (after its line feed, or after a BOM).
  private var lineStart = 0
  /// The last place on the current line whose column was counted: a position asked for
  /// counts on from there, so that every byte is counted once however long the line.
  private var counted = (offset: 0, column: 1)

  /// Reads `bytes` into the root element.
  public static func parse(_ bytes: [UInt8]) -> Result<XMLTree.Element, Failure> {
    var reader = XMLReader(bytes: bytes)
    do {
      return .success(try reader.document())
    } catch {
      return .failure(error)
    }
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
    textStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    (offset, lineStart, counted.offset) = (textStart, textStart, textStart)
  }

  // MARK: Document

  private mutating func document() throws(Failure) -> XMLTree.Element {
    try skipMisc()
    guard peek() == UInt8(ascii: "<") else {
      throw fail(atEnd ? "the file has no root element" : "expected '<' of the root element")
    }
    let root = try element()
    try skipMisc()
    if !atEnd { throw fail("content after the root element </\(root.name)>") }
    return root
  }

  /// Whitespace, comments, processing instructions and a DOCTYPE.
  private mutating func skipMisc() throws(Failure) {
    while !atEnd {
      if let byte = peek(), Self.isSpace(byte) {
        advance()
      } else if starts(with: "<?") {
        try skip(past: "?>", what: "processing instruction")
      } else if starts(with: "<!--") {
        try comment()
      } else if starts(with: "<!DOCTYPE") {
        try doctype()
      } else {
        return
      }
    }
  }

  private mutating func comment() throws(Failure) {
    try skip(past: "-->", what: "comment")
  }

  private mutating func doctype() throws(Failure) {
    let start = here
    var depth = 0
    while let byte = peek() {
      advance()
      if byte == UInt8(ascii: "[") { depth += 1 }
      if byte == UInt8(ascii: "]") { depth -= 1 }
      if byte == UInt8(ascii: ">") && depth <= 0 { return }
    }
    throw Failure(location: start, reason: "unterminated DOCTYPE")
  }

  // MARK: Elements

  private mutating func element() throws(Failure) -> XMLTree.Element {
    let start = here
    advance()  // <
    let name = try self.name(what: "element name")
    guard depth < Self.maximumDepth else {
      throw Failure(
        location: start,
        reason: "<\(name)> is nested deeper than \(Self.maximumDepth) elements")
    }
    depth += 1
    defer { depth -= 1 }
    var element = XMLTree.Element(name: name, location: start)
    while true {
      let hadSpace = skipSpace()
      guard let byte = peek() else {
        throw Failure(location: start, reason: "unexpected end of file inside the tag <\(name)>")
      }
      if byte == UInt8(ascii: "/") {
        advance()
        guard peek() == UInt8(ascii: ">") else { throw fail("expected '>' after '/'") }
        advance()
        return element
      }
      if byte == UInt8(ascii: ">") {
        advance()
        break
      }
      guard hadSpace else { throw fail("expected a space, '>' or '/>' in the tag <\(name)>") }
      let attributeStart = offset
      let attribute = try self.name(what: "attribute name")
      skipSpace()
      guard peek() == UInt8(ascii: "=") else {
        throw fail("expected '=' after the attribute '\(attribute)'")
      }
      advance()
      skipSpace()
      let value = try attributeValue()
      if element[attribute] != nil {
        throw Failure(
          location: location(at: attributeStart),
          reason: "duplicate attribute '\(attribute)' in <\(name)>")
      }
      element.attributes.append((attribute, value))
    }
    try content(of: &element)
    return element
  }

  /// Children up to and including the end tag.
  private mutating func content(of element: inout XMLTree.Element) throws(Failure) {
    var text: [UInt8] = []
    func flush(_ text: inout [UInt8], into element: inout XMLTree.Element) {
      guard !text.isEmpty else { return }
      element.children.append(.text(String(decoding: text, as: UTF8.self)))
      text.removeAll(keepingCapacity: true)
    }
    while true {
      guard let byte = peek() else {
        throw Failure(
          location: element.location,
          reason: "unexpected end of file: <\(element.name)> opened at \(element.location) "
            + "is not closed")
      }
      if byte == UInt8(ascii: "<") {
        if starts(with: "</") {
          flush(&text, into: &element)
          let endStart = offset
          advance(2)
          let name = try self.name(what: "element name")
          skipSpace()
          guard peek() == UInt8(ascii: ">") else { throw fail("expected '>' to end </\(name)>") }
          advance()
          guard name == element.name else {
            throw Failure(
              location: location(at: endStart),
              reason: "</\(name)> does not close <\(element.name)> opened at \(element.location)")
          }
          return
        } else if starts(with: "<!--") {
          try comment()
        } else if starts(with: "<![CDATA[") {
          let start = here
          advance(9)
          guard let end = find("]]>") else {
            throw Failure(location: start, reason: "unterminated CDATA section")
          }
          text += Self.normalizingLineEnds(bytes[offset..<end])
          while offset < end { advance() }
          advance(3)
        } else if starts(with: "<?") {
          try skip(past: "?>", what: "processing instruction")
        } else {
          flush(&text, into: &element)
          element.children.append(.element(try self.element()))
        }
      } else if byte == UInt8(ascii: "&") {
        text += try reference()
      } else if byte == 0x0D {
        // Line ends are normalized to a line feed, as XML wants and as xgettext reads
        // the msgid: a file saved with CRLF still finds its translations.
        text.append(0x0A)
        advance()
        if peek() == 0x0A { advance() }
      } else {
        // A run of plain text at once, up to the next markup, reference or CR.
        var end = offset + 1
        while end < bytes.count {
          let next = bytes[end]
          if next == UInt8(ascii: "<") || next == UInt8(ascii: "&") || next == 0x0D { break }
          end += 1
        }
        text += bytes[offset..<end]
        advance(end - offset)
      }
    }
  }

  /// CR LF and a lone CR as LF.
  private static func normalizingLineEnds(_ slice: ArraySlice<UInt8>) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(slice.count)
    var previousWasCR = false
    for byte in slice {
      if byte == 0x0A && previousWasCR {
        previousWasCR = false
        continue
      }
      previousWasCR = byte == 0x0D
      result.append(previousWasCR ? 0x0A : byte)
    }
    return result
  }

  private mutating func attributeValue() throws(Failure) -> String {
    guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
      throw fail("expected a quoted attribute value")
    }
    // Most values are plain: no reference, no white space to normalize.
    var end = offset + 1
    while end < bytes.count {
      let byte = bytes[end]
      if byte == quote || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == 0x0A
        || byte == 0x0D || byte == 0x09
      {
        break
      }
      end += 1
    }
    if end < bytes.count, bytes[end] == quote {
      let value = String(decoding: bytes[(offset + 1)..<end], as: UTF8.self)
      advance(end + 1 - offset)
      return value
    }
    let start = here
    advance()
    var value: [UInt8] = []
    while let byte = peek() {
      if byte == quote {
        advance()
        return String(decoding: value, as: UTF8.self)
      }
      if byte == UInt8(ascii: "<") { throw fail("'<' is not allowed in an attribute value") }
      if byte == UInt8(ascii: "&") {
        value += try reference()
      } else {
        // Attribute-value normalization: white space characters become spaces, a CR LF
        // one space.
        value.append(byte == 0x0A || byte == 0x0D || byte == 0x09 ? 0x20 : byte)
        advance()
        if byte == 0x0D, peek() == 0x0A { advance() }
      }
    }
    throw Failure(location: start, reason: "unterminated attribute value")
  }

  /// `&amp;`, `&#233;`, `&#xE9;` → its UTF-8 bytes.
  private mutating func reference() throws(Failure) -> [UInt8] {
    let start = here
    advance()  // &
    var name: [UInt8] = []
    while let byte = peek(), byte != UInt8(ascii: ";") {
      guard name.count < 12, !Self.isSpace(byte), byte != UInt8(ascii: "<") else {
        throw Failure(location: start, reason: "'&' must start an entity such as '&amp;'")
      }
      name.append(byte)
      advance()
    }
    guard peek() == UInt8(ascii: ";") else {
      throw Failure(location: start, reason: "unterminated entity reference")
    }
    advance()
    let text = String(decoding: name, as: UTF8.self)
    switch text {
    case "lt": return [UInt8(ascii: "<")]
    case "gt": return [UInt8(ascii: ">")]
    case "amp": return [UInt8(ascii: "&")]
    case "quot": return [UInt8(ascii: "\"")]
    case "apos": return [UInt8(ascii: "'")]
    default: break
    }
    var scalar: Unicode.Scalar?
    if text.hasPrefix("#x") {
      scalar = UInt32(text.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
    } else if text.hasPrefix("#") {
      scalar = UInt32(text.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
    } else {
      throw Failure(location: start, reason: "unknown entity '&\(text);'")
    }
    guard let scalar, scalar.value != 0 else {
      throw Failure(location: start, reason: "invalid character reference '&\(text);'")
    }
    return Array(String(Character(scalar)).utf8)
  }

  private mutating func name(what: String) throws(Failure) -> String {
    let start = offset
    var end = offset
    while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
    advance(end - offset)  // no line end in a name
    guard offset > start, let first = bytes.at(start), !(0x30...0x39).contains(first),
      first != UInt8(ascii: "-"), first != UInt8(ascii: ".")
    else {
      throw fail("expected \(what), found \(describePeek())")
    }
    return String(decoding: bytes[start..<offset], as: UTF8.self)
  }

  // MARK: Bytes and positions

  private var atEnd: Bool { offset >= bytes.count }
  /// The position of the current offset: its line, and its column in characters (a CR
  /// among them) since the line feed before it.
  private var here: SourceLocation {
    mutating get {
      if counted.offset < lineStart { counted = (lineStart, 1) }
      for byte in bytes[counted.offset..<offset] where byte & 0xC0 != 0x80 {
        counted.column += 1
      }
      counted.offset = offset
      return SourceLocation(line: line, column: counted.column)
    }
  }

  /// The position of the byte at `target`, at or before the current offset, for a
  /// report: counted again from the start of the file.
  private func location(at target: Int) -> SourceLocation {
    var (line, start) = (1, textStart)
    for index in start..<target where bytes[index] == 0x0A {
      line += 1
      start = index + 1
    }
    var column = 1
    for byte in bytes[start..<target] where byte & 0xC0 != 0x80 { column += 1 }
    return SourceLocation(line: line, column: column)
  }

  private func peek() -> UInt8? { bytes.at(offset) }

  private mutating func advance(_ count: Int = 1) {
    let end = min(offset + count, bytes.count)
    while offset < end {
      let byte = bytes[offset]
      offset += 1
      if byte == 0x0A {
        line += 1
        lineStart = offset
      }
    }
  }

  @discardableResult
  private mutating func skipSpace() -> Bool {
    var skipped = false
    while let byte = peek(), Self.isSpace(byte) {
      advance()
      skipped = true
    }
    return skipped
  }

  private func starts(with text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard offset + count <= bytes.count else { return false }
    return text.withUTF8Buffer { pattern in
      (0..<count).allSatisfy { bytes[offset + $0] == pattern[$0] }
    }
  }

  /// The offset where `text` next starts, from the current offset.
  private func find(_ text: StaticString) -> Int? {
    text.withUTF8Buffer { pattern in
      guard bytes.count >= pattern.count else { return nil }
      var index = offset
      while index + pattern.count <= bytes.count {
        if bytes[index] == pattern[0],
          (0..<pattern.count).allSatisfy({ bytes[index + $0] == pattern[$0] })
        {
          return index
        }
        index += 1
      }
      return nil
    }
  }

  private mutating func skip(past terminator: StaticString, what: String) throws(Failure) {
    let start = here
    guard let end = find(terminator) else {
      throw Failure(location: start, reason: "unterminated \(what)")
    }
    while offset < end + terminator.utf8CodeUnitCount { advance() }
  }

  /// The first error, which stops the reading: its place counted from the start.
  private func fail(_ reason: String) -> Failure {
    Failure(location: location(at: offset), reason: reason)
  }

  private func describePeek() -> String {
    guard let byte = peek() else { return "the end of the file" }
    if byte < 0x80, byte >= 0x20 { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x" + String(byte, radix: 16)
  }

  /// XML's white space: space, tab, line feed, carriage return.
  package static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// Letters, digits, `_ - . :` and every non-ASCII byte (names in other scripts).
  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
      UInt8(ascii: "."), UInt8(ascii: ":"):
      true
    default: byte >= 0x80
    }
  }
}

extension Array where Element == UInt8 {
  /// The byte at `index`, or nil past the end.
  fileprivate func at(_ index: Int) -> UInt8? {
    index < count ? self[index] : nil
  }
}
