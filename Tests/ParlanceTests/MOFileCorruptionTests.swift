import Foundation
import Parlance
import Testing

/// Broken `.mo` files: each problem a clear error at its byte, the rest of the catalog
/// kept where it can be, never a crash or a hang.
@Suite(.enabled(if: GlibcGettext.isAvailable, "needs msgfmt (gettext)"))
struct MOFileCorruptionTests {
  /// The Russian fixture compiled (little-endian, with a hash table), as bytes.
  static func compiled(_ options: [String] = []) throws -> [UInt8] {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try GlibcGettext.compile(
      try fixtureURL("mo/ru.po"), into: folder.url, language: "ru", domain: "broken",
      options: options)
    return [UInt8](try Data(contentsOf: file))
  }

  static func word(_ bytes: [UInt8], _ offset: Int) -> Int {
    Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
      | Int(bytes[offset + 3]) << 24
  }

  static func setWord(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt32) {
    for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
  }

  /// Every finding, opening and validating, as lint prints them.
  static func findings(_ bytes: [UInt8]) -> [String] {
    MOFile(bytes: bytes, path: "ru.mo").validate().map(\.description)
  }

  @Test("every truncation opens, reports at a byte and answers what it still has")
  func truncations() throws {
    let bytes = try Self.compiled()
    for length in 0..<bytes.count {
      let file = MOFile(bytes: Array(bytes.prefix(length)), path: "ru.mo")
      let findings = file.validate()
      if length < 28 {
        #expect(
          findings.map(\.description) == [
            "ru.mo: error: at byte 0: the file is \(length) bytes, too short for the header of "
              + "a compiled gettext catalog"
          ])
      }
      #expect(
        findings.allSatisfy { $0.location.byteOffset != nil || $0.location.entryIndex != nil })
      #expect(length == bytes.count || !findings.isEmpty, "length \(length) found nothing")
      let table = CatalogTable(compiled: file)
      for key in ["Open", "Open file", "%d file", "Verb\u{4}Open", "missing"] {
        _ = table.value(key)
      }
      _ = table.entries
    }
  }

  @Test("a wrong magic number is an error at byte 0")
  func wrongMagic() throws {
    var bytes = try Self.compiled()
    bytes[0] = 0x12
    #expect(
      Self.findings(bytes) == [
        "ru.mo: error: at byte 0: not a compiled gettext catalog: magic number 0x950412"
          + "12, expected 0x950412de"
      ])
    #expect(MOFile(bytes: bytes, path: "ru.mo").count == 0)
  }

  @Test("a count of four billion messages allocates nothing and keeps none")
  func hugeCount() throws {
    var bytes = try Self.compiled()
    Self.setWord(&bytes, 8, 0xFFFF_FFFF)
    let file = MOFile(bytes: bytes, path: "ru.mo")
    let findings = file.validate().map(\.description)
    #expect(
      findings.contains { $0.hasPrefix("ru.mo: error: at byte 12: the table of original strings") })
    // The entries that fit in the file are read as descriptors; garbage among them is
    // reported, and the lookups stay bounded by the file's size.
    #expect(file.count <= bytes.count / 8)
    _ = CatalogTable(compiled: file).value("Open")
  }

  @Test("a translation past the end of the file is an error at its descriptor, the rest kept")
  func stringPastTheEnd() throws {
    var bytes = try Self.compiled()
    let translations = Self.word(bytes, 16)
    let file = MOFile(bytes: bytes, path: "ru.mo")
    let entries = file.entries()
    let victim = try #require(entries.first { $0.key == "Open file" })
    Self.setWord(&bytes, translations + victim.index * 8 + 4, UInt32(bytes.count + 100))
    let broken = MOFile(bytes: bytes, path: "ru.mo")
    let findings = broken.validate().map(\.description)
    let descriptor = translations + victim.index * 8
    #expect(
      findings.contains {
        $0.hasPrefix("ru.mo: error: at byte \(descriptor): entry \(victim.index): its translation")
          && $0.contains("runs past the end of the file")
      }, "\(findings)")
    let table = CatalogTable(compiled: broken)
    #expect(table.value("Open file") == nil)
    #expect(table.value("Open") == "Открыть")
    _ = table.keys
    #expect(table.value("Open file") == nil)
    #expect(table.value("Open") == "Открыть")
  }

  @Test("two strings that share bytes are reported")
  func overlappingStrings() throws {
    var bytes = try Self.compiled()
    let translations = Self.word(bytes, 16)
    // Entry 2's translation starts inside entry 1's.
    let first = Self.word(bytes, translations + 8 + 4)
    Self.setWord(&bytes, translations + 16 + 4, UInt32(first + 2))
    let findings = Self.findings(bytes)
    #expect(findings.contains { $0.contains("overlaps the translation of entry 1") }, "\(findings)")
  }

  @Test("a string inside the file's tables is reported")
  func stringInTables() throws {
    var bytes = try Self.compiled()
    let translations = Self.word(bytes, 16)
    Self.setWord(&bytes, translations + 8 + 4, 30)
    let findings = Self.findings(bytes)
    #expect(
      findings.contains {
        $0.contains("entry 1: its translation overlaps the file's original strings")
      }, "\(findings)")
  }

  @Test("invalid UTF-8 in a UTF-8 catalog is an error at the byte")
  func invalidUTF8() throws {
    var bytes = try Self.compiled()
    let translations = Self.word(bytes, 16)
    let offset = Self.word(bytes, translations + 8 + 4)
    bytes[offset] = 0xFF
    let findings = Self.findings(bytes)
    #expect(
      findings.contains("ru.mo: error: at byte \(offset): bytes are not valid UTF-8"), "\(findings)"
    )
  }

  @Test("a hash table with no empty slot does not loop")
  func fullHashTable() throws {
    var bytes = try Self.compiled()
    let size = Self.word(bytes, 20)
    let offset = Self.word(bytes, 24)
    for slot in 0..<size { Self.setWord(&bytes, offset + slot * 4, 2) }
    let file = MOFile(bytes: bytes, path: "ru.mo")
    let table = CatalogTable(compiled: file)
    #expect(table.value("not there") == nil)
    let findings = file.validate().map(\.description)
    #expect(findings.contains { $0.contains("the hash table does not lead to") }, "\(findings)")
  }

  @Test("a hash table naming messages the file does not have is reported")
  func hashSlotOutOfRange() throws {
    var bytes = try Self.compiled()
    let offset = Self.word(bytes, 24)
    let size = Self.word(bytes, 20)
    let empty = try #require((0..<size).first { Self.word(bytes, offset + $0 * 4) == 0 })
    Self.setWord(&bytes, offset + empty * 4, 9_999)
    #expect(
      Self.findings(bytes).contains {
        $0.contains("slot \(empty) of the hash table names message 9999")
      })
  }

  @Test("originals out of order in a file without a hash table are an error")
  func unsortedWithoutHashTable() throws {
    var bytes = try Self.compiled(["--no-hash"])
    let originals = Self.word(bytes, 12)
    // Swap the descriptors of entries 1 and 2.
    let first = Array(bytes[(originals + 8)..<(originals + 16)])
    bytes.replaceSubrange(
      (originals + 8)..<(originals + 16), with: bytes[(originals + 16)..<(originals + 24)])
    bytes.replaceSubrange((originals + 16)..<(originals + 24), with: first)
    #expect(Self.findings(bytes).contains { $0.contains("sorts before the entry above it") })
  }

  @Test("a revision gettext does not read is refused at byte 4")
  func unknownRevision() throws {
    var bytes = try Self.compiled()
    Self.setWord(&bytes, 4, 0x0002_0000)
    #expect(
      Self.findings(bytes) == [
        "ru.mo: error: at byte 4: revision 2.0 is not one gettext reads (major 0 or 1)"
      ])
  }

  /// Found by FuzzMo: a truncated file without a usable hash table stopped its binary
  /// search at the first message cut off, and found nothing in place that the built
  /// table then served.
  @Test("a truncated file answers in place what its built table answers")
  func truncatedAnswersAlikeInPlaceAndBuilt() throws {
    for options in [["--no-hash"], []] {
      let bytes = try Self.compiled(options)
      let keys = MOFile(bytes: bytes, path: "ru.mo").entries().map(\.key)
      for length in stride(from: bytes.count / 2, to: bytes.count, by: 7) {
        let file = MOFile(bytes: Array(bytes.prefix(length)), path: "ru.mo")
        let table = CatalogTable(compiled: file)
        let inPlace = keys.map { table.value($0) }
        _ = table.keys
        #expect(keys.map { table.value($0) } == inPlace, "\(options) \(length)")
      }
    }
  }

  /// A message the hash table does not lead to is not served, before or after the table
  /// is built: gettext would never find it.
  @Test("a message the hash table misses is missing in place and built alike")
  func hashMissIsMissingAlike() throws {
    var bytes = try Self.compiled()
    let file = MOFile(bytes: bytes, path: "ru.mo")
    let victim = try #require(file.entries().first { $0.key == "Open file" })
    let size = Self.word(bytes, 20)
    let offset = Self.word(bytes, 24)
    for slot in 0..<size where Self.word(bytes, offset + slot * 4) == victim.index + 1 {
      Self.setWord(&bytes, offset + slot * 4, 0)
    }
    let table = CatalogTable(compiled: MOFile(bytes: bytes, path: "ru.mo"))
    #expect(table.value("Open file") == nil)
    #expect(table.value("Open") == "Открыть")
    _ = table.keys
    #expect(table.value("Open file") == nil)
    #expect(table.value("Open") == "Открыть")
  }

  /// Found by replaying FuzzMo's corpus under AddressSanitizer: 6,000 descriptors in a
  /// 48 KB file all pointing at long runs of the same bytes took 111 s to validate
  /// (reading every message decoded gigabytes). What is read of all messages is now
  /// bounded by four times the file's size; the rest are left out, with an error.
  @Test("messages whose strings overlap without end are left out, not decoded forever")
  func stringsOverlappingWithoutEnd() throws {
    let count = 2_000
    let size = 28 + count * 16 + 40_000
    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: size)
    Self.setWord(&bytes, 0, 0x9504_12de)
    Self.setWord(&bytes, 4, 0)
    Self.setWord(&bytes, 8, UInt32(count))
    Self.setWord(&bytes, 12, 28)
    Self.setWord(&bytes, 16, UInt32(28 + count * 8))
    Self.setWord(&bytes, 20, 0)
    Self.setWord(&bytes, 24, 0)
    let strings = 28 + count * 16
    for index in 0..<count {
      for table in [28, 28 + count * 8] {
        Self.setWord(&bytes, table + index * 8, 39_000)
        Self.setWord(&bytes, table + index * 8 + 4, UInt32(strings + index % 7))
      }
    }
    bytes[size - 1] = 0
    let file = MOFile(bytes: bytes, path: "overlap.mo")
    #expect(file.readableCount < count)
    #expect(file.entries().count <= file.readableCount)
    let findings = file.validate().map(\.description)
    #expect(findings.contains { $0.contains("the messages' strings overlap: reading them all") })
    let table = CatalogTable(compiled: file)
    _ = table.keys
    _ = table.value("a")
  }

  @Test("random damage never crashes a reader, a lookup or a validation")
  func randomDamage() throws {
    let original = try Self.compiled()
    var random = SplitMix64(seed: 2026)
    let keys = MOFile(bytes: original, path: "ru.mo").entries().map(\.key) + ["missing"]
    for _ in 0..<1_500 {
      var bytes = original
      for _ in 0..<(1 + Int(random.next() % 6)) {
        let offset = Int(random.next() % UInt64(bytes.count))
        bytes[offset] = UInt8(truncatingIfNeeded: random.next())
      }
      let file = MOFile(bytes: bytes, path: "ru.mo")
      _ = file.validate()
      let table = CatalogTable(compiled: file)
      for key in keys { _ = table.value(key) }
      _ = table.count
    }
  }
}
