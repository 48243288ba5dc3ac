import Foundation
import Glibc
import Parlance
import Synchronization
import Testing

@Suite struct ReloadTests {
  @Test func savedChangesGoLiveAndNotify() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let resources = try temporary.copyFixture("resources")
    let localizer = try Localizer(resources: resources, language: .test("de"), environment: [:])
    let notified = Mutex(0)
    let token = localizer.observe { _ in notified.withLock { $0 += 1 } }
    let file = resources.appendingPathComponent("de.lproj/Localizable.strings")
    var text = try String(contentsOf: file, encoding: .utf8)
    text = text.replacingOccurrences(of: "Hallo!", with: "Grüß Gott!")
    try Data(text.utf8).write(to: file)
    let result = localizer.reloadCatalogs()
    #expect(result.failures.isEmpty)
    #expect(result.reloaded.contains(.test("de")))
    #expect(localizer.string("greeting") == "Grüß Gott!")
    #expect(notified.withLock { $0 } == 1)
    _ = token
  }

  @Test func writeThenRenameIsSeenToo() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let resources = try temporary.copyFixture("resources")
    let localizer = try Localizer(resources: resources, language: .test("ja"), environment: [:])
    let file = resources.appendingPathComponent("ja.lproj/Localizable.strings")
    let scratch = resources.appendingPathComponent("ja.lproj/.Localizable.strings.swp")
    // Same size as before: only the inode tells the files apart.
    try Data(#""greeting" = "やあ、どうも";"#.utf8).write(to: scratch)
    #expect(rename(scratch.path, file.path) == 0)
    localizer.reloadCatalogs()
    #expect(localizer.string("greeting") == "やあ、どうも")
  }

  @Test func brokenSaveKeepsTheLastGoodCatalog() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let resources = try temporary.copyFixture("resources")
    let localizer = try Localizer(resources: resources, language: .test("de"), environment: [:])
    let file = resources.appendingPathComponent("de.lproj/Localizable.strings")
    try Data("\"greeting\" = \"Moin\";\n\"broken\" = \n".utf8).write(to: file)
    let result = localizer.reloadCatalogs()
    let errors = try #require(result.failures[.test("de")])
    #expect(errors.first?.description.contains("de.lproj/Localizable.strings:") == true)
    #expect(errors.first?.severity == .error)
    #expect(localizer.string("greeting") == "Hallo!")
    // Fixed again: the new text goes live.
    try Data("\"greeting\" = \"Moin\";\n".utf8).write(to: file)
    #expect(localizer.reloadCatalogs().failures.isEmpty)
    #expect(localizer.string("greeting") == "Moin")
  }
}
