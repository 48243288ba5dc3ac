import Foundation
import Parlance
import Testing

@Suite struct RecentInterfaceStoreTests {
  @Test func livesNextToTheLanguageChoice() {
    let store = RecentInterfaceStore.standard(environment: [
      "XDG_CONFIG_HOME": "/tmp/cfg", "HOME": "/home/u",
    ])
    #expect(store.fileURL.path == "/tmp/cfg/parlance/recent-interfaces.json")
    let unset = RecentInterfaceStore.standard(environment: ["HOME": "/home/u"])
    #expect(unset.fileURL.path == "/home/u/.config/parlance/recent-interfaces.json")
  }

  @Test func roundTripsNewestFirstOnceEachAndAtMostTheLimit() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let store = RecentInterfaceStore.standard(environment: ["XDG_CONFIG_HOME": temporary.url.path])
    #expect(store.load().files.isEmpty)
    #expect(store.load().warning == nil)
    let prefs = URL(fileURLWithPath: "/src/transmission/gtk/ui/gtk3/PrefsDialog.ui")
    let stats = URL(fileURLWithPath: "/src/transmission/gtk/ui/gtk3/./StatsDialog.ui")
    try store.record(prefs)
    try store.record(stats)
    #expect(try store.record(prefs).map(\.path) == [prefs.path, stats.standardizedFileURL.path])
    // Another store over the same file (the next start of the program) reads the same.
    let again = RecentInterfaceStore(fileURL: store.fileURL)
    #expect(again.load().files.map(\.path) == [prefs.path, stats.standardizedFileURL.path])
    #expect(again.load().warning == nil)
    for index in 0..<20 { try again.record(URL(fileURLWithPath: "/tmp/\(index).ui")) }
    let files = again.load().files.map(\.path)
    #expect(files.count == RecentInterfaceStore.limit)
    #expect(files.first == "/tmp/19.ui")
    // Only the file itself is left in the folder: the temporary file was renamed.
    let names = try FileManager.default.contentsOfDirectory(
      atPath: store.fileURL.deletingLastPathComponent().path)
    #expect(names == ["recent-interfaces.json"])
  }

  @Test(arguments: [
    "{not json", #"{"interfaces": "/a.ui"}"#, #"{"files": []}"#, "", "\u{0}\u{1}",
    #"{"interfaces": ["relative/a.ui"]}"#,
  ])
  func corruptFileMeansAnEmptyListWithAWarning(_ contents: String) throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let file = try temporary.write(contents, to: "parlance/recent-interfaces.json")
    let store = RecentInterfaceStore(fileURL: file)
    let (files, warning) = store.load()
    #expect(files.isEmpty)
    let diagnostic = try #require(warning)
    #expect(diagnostic.severity == .warning)
    #expect(diagnostic.description.hasPrefix(file.path + ":1:1: warning: invalid setting: "))
    #expect(diagnostic.description.hasSuffix("; starting with an empty list"))
    // Loading never rewrites what the user wrote.
    #expect(try String(contentsOf: file, encoding: .utf8) == contents)
  }

  @Test func recordingAfterACorruptFileKeepsItAside() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let file = try temporary.write("/src/a.ui\n/src/b.ui\n", to: "parlance/recent-interfaces.json")
    let store = RecentInterfaceStore(fileURL: file)
    try store.record(URL(fileURLWithPath: "/src/c.ui"))
    #expect(store.load().files.map(\.path) == ["/src/c.ui"])
    let aside = file.appendingPathExtension("corrupt")
    #expect(try String(contentsOf: aside, encoding: .utf8) == "/src/a.ui\n/src/b.ui\n")
  }

  @Test func anUnreadableFileIsAWarningToo() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    // A folder where the file should be: reading fails with something other than "missing".
    let folder = temporary.url.appendingPathComponent("parlance/recent-interfaces.json")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let (files, warning) = RecentInterfaceStore(fileURL: folder).load()
    #expect(files.isEmpty)
    #expect(warning?.description.contains("cannot read the file") == true)
  }
}
