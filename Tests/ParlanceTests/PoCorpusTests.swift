import Foundation
import Testing

@testable import Parlance

/// Real `.po` files from open-source apps, in `shared/corpus/po` beside the clone.
private let corpusFolder = Corpus.folder("po")

private func corpusFileNames() -> [String] {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: corpusFolder.path)) ?? []
  return names.filter { $0.hasSuffix(".po") }.sorted()
}

/// Warnings expected in a corpus file, rendered `line:column: message`; others have none.
private let expectedWarnings: [String: [String]] = [:]

private let msgfmt = URL(fileURLWithPath: "/usr/bin/msgfmt")

/// The translated count `msgfmt --statistics` prints, as the reference.
private func msgfmtTranslatedCount(of url: URL) throws -> Int? {
  let process = Process()
  process.executableURL = msgfmt
  process.arguments = ["--statistics", "-o", "/dev/null", url.path]
  // C locale: the statistics line is translated otherwise.
  process.environment = ["LC_ALL": "C", "PATH": "/usr/bin:/bin"]
  let output = Pipe()
  process.standardError = output
  process.standardOutput = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let text = String(decoding: data, as: UTF8.self)
  guard let range = text.range(of: " translated message") else { return nil }
  let digits = text[..<range.lowerBound].reversed().prefix { $0.isNumber }
  return Int(String(digits.reversed()))
}

/// `nplurals=N` as written in the file's header, read without the parser.
private func declaredPluralCount(in text: String) -> Int? {
  guard let range = text.range(of: "nplurals=") else { return nil }
  return Int(String(text[range.upperBound...].prefix { $0.isNumber }))
}

@Suite("PoCorpus")
struct PoCorpusTests {
  @Test func corpusIsPresent() {
    // CI lays `shared/` beside the clone: a missing corpus is a broken checkout, not a skip.
    #expect(
      FileManager.default.fileExists(atPath: corpusFolder.path),
      "no corpus at \(corpusFolder.path)")
    #expect(corpusFileNames().count >= 7)
  }

  @Test("corpus file", arguments: corpusFileNames())
  func corpusFile(_ name: String) throws {
    let url = corpusFolder.appendingPathComponent(name)
    let file = try PoParser.parse(contentsOf: url)

    #expect(file.diagnostics.allSatisfy { $0.severity == .warning })
    #expect(
      file.diagnostics.map { "\($0.location): \($0.message)" } == expectedWarnings[name] ?? [])
    #expect(file.statistics.translated == file.entries.count)

    let text = try String(contentsOf: url, encoding: .utf8)
    let nplurals = try #require(declaredPluralCount(in: text))
    #expect(file.pluralForms?.count == nplurals)
    if name.hasSuffix("__ar.po") {
      #expect(nplurals == 6)
    }
    #expect(file.language != nil)

    guard FileManager.default.isExecutableFile(atPath: msgfmt.path) else {
      Issue.record("msgfmt is missing: `make test` installs gettext")
      return
    }
    let reference = try #require(try msgfmtTranslatedCount(of: url))
    #expect(file.statistics.translated == reference)
  }
}
