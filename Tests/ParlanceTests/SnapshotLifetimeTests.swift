import Foundation
import Parlance
import Synchronization
import Testing

/// What a reader holds stays alive for as long as it holds it, and what nobody holds is
/// freed: no timing involved (run under ThreadSanitizer and AddressSanitizer by
/// `make test`).
@Suite struct SnapshotLifetimeTests {
  let resources: URL

  init() throws {
    resources = try fixtureURL("resources")
  }

  @Test func readerParkedInsideALookupOutlivesAThousandSwitchesAndReloads() throws {
    let armed = Atomic(false)
    let parked = Gate()
    let resume = Gate()
    let probe = LookupProbe { key in
      // Only the first lookup after arming parks: the reader thread's.
      guard key == "greeting",
        armed.compareExchange(expected: true, desired: false, ordering: .acquiringAndReleasing)
          .exchanged
      else { return }
      parked.open()
      resume.wait()
    }
    let localizer = try Localizer(
      resources: [resources], language: .test("en"), environment: [:], probe: probe)
    armed.store(true, ordering: .releasing)
    let reader = JoinableThread { localizer.string("greeting") }
    parked.wait()

    let languages = ["de", "ja", "ar", "zh-Hans", "de-AT", "en"].map(LanguageTag.test)
    for round in 0..<1_000 {
      if round % 2 == 0 {
        try localizer.switchLanguage(
          to: .pinned(languages[round / 2 % languages.count]), persisting: false)
      } else {
        localizer.reloadCatalogs()
      }
    }
    // 1,001 snapshots were made; alive are the current one and the parked reader's.
    #expect(probe.liveSnapshots == 2)

    resume.open()
    // The reader finishes its lookup in the language it started in.
    #expect(reader.join() == "Hello!")
    // Its thread has ended, and with it its reference: only the current one is left.
    #expect(probe.liveSnapshots == 1)
    #expect(localizer.language == languages[499 % languages.count])
  }

  @Test func aSnapshotAnswersInOneLanguageWhateverSwitchesFollow() throws {
    let localizer = try Localizer(resources: [resources], language: .test("de"), environment: [:])
    let snapshot = localizer.snapshot()
    try localizer.switchLanguage(to: .pinned(.test("ja")), persisting: false)
    #expect(localizer.string("greeting") == "こんにちは！")
    #expect(snapshot.language == .test("de"))
    #expect(snapshot.string("greeting") == "Hallo!")
    #expect(snapshot.string("user.name.format", ["name": "X"]) == "Angemeldet als X")
    #expect(snapshot.resolve("greeting").language == .test("de"))
    #expect(snapshot.revision < localizer.revision)
  }

  @Test func readersOnManyThreadsFreeWhatTheyNoLongerRead() throws {
    let probe = LookupProbe()
    let localizer = try Localizer(
      resources: [resources], language: .test("en"), environment: [:], probe: probe)
    let languages = ["de", "ja", "en"].map(LanguageTag.test)
    let readers = (0..<4).map { _ in
      JoinableThread {
        var seen = Set<String>()
        for _ in 0..<2_000 { seen.insert(localizer.string("greeting")) }
        return seen
      }
    }
    for round in 0..<300 {
      try localizer.switchLanguage(to: .pinned(languages[round % 3]), persisting: false)
    }
    let seen = readers.compactMap { $0.join() }.reduce(into: Set<String>()) { $0.formUnion($1) }
    #expect(seen.isSubset(of: ["Hello!", "Hallo!", "こんにちは！"]))
    #expect(probe.liveSnapshots == 1)
  }
}
