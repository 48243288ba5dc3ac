import Foundation
import Parlance
import Testing

@Suite struct FilePreferenceStoreTests {
  @Test func followsXDGConfigHome() {
    let store = FilePreferenceStore.standard(environment: [
      "XDG_CONFIG_HOME": "/tmp/cfg", "HOME": "/home/u",
    ])
    #expect(store.fileURL.path == "/tmp/cfg/parlance/language.json")
    let fallback = FilePreferenceStore.standard(environment: [
      "XDG_CONFIG_HOME": "relative", "HOME": "/home/u",
    ])
    #expect(fallback.fileURL.path == "/home/u/.config/parlance/language.json")
    let unset = FilePreferenceStore.standard(environment: ["HOME": "/home/u"])
    #expect(unset.fileURL.path == "/home/u/.config/parlance/language.json")
  }

  @Test func roundTrips() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let store = FilePreferenceStore.standard(environment: ["XDG_CONFIG_HOME": temporary.url.path])
    #expect(store.load().preference == .followSystem)
    #expect(store.load().warning == nil)
    try store.save(.pinned(.test("pt_BR")))
    #expect(store.load().preference == .pinned(.test("pt-BR")))
    #expect(store.load().warning == nil)
    try store.save(.followSystem)
    #expect(store.load().preference == .followSystem)
    let text = try String(contentsOf: store.fileURL, encoding: .utf8)
    #expect(text.contains(#""language" : "system""#))
    // Nothing but the file itself is left in the folder: the temporary file was renamed.
    let names = try FileManager.default.contentsOfDirectory(
      atPath: store.fileURL.deletingLastPathComponent().path)
    #expect(names == ["language.json"])
  }

  @Test(arguments: ["{not json", #"{"language": "../etc"}"#, #"{"lang": "de"}"#, "", "\u{0}\u{1}"])
  func corruptFileMeansFollowSystemWithAWarning(_ contents: String) throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let file = try temporary.write(contents, to: "parlance/language.json")
    let store = FilePreferenceStore(fileURL: file)
    let (preference, warning) = store.load()
    #expect(preference == .followSystem)
    let diagnostic = try #require(warning)
    #expect(diagnostic.severity == .warning)
    #expect(diagnostic.description.hasPrefix(file.path + ":1:1: warning: invalid setting: "))
    // Loading never rewrites what the user wrote.
    #expect(try String(contentsOf: file, encoding: .utf8) == contents)
  }

  @Test func choosingAgainKeepsTheCorruptFileAside() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let file = try temporary.write("language = de  # hand-edited", to: "parlance/language.json")
    let store = FilePreferenceStore(fileURL: file)
    try store.save(.pinned(.test("ja")))
    #expect(store.load().preference == .pinned(.test("ja")))
    let aside = file.appendingPathExtension("corrupt")
    #expect(try String(contentsOf: aside, encoding: .utf8) == "language = de  # hand-edited")
  }

  @Test func unreadableFileIsAWarningNotACrash() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    // A folder where the file should be: reading fails with an I/O error.
    let file = temporary.url.appendingPathComponent("parlance/language.json")
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
    let (preference, warning) = FilePreferenceStore(fileURL: file).load()
    #expect(preference == .followSystem)
    #expect(warning != nil)
  }

  @Test func localizerRestoresAndPersistsTheChoice() async throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let store = FilePreferenceStore.standard(environment: ["XDG_CONFIG_HOME": temporary.url.path])
    let resources = try fixtureURL("resources")
    let first = try Localizer(
      resources: resources, preferences: store, environment: ["LANG": "en_US.UTF-8"])
    #expect(first.string("greeting") == "Hello!")
    try await first.setLanguage(.pinned(.test("de")))
    // A second localizer (as at the next start) finds the choice.
    let second = try Localizer(
      resources: resources, preferences: store, environment: ["LANG": "en_US.UTF-8"])
    #expect(second.preference == .pinned(.test("de")))
    #expect(second.string("greeting") == "Hallo!")
    // --language for one run does not change what is stored.
    let once = try Localizer(
      resources: resources, language: .test("ja"), preferences: store, environment: [:])
    #expect(once.string("greeting") == "こんにちは！")
    #expect(store.load().preference == .pinned(.test("de")))
    try await second.resetToSystemLanguage()
    #expect(store.load().preference == .followSystem)
  }

  @Test func corruptPreferenceIsReportedAndLeftAlone() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let file = try temporary.write("{{{", to: "parlance/language.json")
    let reporter = CollectingReporter()
    let localizer = try Localizer(
      resources: try fixtureURL("resources"), preferences: FilePreferenceStore(fileURL: file),
      environment: ["LANG": "de_DE.UTF-8"], reporter: reporter)
    #expect(localizer.preference == .followSystem)
    #expect(localizer.string("greeting") == "Hallo!")
    #expect(reporter.events.contains { "\($0)".contains("invalid setting") })
    #expect(try String(contentsOf: file, encoding: .utf8) == "{{{")
  }
}
