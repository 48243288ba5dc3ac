import Foundation
import Parlance
import Testing

/// What a localizer reports, and that what it remembers in order to report once stays
/// bounded however many keys a program makes up at run time.
@Suite struct ReportingTests {
  let resources: URL

  init() throws {
    resources = try fixtureURL("resources")
  }

  @Test func aMissingKeyIsReportedOnceWhateverTheLanguage() throws {
    let reporter = CollectingReporter()
    let localizer = try Localizer(
      resources: [resources], language: .test("de"), environment: [:], reporter: reporter)
    for language in ["de", "ja", "de", "ar", "en"] {
      try localizer.switchLanguage(to: .pinned(.test(language)), persisting: false)
      #expect(localizer.string("no.such.key") == "no.such.key")
      #expect(localizer.string("no.such.key", ["name": "X"]) == "no.such.key")
    }
    let misses = reporter.events.filter {
      if case .missingKey("no.such.key", "Localizable", _) = $0 { true } else { false }
    }
    #expect(misses.count == 1)
  }

  @Test func reportsStopAtTheLimitAndSaySoOnce() throws {
    let reporter = CollectingReporter()
    let localizer = try Localizer(
      resources: [resources], language: .test("en"), environment: [:], reporter: reporter)
    let total = Localizer.reportLimit + 500
    for index in 0..<total { _ = localizer.string("made.up.\(index)") }
    for index in 0..<total { _ = localizer.string("made.up.\(index)") }
    let misses = reporter.events.filter {
      if case .missingKey = $0 { true } else { false }
    }
    #expect(misses.count == Localizer.reportLimit)
    #expect(
      reporter.events.filter { $0 == .reportLimitReached(limit: Localizer.reportLimit) }.count == 1)
  }

  @Test func aDeletedFileIsForgottenByTheNextReload() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    _ = try temporary.write(#""greeting" = "Hallo!";"#, to: "de.lproj/Localizable.strings")
    let extra = try temporary.write(#""farewell" = "Tschüss!";"#, to: "de.lproj/Extra.strings")
    _ = try temporary.write(#""greeting" = "Hello!";"#, to: "en.lproj/Localizable.strings")
    let localizer = try Localizer(
      resources: [temporary.url], language: .test("de"), environment: [:])
    #expect(localizer.string("farewell", table: "Extra") == "Tschüss!")
    let before = localizer.loader.folders[0].parsedFileCount
    try FileManager.default.removeItem(at: extra)
    localizer.reloadCatalogs()
    #expect(localizer.string("farewell", table: "Extra") == "farewell")
    #expect(localizer.loader.folders[0].parsedFileCount == before - 1)
  }
}
