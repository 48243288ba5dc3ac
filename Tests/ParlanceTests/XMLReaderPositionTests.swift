import Parlance
import Testing

/// Where `XMLReader` says each element starts, in documents of every kind of run between
/// and inside tags: short and long, line feeds, CR LF and lone CRs, characters of two,
/// three and four bytes, CDATA, comments, entities, long attribute values, and files of
/// one line. The line counts line feeds; the column counts characters (a CR among them)
/// since the last one.
@Suite struct XMLReaderPositionTests {
  /// A fixed-seed generator, so that a failure comes back the same.
  struct Generator {
    var state: UInt64

    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  /// A document, and the byte offset of the `<` of each element in document order.
  static func document(_ random: inout Generator, oneLine: Bool = false) -> (
    bytes: [UInt8], starts: [Int]
  ) {
    let all = [
      " ", "  ", "\n", "\r\n", "\r", "é", "日本語", "😀", "text", "&amp;", "&#233;",
      String(repeating: " ", count: 20), "\n" + String(repeating: " ", count: 17),
      "a long run of plain words, more than sixteen bytes", "ü\nüü\nüüü and more after it",
      "<![CDATA[ raw < and & ]]>", "<!-- a comment\n over two lines -->",
    ]
    // A file of one line (a generated one): columns counted far along it.
    let pieces = oneLine ? all.filter { !$0.contains("\n") && !$0.contains("\r") } : all
    var bytes = Array("<?xml version=\"1.0\"?>".utf8)
    var starts: [Int] = []
    func run() {
      for _ in 0..<random.next(4) { bytes += Array(pieces[random.next(pieces.count)].utf8) }
    }
    func element(depth: Int) {
      starts.append(bytes.count)
      bytes += Array("<e".utf8)
      for index in 0..<random.next(3) {
        let value = ["x", "déjà vu", "a value of more than sixteen bytes, ü and 日本"][
          random.next(3)]
        bytes += Array(" a\(index)=\"\(value)\"".utf8)
      }
      guard depth < 4, random.next(4) != 0 else {
        bytes += Array("/>".utf8)
        return
      }
      bytes += Array(">".utf8)
      for _ in 0..<random.next(4) {
        run()
        element(depth: depth + 1)
      }
      run()
      bytes += Array("</e>".utf8)
    }
    element(depth: 0)
    if !oneLine { bytes += Array("\n".utf8) }
    return (bytes, starts)
  }

  /// The position of byte `offset`: line feeds before it, characters after the last.
  static func position(of offset: Int, in bytes: [UInt8]) -> Parlance.SourceLocation {
    var line = 1
    var column = 1
    for byte in bytes[..<offset] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return Parlance.SourceLocation(line: line, column: column)
  }

  @Test func everyElementIsWhereItsTagBegins() throws {
    var random = Generator(state: 25)
    for round in 0..<300 {
      let (bytes, starts) = Self.document(&random, oneLine: round.isMultiple(of: 3))
      let root = try XMLReader.parse(bytes).get()
      var found: [Parlance.SourceLocation] = []
      func visit(_ element: XMLTree.Element) {
        found.append(element.location)
        for child in element.elements { visit(child) }
      }
      visit(root)
      #expect(found == starts.map { Self.position(of: $0, in: bytes) }, "document \(round)")
    }
  }

  /// An error found after the place it names: a duplicate attribute on a line of its own
  /// in a tag of several lines, an end tag that closes the wrong element.
  @Test func anErrorNamesThePlaceItIsAbout() {
    let cases: [(text: String, at: String)] = [
      ("<a x=\"1\"\n   y=\"é\"\r\n  x=\"2\"/>", "x=\"2\""),
      ("<a x=\"日本\" x=\"2\"/>", "x=\"2\""),
      ("<a>\n  <b>ü😀</c>\n</a>", "</c>"),
      ("\u{FEFF}<a>\n\r  ü</b>", "</b>"),
    ]
    for (text, at) in cases {
      let bytes = Array(text.utf8)
      guard case .failure(let failure) = XMLReader.parse(bytes) else {
        Issue.record("\(text) was read")
        continue
      }
      let offset = bytes.indices.first { bytes[$0...].starts(with: at.utf8) } ?? 0
      // After a BOM, columns count from the byte after it.
      let counted = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes[3...]) : bytes
      let shift = bytes.count - counted.count
      #expect(failure.location == Self.position(of: offset - shift, in: counted), "\(text)")
    }
  }
}
