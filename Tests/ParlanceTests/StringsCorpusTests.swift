import Foundation
import Testing

@testable import Parlance

/// Real `.strings` files from open-source apps, in `shared/corpus/strings` beside the clone.
private let corpusFolder = Corpus.folder("strings")

private func corpusFileNames() -> [String] {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: corpusFolder.path)) ?? []
  return names.filter { $0.hasSuffix(".strings") }.sorted()
}

/// Files expected to give diagnostics, with how many of which; every other file has none.
private let expectedDiagnostics: [String: (count: Int, kind: Diagnostic.Kind)] = [
  // Transifex wrote `S\’gjendet`: backslash before U+2019, which Apple keeps as `’`.
  "deltachat__deltachat-ios__deltachat-ios__sq.lproj__Localizable.strings": (
    15, .unknownEscape("’")
  )
]

@Suite("StringsCorpus")
struct StringsCorpusTests {
  @Test func corpusIsPresent() {
    // CI lays `shared/` beside the clone: a missing corpus is a broken checkout, not a skip.
    #expect(
      FileManager.default.fileExists(atPath: corpusFolder.path),
      "no corpus at \(corpusFolder.path)")
    #expect(corpusFileNames().count >= 20)
    for name in expectedDiagnostics.keys {
      #expect(corpusFileNames().contains(name), "corpus file \(name) is missing")
    }
  }

  @Test("corpus file", arguments: corpusFileNames())
  func corpusFile(_ name: String) throws {
    let url = corpusFolder.appendingPathComponent(name)
    let data = try Data(contentsOf: url)
    let file = StringsParser.parse(data, file: name)

    if let expected = expectedDiagnostics[name] {
      #expect(file.diagnostics.count == expected.count)
      for diagnostic in file.diagnostics {
        #expect(diagnostic.kind == expected.kind && diagnostic.severity == .warning)
      }
    } else {
      #expect(file.diagnostics.isEmpty, "\(file.diagnostics.map(\.description))")
    }
    if data.isEmpty {
      #expect(file.entries.isEmpty)
    } else {
      #expect(!file.entries.isEmpty)
    }
    // Foundation is the reference wherever it reads the file: old-style text and binary
    // plists, but not an empty file.
    if data.isEmpty {
      return
    }
    let reference = try #require(
      PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String])
    #expect(file.table == reference)
  }
}
