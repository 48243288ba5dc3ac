import Parlance
import Testing

@Suite struct CatalogTableTests {
  func entry(_ value: String) -> CatalogEntry {
    CatalogEntry(
      template: MessageTemplate(value),
      origin: EntryOrigin(file: "t.strings", location: SourceLocation(line: 1, column: 1)))
  }

  @Test func behavesLikeADictionaryThroughGrowth() {
    var table = CatalogTable()
    var reference: [String: String] = [:]
    var random = SystemRandomNumberGenerator()
    for round in 0..<5_000 {
      // Keys of every length and script, some written twice.
      let key =
        "k\(Int.random(in: 0..<3_000, using: &random))" + (round.isMultiple(of: 7) ? "·ключ·鍵" : "")
      let value = "v\(round)"
      table[key] = entry(value)
      reference[key] = value
    }
    #expect(table.count == reference.count)
    for (key, value) in reference {
      #expect(table.value(key) == value)
      #expect(table[key]?.value == value)
      #expect(table.contains(key))
    }
    #expect(table.value("absent") == nil)
    #expect(!table.contains(""))
    #expect(Set(table.entries.map(\.key)) == Set(reference.keys))
  }

  @Test func emptyKeyAndRemoval() {
    var table: CatalogTable = ["": entry("empty key"), "a": entry("A")]
    #expect(table.value("") == "empty key")
    table["a"] = nil
    #expect(table.value("a") == nil)
    #expect(table.count == 1)
    #expect(table.value("") == "empty key")
  }
}
