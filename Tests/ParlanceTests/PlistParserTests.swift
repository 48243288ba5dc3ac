import Foundation
import Testing

@testable import Parlance

/// Plain property-list catalogs (seed S0's `.plist`), read from real files in
/// `Fixtures/plist/files`: values, positions, and every problem as a diagnostic.
@Suite("PlistParser")
struct PlistParserTests {
  private func parse(_ name: String) throws -> PlistFile {
    try PlistParser.parse(contentsOf: try fixtureURL("plist/files/\(name)"))
  }

  private func values(_ file: PlistFile) -> [String: String] {
    Dictionary(file.entries.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
  }

  /// What our own reader makes of `xml`: the last string of each root name, and each
  /// repeat as "name first again"; nil when it leaves the file to Foundation.
  private func readOurselves(_ xml: String) -> (values: [String: String], repeats: [String])? {
    Array(xml.utf8).withUnsafeBufferPointer { text in
      PlistXMLReader.read(text).map { tape in
        let values = Dictionary(
          tape.entries.map { (tape.key(Int($0)), tape.string(Int($0)) ?? "(not a string)") },
          uniquingKeysWith: { $1 })
        let repeats = tape.resolved(tape.duplicates).listed.map {
          "\($0.key) \($0.first) \($0.again)"
        }
        return (values, repeats)
      }
    }
  }

  /// Keys and strings of text, entities and non-ASCII, short and longer than the
  /// eight bytes the reader searches at a time, read as Foundation reads them.
  @Test func textsAndEntitiesReadAsFoundationReadsThem() throws {
    var random = SplitMix64(seed: 0x5eed_2026_1206)
    let pieces = [
      "a", "files", "é", "日本語", " ", "&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#65;",
      "&#x41;", "&#x1F600;", "0123456789abcdef", "\n", "%d", "&amp;&amp;", "amp;",
    ]
    func text() -> String {
      (0..<Int(random.next() % 6)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
        .joined()
    }
    var body = ""
    for index in 0..<300 {
      body += "<key>k\(index)\(text())</key><string>\(text())</string>\n"
    }
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      \(body)</dict>
      </plist>
      """
    let ours = try #require(readOurselves(xml))
    let foundation = try #require(
      try PropertyListSerialization.propertyList(from: Data(xml.utf8), format: nil)
        as? [String: String])
    #expect(ours.values.count == 300)
    #expect(ours.values == foundation)
  }

  /// A member written every way its key and string can be: spaces, a line break or a
  /// comment between them, an empty or self-closed string, an entity, a letter beyond
  /// ASCII, a value of every length around the eight bytes searched at a time, and the
  /// last member right before `</dict>`. The reader reads plain members by a shorter
  /// way than the others; each must read as Foundation reads it.
  @Test func everySpellingOfAMemberReadsAsFoundationReadsIt() throws {
    let between = ["", " ", "\n\t ", "<!-- c -->", " <!-- <string>x</string> --> "]
    let values =
      [
        "<string>x</string>", "<string></string>", "<string/>", "<string>a&amp;b</string>",
        "<string>é</string>", "<string>&lt;</string>", "<string>x<!-- c -->y</string>",
      ] + (0...20).map { "<string>\(String(repeating: "v", count: $0))</string>" }
    var index = 0
    for gap in between {
      for value in values {
        for key in ["k", "k&amp;", "ké"] {
          for last in [false, true] {
            let member = "<key>\(key)\(index)</key>\(gap)\(value)"
            index += 1
            let body = last ? "<key>first</key><string>1</string>\n" + member : member + "\n"
            let xml =
              #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<plist version=\"1.0\">\n"
              + "<dict>\n\(body)</dict>\n</plist>\n"
            let foundation =
              try? PropertyListSerialization.propertyList(from: Data(xml.utf8), format: nil)
              as? [String: String]
            // What our reader reads, Foundation reads the same; what it leaves to
            // Foundation (a comment inside text) is Foundation's to read or refuse.
            if let ours = readOurselves(xml) {
              #expect(ours.values == foundation, "\(member)")
            }
          }
        }
      }
    }
  }

  /// Keys written again, plain ones and ones with an entity or a letter beyond ASCII,
  /// before and after the first key that is not plain: the last value of each wins, as
  /// in Foundation, and each repeat is one warning at the occurrence before it.
  @Test func repeatedKeysReadAsFoundationReadsThem() throws {
    let keys = ["a", "b", "a", "", "t&amp;j", "a", "é", "b", "t&amp;j", "", "é", "a"]
    let xml =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
      + keys.enumerated().map { "<key>\($1)</key><string>\($0)</string>\n" }.joined()
      + "</dict>\n</plist>\n"
    let ours = try #require(readOurselves(xml))
    let foundation = try #require(
      try PropertyListSerialization.propertyList(from: Data(xml.utf8), format: nil)
        as? [String: String])
    #expect(ours.values == foundation)
    #expect(foundation == ["a": "11", "b": "7", "": "9", "t&j": "8", "é": "10"])
    #expect(
      ours.repeats == [
        "a 4:1 6:1", "a 6:1 9:1", "b 5:1 11:1", "t&j 8:1 12:1", " 7:1 13:1", "é 10:1 14:1",
        "a 9:1 15:1",
      ])
  }

  /// Runs of one name and names coming back after others, each member a plain string,
  /// a string with an entity or a dictionary, one a line: the last value of each name
  /// wins as in Foundation, each repeat is one warning at the line of the occurrence
  /// before it, and the entries in file order are the names where each was written last.
  /// (A plain string that repeats a string takes its node.)
  @Test func runsOfRepeatedMembersOfEveryKindReadAsFoundationReadsThem() throws {
    var random = SplitMix64(seed: 0x7E_2026_1207)
    for round in 0..<40 {
      var members: [(name: String, value: String, xml: String)] = []
      var name = "k1"
      for index in 0..<(20 + Int(random.next() % 60)) {
        // Half the time the name of the member before: runs of one name.
        if random.next() % 2 == 0 { name = "k\(1 + random.next() % 4)" }
        switch random.next() % 4 {
        case 0:
          let value =
            random.next() % 2 == 0 ? "<dict/>" : "<dict><key>x</key><string>y</string></dict>"
          members.append((name, "(not a string)", "<key>\(name)</key>\(value)"))
        case 1:
          members.append(
            (name, "a&b\(index)", "<key>\(name)</key><string>a&amp;b\(index)</string>"))
        default:
          members.append((name, "\(index)", "<key>\(name)</key> <string>\(index)</string>"))
        }
      }
      let xml =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        + members.map { $0.xml + "\n" }.joined() + "</dict>\n</plist>\n"
      let ours = try #require(readOurselves(xml), "round \(round)")
      let foundation = try #require(
        try PropertyListSerialization.propertyList(from: Data(xml.utf8), format: nil)
          as? [String: Any])
      #expect(
        ours.values == foundation.mapValues { $0 as? String ?? "(not a string)" }, "round \(round)")
      // Member `index` is on line 4 + index.
      var lastLine: [String: Int] = [:]
      var repeats: [String] = []
      for (index, member) in members.enumerated() {
        if let before = lastLine[member.name] {
          repeats.append("\(member.name) \(before):1 \(4 + index):1")
        }
        lastLine[member.name] = 4 + index
      }
      #expect(ours.repeats == repeats, "round \(round)")
      let inFileOrder = Array(xml.utf8).withUnsafeBufferPointer { text in
        PlistXMLReader.read(text).map { tape in tape.entriesInFileOrder.map { tape.key($0) } }
      }
      #expect(
        inFileOrder == lastLine.sorted { $0.value < $1.value }.map(\.key), "round \(round)")
    }
  }

  /// 300 names made of pieces that are one text written several ways (a character
  /// reference, a decomposed accent, the Kelvin sign), plain ASCII ones first: the
  /// reader agrees with Foundation on every file it reads (the last value of each name,
  /// one warning a repeat), and leaves to Foundation exactly the files where two names
  /// are one to Swift but not byte for byte.
  @Test func randomSpellingsOfNamesReadAsFoundationReadsThem() throws {
    let pieces: [(written: String, text: String)] = [
      ("a", "a"), ("&#97;", "a"), ("K", "K"), ("&#x212A;", "\u{212A}"), ("b", "b"),
      ("&amp;", "&"), ("\u{E9}", "\u{E9}"), ("e\u{301}", "e\u{301}"), (" ", " "),
    ]
    var left = 0
    for seed in UInt64(1)...8 {
      var random = SplitMix64(seed: seed)
      let plainFirst = Int(random.next() % 60)
      // Every other seed without the pieces that are another spelling of a letter.
      let spellings = seed.isMultiple(of: 2) ? [0, 1, 2, 3, 4, 5, 6, 7, 8] : [0, 1, 4, 5, 8]
      var names: [(written: String, text: String)] = []
      for index in 0..<300 {
        let choices = index < plainFirst ? [0, 2, 4, 8] : spellings
        let parts = (0..<(1 + Int(random.next() % 3))).map { _ in
          pieces[choices[Int(random.next() % UInt64(choices.count))]]
        }
        names.append((parts.map(\.written).joined(), parts.map(\.text).joined()))
      }
      let xml =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        + names.enumerated().map { "<key>\($1.written)</key><string>\($0)</string>\n" }.joined()
        + "</dict>\n</plist>\n"
      // Texts equal to Swift whose bytes differ: one name to Swift, two to Foundation.
      var spelled: [String: String] = [:]
      var twoSpellings = false
      for name in names {
        if let other = spelled[name.text], !other.utf8.elementsEqual(name.text.utf8) {
          twoSpellings = true
        }
        spelled[name.text] = name.text
      }
      let ours = readOurselves(xml)
      #expect((ours == nil) == twoSpellings, "seed \(seed)")
      guard let ours else {
        left += 1
        continue
      }
      let foundation = try #require(
        try PropertyListSerialization.propertyList(from: Data(xml.utf8), format: nil)
          as? [String: String])
      #expect(ours.values == foundation, "seed \(seed)")
      #expect(ours.repeats.count == names.count - foundation.count, "seed \(seed)")
    }
    #expect(left > 0 && left < 8, "both kinds of file were made")
  }

  /// `K` and the Kelvin sign are one key to Swift and two to Foundation: whichever comes
  /// first, and however it is written, the file is left to Foundation.
  @Test func aKeyThatIsAnotherSpellingOfAnotherIsLeftToFoundation() {
    for keys in [["Key", "\u{212A}ey"], ["\u{212A}ey", "Key"], ["Key", "&#x212A;ey"]] {
      let xml =
        "<plist version=\"1.0\"><dict>"
        + keys.map { "<key>\($0)</key><string>v</string>" }.joined() + "</dict></plist>"
      #expect(readOurselves(xml) == nil, "\(keys)")
    }
  }

  /// What Foundation read is kept as it made it: a binary list may name one long string
  /// a thousand times in a few bytes each, and a copy of it for every name would turn a
  /// 1 MB file into gigabytes.
  @Test func foundationsStringsAreKeptNotCopied() {
    let long = String(repeating: "x", count: 100_000)
    let tape = PlistTape(foundation: ["a": long, "b": long, "c": "short"], locator: nil)
    #expect(tape.decoded.isEmpty)
    func storage(_ text: String?) -> UnsafePointer<UInt8>? {
      text?.utf8.withContiguousStorageIfAvailable { $0.baseAddress } ?? nil
    }
    let values = tape.entries.map { tape.string(Int($0)) }
    #expect(values.compactMap { $0 }.sorted() == ["short", long, long])
    let shared = values.filter { $0 == long }.map(storage)
    #expect(shared.count == 2 && shared.allSatisfy { $0 != nil && $0 == storage(long) })
  }

  @Test func readsKeysAndStringsWithTheirPositions() throws {
    let file = try parse("simple.plist")
    #expect(file.diagnostics.isEmpty)
    #expect(file.entries.map(\.key) == ["greeting", "farewell"])
    #expect(file.entries.map(\.value) == ["Привет", "Пока, #{name}!"])
    #expect(file.entries.map(\.location.description) == ["5:2", "7:2"])
  }

  @Test func aNestedDictionaryIsRefusedAtItsKey() throws {
    let file = try parse("nested.plist")
    #expect(
      renderedDiagnostics(file.diagnostics) == [
        "7:2: error: 'menu' is skipped: its value is a dictionary, not a string"
      ])
    #expect(values(file) == ["greeting": "Hallo", "farewell": "Tschüss"])
  }

  @Test func valuesThatAreNotStringsAreReportedNotLoaded() throws {
    let file = try parse("non-string.plist")
    #expect(
      renderedDiagnostics(file.diagnostics) == [
        "7:2: error: 'count' is skipped: its value is a number, not a string",
        "9:2: error: 'enabled' is skipped: its value is a boolean, not a string",
        "11:2: error: 'names' is skipped: its value is an array, not a string",
        "15:2: error: 'ratio' is skipped: its value is a number, not a string",
      ])
    #expect(file.entries.map(\.key) == ["greeting", "farewell"])
    #expect(file.entries.map(\.location.description) == ["5:2", "17:2"])
  }

  @Test func anEmptyDictionaryIsAnEmptyCatalog() throws {
    let file = try parse("empty.plist")
    #expect(file.entries.isEmpty)
    #expect(file.diagnostics.isEmpty)
  }

  @Test func aDuplicateKeyIsAWarningAndTheLastValueWins() throws {
    let file = try parse("duplicates.plist")
    #expect(
      renderedDiagnostics(file.diagnostics) == [
        "9:2: warning: duplicate key 'greeting' (first defined at 5:2); the last value wins"
      ])
    #expect(values(file) == ["greeting": "Servus", "farewell": "Tschüss"])
    // Every value as written, for lint to compare.
    #expect(file.entries.map(\.value) == ["Hallo", "Tschüss", "Servus"])
    #expect(file.entries.map(\.location.description) == ["5:2", "7:2", "9:2"])
  }

  @Test func entitiesAndCharacterReferencesAreDecoded() throws {
    let file = try parse("entities.plist")
    #expect(file.diagnostics.isEmpty)
    #expect(values(file) == ["Tom & Jerry": "<b>Tom</b> & \"Jerry\" 'AB😀"])
    #expect(file.entries.first?.location.description == "5:2")
  }

  @Test func cdataIsTextAndKeysKeepTheirPositions() throws {
    let file = try parse("cdata.plist")
    #expect(file.diagnostics.isEmpty)
    #expect(values(file) == ["markup": "<b>bold</b> & more", "plain": "text"])
    #expect(file.entries.map(\.location.description) == ["5:2", "7:2"])
  }

  @Test(arguments: ["bom-utf8.plist", "utf16.plist"])
  func byteOrderMarksAndUTF16AreRead(_ name: String) throws {
    let file = try parse(name)
    #expect(file.diagnostics.isEmpty)
    #expect(values(file) == ["greeting": "Grüß dich"])
    #expect(file.entries.first?.location.description == "5:2")
  }

  @Test func binaryPropertyListsAreReadInKeyOrderAtTheStart() throws {
    let file = try parse("binary.plist")
    #expect(file.diagnostics.isEmpty)
    #expect(file.entries.map(\.key) == ["farewell", "greeting"])
    #expect(values(file) == ["greeting": "Привет", "farewell": "Пока"])
    #expect(file.entries.allSatisfy { $0.location.description == "1:1" })
  }

  @Test func binaryValuesThatAreNotStringsAreReported() throws {
    let file = try parse("binary-non-string.plist")
    #expect(
      renderedDiagnostics(file.diagnostics) == [
        "1:1: error: 'count' is skipped: its value is a number, not a string",
        "1:1: error: 'menu' is skipped: its value is a dictionary, not a string",
      ])
    #expect(values(file) == ["greeting": "Hallo"])
  }

  @Test func aCorruptBinaryPropertyListIsOneClearError() throws {
    let file = try parse("binary-corrupt.plist")
    #expect(file.entries.isEmpty)
    #expect(file.diagnostics.count == 1)
    let diagnostic = try #require(file.diagnostics.first)
    #expect(diagnostic.severity == .error)
    #expect(
      diagnostic.message.hasPrefix("invalid property list: the binary property list cannot be read")
    )
  }

  @Test func brokenXMLIsAnErrorOnItsLine() throws {
    let file = try parse("broken.plist")
    #expect(file.entries.isEmpty)
    let diagnostic = try #require(file.diagnostics.first)
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.message.hasPrefix("invalid property list: the XML property list"))
    #expect(diagnostic.location.line == 6)
  }

  @Test func aTopLevelThatIsNotADictionaryIsAnError() throws {
    let file = try parse("array-root.plist")
    #expect(
      renderedDiagnostics(file.diagnostics) == [
        "1:1: error: invalid property list: the top level is not a dictionary"
      ])
  }
}
