import Foundation
import Parlance
import Testing

/// A compiled catalog asked from several threads at once while it turns from the file
/// read in place into a built table: every thread gets the same answers throughout, and
/// ThreadSanitizer (`make sanitize`) sees the hand-over.
@Suite(.enabled(if: GlibcGettext.isAvailable, "needs msgfmt (gettext)"))
struct MOTableThreadTests {
  @Test("four threads crossing the build agree on every answer")
  func threadsCrossingTheBuildAgree() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let url = try GlibcGettext.compile(
      try fixtureURL("mo/ru.po"), into: folder.url, language: "ru", domain: "threads")
    let file = try MOFile(contentsOf: url)
    let keys = file.entries().map(\.key) + ["missing"]
    let expected = keys.map { CatalogTable(compiled: file).value($0) }
    for _ in 0..<20 {
      // A table of its own each round: the build happens while the threads ask.
      let table = CatalogTable(compiled: try MOFile(contentsOf: url))
      let start = Gate()
      let threads = (0..<4).map { offset in
        JoinableThread { () -> [String?] in
          start.wait()
          var answers: [String?] = []
          // More lookups than the file has messages (and at least 64): past the build.
          for round in 0..<8 {
            for index in keys.indices {
              let key = keys[(index + offset + round) % keys.count]
              if round == 7 { answers.append(table.value(key)) } else { _ = table.value(key) }
            }
          }
          return answers
        }
      }
      start.open()
      for (offset, thread) in threads.enumerated() {
        let answers = try #require(thread.join())
        let rotated = keys.indices.map { expected[($0 + offset + 7) % keys.count] }
        #expect(answers == rotated)
      }
    }
  }
}
