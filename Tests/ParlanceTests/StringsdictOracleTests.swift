import Foundation
import Testing

@testable import Parlance

/// The `.stringsdict` reader against the reader it replaced (`LegacyStringsdictParser`:
/// PropertyListSerialization and PlistKeyLocator): the same entries, diagnostics and
/// positions for every fixture, every corpus file, hand-written edge cases and
/// thousands of broken variants of them.
@Suite("Stringsdict against the old reader")
struct StringsdictOracleTests {
  static let fixtures: [URL] = {
    guard let root = try? fixtureURL("stringsdict") else { return [] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    return names.filter { $0.hasSuffix(".stringsdict") }.sorted().map {
      root.appendingPathComponent($0)
    }
  }()

  static let corpus: [URL] = {
    let root = Corpus.folder("stringsdict")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    return names.filter { $0.hasSuffix(".stringsdict") }.sorted().map {
      root.appendingPathComponent($0)
    }
  }()

  @Test func filesAreFound() {
    #expect(Self.fixtures.count >= 10)
    #expect(Self.corpus.count >= 13)
  }

  @Test("fixture and corpus file", arguments: fixtures + corpus)
  func sameAsTheOldReader(_ url: URL) throws {
    compare(try Data(contentsOf: url), name: url.lastPathComponent)
  }

  /// Every real file takes our reader's path, not Foundation's.
  @Test("our reader reads the file itself", arguments: corpus)
  func ourReaderReadsEveryCorpusFile(_ url: URL) throws {
    #expect(PlistXMLReader.read([UInt8](try Data(contentsOf: url))) != nil)
  }

  static func plist(_ body: String) -> String {
    #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
      + #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#
      + "\n<plist version=\"1.0\">\n<dict>\n\(body)\n</dict>\n</plist>\n"
  }

  static let plural =
    "<dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>"
    + "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
    + "<key>NSStringFormatValueTypeKey</key><string>d</string>"
    + "<key>one</key><string>%d file</string><key>other</key><string>%d files</string>"
    + "</dict></dict>"

  /// Inputs written by hand: duplicates, entities, empty elements, other value types,
  /// comments, CDATA, line endings, text where none belongs, what follows `</plist>`.
  static let edgeCases: [String] = [
    plist("<key>a</key>\(plural)<key>a</key><string>two</string>"),
    plist("<key>a</key><string>one</string><key>a</key>\(plural)"),
    plist("<key>a&amp;b</key>\(plural)<key>&#x41;</key><string>&lt;&gt;&quot;&apos;&#65;</string>"),
    plist("<key> spaced </key><string> v </string><key></key><string>e</string><key/><string/>"),
    plist("<key>a</key><string>x\r\ny\rz</string><key>b</key><string>tab\there</string>"),
    plist("<key>a</key><string><![CDATA[x<y]]></string>"),
    plist("<key><![CDATA[k]]></key><string>v</string>"),
    plist("<key>a</key><string>x<!-- c -->y</string>"),
    plist("<!-- c --><key>a</key><!-- d --><string>v</string><!-- e -->"),
    plist("<key>a</key><integer>12</integer><key>b</key><true/><key>c</key><array/>"),
    plist("<key>a</key><string>&foo;</string>"),
    plist("<key>a</key>"),
    plist("text<key>a</key><string>v</string>"),
    plist("<key>a</key><dict/><key>b</key><dict></dict>"),
    plist("<key>é</key><string>1</string><key>e\u{301}</key><string>2</string>"),
    plist("<key>a</key><string attr=\"1\">v</string ><key>b</key><dict ><key>x</key></dict>"),
    plist("<key>a</key><string>&#0;</string><key>b</key><string>&#xD800;</string>"),
    plist(
      "<key>a</key><dict><key>NSStringVariableWidthRuleType</key><dict><key>1</key>"
        + "<string>Hi</string><key>20</key><string>Hello there</string></dict></dict>"),
    plist(
      "<key>a</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@ %#@m@</string>"
        + "<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType"
        + "</string><key>one</key><string></string><key>many</key><string>%d m</string>"
        + "<key>eleven</key><string>x</string><key>other</key><integer>1</integer></dict>"
        + "<key>m</key><dict><key>NSStringFormatSpecTypeKey</key><string>Other</string></dict>"
        + "</dict>"),
    plist("<key>a</key><array><dict><key>x</key><string>y</string></dict></array>"),
    plist("<key>a</key>\(plural)") + "trailing <garbage>",
    "<plist><dict><key>a</key><string>v</string></dict></plist>",
    "<dict><key>a</key><string>v</string></dict>",
    "\u{FEFF}" + plist("<key>a</key><string>v</string>"),
    "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><dict><key>a</key><string>v</string>"
      + "</dict></plist>",
    "<?xml version=\"1.0\"?><plist version=\"1.0\"><string>top</string></plist>",
    plist("<key>a</key><string>v</string></dict><dict>"),
    plist("<key>a</key><string>v</string"),
    plist("<key>a</key><string>é😀 ü</string><key>ключ</key>\(plural)"),
  ]

  @Test("edge case", arguments: edgeCases)
  func sameOnEdgeCases(_ text: String) {
    compare(Data(text.utf8), name: text)
  }

  /// Rounds per batch; `PARLANCE_ORACLE_ROUNDS` asks for more (a longer search).
  static let rounds =
    ProcessInfo.processInfo.environment["PARLANCE_ORACLE_ROUNDS"].flatMap { Int($0) } ?? 300

  /// Seeded mutations of the fixtures, the corpus and the edge cases.
  @Test("broken variants", arguments: 0..<8)
  func sameOnBrokenVariants(_ batch: Int) throws {
    let seeds =
      try (Self.fixtures + Self.corpus).map { try Data(contentsOf: $0) }
      + Self.edgeCases.map { Data($0.utf8) }
    var random = SplitMix64(seed: 0x20_0000 + UInt64(batch))
    for round in 0..<Self.rounds {
      var bytes = [UInt8](seeds[Int(random.next() % UInt64(seeds.count))])
      for _ in 0..<(1 + Int(random.next() % 3)) {
        Self.mutate(&bytes, &random)
      }
      compare(Data(bytes), name: "batch \(batch) round \(round)")
    }
  }

  /// Files named in `PARLANCE_ORACLE_FILES` (colon-separated), such as a fuzzer's
  /// finding.
  @Test func filesNamedInTheEnvironment() throws {
    let paths = ProcessInfo.processInfo.environment["PARLANCE_ORACLE_FILES"] ?? ""
    for path in paths.split(separator: ":") where path.hasSuffix(".stringsdict") {
      compare(try Data(contentsOf: URL(fileURLWithPath: String(path))), name: String(path))
    }
  }

  private func compare(_ data: Data, name: String) {
    let new = StringsdictParser.parse(data, file: "test.stringsdict")
    let old = LegacyStringsdictParser.parse(data, file: "test.stringsdict")
    if new == old { return }
    let input = data.count <= 4096 ? data.base64EncodedString() : "(\(data.count) bytes)"
    #expect(
      renderedDiagnostics(new.diagnostics) == renderedDiagnostics(old.diagnostics),
      "\(name): \(input)")
    #expect(new.entries.map(\.key) == old.entries.map(\.key), "\(name): \(input)")
    #expect(new.entries == old.entries, "\(name): \(input)")
  }

  static let tokens: [String] = [
    "<", ">", "/", "</dict>", "<dict>", "<key>", "</key>", "<string>", "</string>", "<dict/>",
    "<string/>", "<key/>", "&amp;", "&", "&#x41;", "&#0;", "<!-- c -->", "<![CDATA[x]]>",
    "<integer>1</integer>", "<true/>", "<array>", "</array>", "\r", "\n", "é", "\u{0}",
    "<key>a</key>", "<key>NSStringLocalizedFormatKey</key>", "<key>NSStringFormatSpecTypeKey</key>",
    "<string>NSStringPluralRuleType</string>", "<key>NSStringFormatValueTypeKey</key>",
    "<key>other</key>", "<key>one</key>", "<key>few</key>", "<string>%#@x@</string>",
    "<string>%d</string>", "<key>NSStringVariableWidthRuleType</key>", " ", "\"",
  ]

  static func mutate(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
    func position() -> Int { bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count + 1)) }
    switch random.next() % 6 {
    case 0:
      let start = position()
      let end = min(bytes.count, start + 1 + Int(random.next() % 8))
      if start < end { bytes.removeSubrange(start..<end) }
    case 1, 2:
      let token = tokens[Int(random.next() % UInt64(tokens.count))]
      bytes.insert(contentsOf: Array(token.utf8), at: position())
    case 3:
      let start = position()
      let end = min(bytes.count, start + Int(random.next() % 64))
      let copy = Array(bytes[start..<end])
      bytes.insert(contentsOf: copy, at: position())
    case 4:
      if !bytes.isEmpty {
        bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
      }
    default:
      bytes.removeLast(min(bytes.count, Int(random.next() % 32)))
    }
  }
}
