import Foundation
import Parlance
import Synchronization
import Testing

@Suite struct LocalizerTests {
  let resources: URL

  init() throws {
    resources = try fixtureURL("resources")
  }

  func localizer(
    _ language: String? = nil, environment: [String: String] = [:],
    reporter: CollectingReporter? = nil, preferences: (any PreferenceStore)? = nil
  ) throws -> Localizer {
    try Localizer(
      resources: resources, language: language.map(LanguageTag.test), preferences: preferences,
      environment: environment, reporter: reporter)
  }

  @Test func looksUpTheChosenLanguage() throws {
    let localizer = try localizer("de")
    #expect(localizer.string("greeting") == "Hallo!")
    #expect(localizer.string("error.disk", table: "Errors") == "Der Datenträger ist voll")
    #expect(localizer.language == LanguageTag.test("de"))
  }

  @Test func fallsBackPerKeyAndSaysWhichLanguageSupplied() throws {
    let localizer = try localizer("de-AT")
    #expect(localizer.chain.languages.map(\.identifier) == ["de-AT", "de", "en"])
    let greeting = localizer.resolve("greeting")
    #expect(greeting.value == "Servus!")
    #expect(greeting.language == LanguageTag.test("de-AT"))
    #expect(!greeting.isFallback)
    let name = localizer.resolve("user.name.format", named: ["name": "Smith"])
    #expect(name.value == "Angemeldet als Smith")
    #expect(name.language == LanguageTag.test("de"))
    #expect(name.isFallback)
    let farewell = localizer.resolve("farewell")
    #expect(farewell.value == "Goodbye")
    #expect(farewell.language == LanguageTag.test("en"))
    #expect(farewell.origin?.file.hasSuffix("en.lproj/Localizable.strings") == true)
    #expect(farewell.origin?.location == SourceLocation(line: 3, column: 1))
  }

  @Test func baseFolderLiesUnderTheDevelopmentLanguage() throws {
    let localizer = try localizer("ja")
    #expect(localizer.string("only.base") == "From Base")
    #expect(localizer.resolve("only.base").language == LanguageTag.test("en"))
    #expect(try self.localizer("en").string("greeting") == "Hello!")
  }

  @Test func missingKeyReturnsTheKeyAndIsReportedOnce() throws {
    let reporter = CollectingReporter()
    let localizer = try localizer("de", reporter: reporter)
    #expect(localizer.string("no.such.key") == "no.such.key")
    #expect(localizer.string("no.such.key") == "no.such.key")
    let resolution = localizer.resolve("no.such.key")
    #expect(resolution.isMissing)
    #expect(resolution.language == nil)
    let misses = reporter.events.filter {
      if case .missingKey("no.such.key", "Localizable", _) = $0 { true } else { false }
    }
    #expect(misses.count == 1)
  }

  @Test func systemLanguagesDriveFollowSystem() throws {
    let localizer = try localizer(environment: ["LANGUAGE": "zh_CN:de", "LANG": "de_DE.UTF-8"])
    #expect(localizer.preference == .followSystem)
    // "de" takes in its regional forms too, before English.
    #expect(localizer.chain.languages.map(\.identifier) == ["zh-Hans", "de", "de-AT", "en"])
    #expect(localizer.string("greeting") == "你好！")
    #expect(localizer.string("user.name.format") == "Angemeldet als #{name}")
  }

  @Test func namedAndPositionalArguments() throws {
    let localizer = try localizer("de")
    #expect(localizer.string("user.name.format", ["name": "Smith"]) == "Angemeldet als Smith")
    #expect(
      localizer.string("files.summary", arguments: ["Anna", 3]) == "3 Dateien gehören Anna")
    #expect(
      try self.localizer("en").string("files.summary", arguments: ["Anna", 3]) == "Anna has 3 files"
    )
  }

  @Test func placeholderWithoutValueStaysVisibleAndIsReported() throws {
    let reporter = CollectingReporter()
    let localizer = try localizer("en", reporter: reporter)
    #expect(localizer.string("user.name.format", ["other": "x"]) == "Signed in as #{name}")
    #expect(
      reporter.events.contains(
        .renderProblem(
          key: "user.name.format", table: "Localizable",
          problem: .missingNamedArgument("name"))))
  }

  @Test func switchesAtomicallyAndNotifiesOnce() async throws {
    let localizer = try localizer("en")
    let changes = Mutex<[LanguageChange]>([])
    let token = localizer.observe { change in changes.withLock { $0.append(change) } }
    let change = try await localizer.setLanguage(.pinned(.test("de")))
    #expect(change.previous.head == LanguageTag.test("en"))
    #expect(change.current.head == LanguageTag.test("de"))
    #expect(localizer.string("greeting") == "Hallo!")
    #expect(changes.withLock { $0 } == [change])
    token.cancel()
    try await localizer.setLanguage(.pinned(.test("ja")))
    #expect(changes.withLock { $0.count } == 1)
  }

  @Test func droppingTheTokenStopsDeliveries() async throws {
    let localizer = try localizer("en")
    let count = Mutex(0)
    do {
      let token = localizer.observe { _ in count.withLock { $0 += 1 } }
      try await localizer.setLanguage(.pinned(.test("de")))
      _ = token
    }
    try await localizer.setLanguage(.pinned(.test("ja")))
    #expect(count.withLock { $0 } == 1)
  }

  @Test func changesArriveAsAnAsyncStream() async throws {
    let localizer = try localizer("en")
    let stream = localizer.changes
    async let first = stream.first { _ in true }
    try await localizer.setLanguage(.pinned(.test("ar")))
    let change = await first
    #expect(change?.language == LanguageTag.test("ar"))
  }

  @Test func brokenCatalogLeavesThePreviousLanguageActive() async throws {
    let reporter = CollectingReporter()
    let localizer = try localizer("de", reporter: reporter)
    let changes = Mutex(0)
    let token = localizer.observe { _ in changes.withLock { $0 += 1 } }
    await #expect {
      try await localizer.setLanguage(.pinned(.test("fr")))
    } throws: { error in
      guard case LocalizerError.catalogFailed(let tag, let diagnostics) = error else {
        return false
      }
      return tag == .test("fr") && diagnostics.contains { $0.severity == .error }
    }
    #expect(localizer.language == LanguageTag.test("de"))
    #expect(localizer.string("greeting") == "Hallo!")
    #expect(changes.withLock { $0 } == 0)
    _ = token
  }

  @Test func unavailablePinnedLanguageIsRefused() async throws {
    let localizer = try localizer("de")
    await #expect(throws: LocalizerError.self) {
      try await localizer.setLanguage(.pinned(.test("ko")))
    }
    #expect(localizer.language == LanguageTag.test("de"))
    // Regional English is English, the development language: always available.
    try await localizer.setLanguage(.pinned(.test("en-GB")))
    #expect(localizer.string("greeting") == "Hello!")
  }

  @Test func resetToSystemAlwaysNotifies() async throws {
    let localizer = try localizer(environment: ["LANG": "en_US.UTF-8"])
    let changes = Mutex(0)
    let token = localizer.observe { _ in changes.withLock { $0 += 1 } }
    let change = try await localizer.resetToSystemLanguage()
    #expect(change.previous == change.current)
    #expect(change.preference == .followSystem)
    #expect(changes.withLock { $0 } == 1)
    _ = token
  }

  @Test func lookupsDuringSwitchesSeeOneWholeLanguage() async throws {
    let localizer = try localizer("en")
    let valid: Set<String> = ["Hello!", "Hallo!", "こんにちは！", "مرحبًا!", "你好！", "Servus!"]
    let pairs: [String: String] = [
      "Hello!": "Signed in as X", "Hallo!": "Angemeldet als X", "Servus!": "Angemeldet als X",
      "こんにちは！": "Signed in as X", "مرحبًا!": "تم تسجيل الدخول باسم X", "你好！": "Signed in as X",
    ]
    let languages = ["de", "ja", "ar", "zh-Hans", "de-AT", "en"].map(LanguageTag.test)
    try await withThrowingTaskGroup(of: Int.self) { group in
      group.addTask {
        for round in 0..<200 {
          try await localizer.setLanguage(.pinned(languages[round % languages.count]))
        }
        return 0
      }
      for _ in 0..<2 {
        group.addTask {
          var bad = 0
          for _ in 0..<5_000 {
            if !valid.contains(localizer.string("greeting")) { bad += 1 }
            // A sequence of lookups through one snapshot sees one language throughout.
            let snapshot = localizer.snapshot()
            let greeting = snapshot.string("greeting")
            let signedIn = snapshot.string("user.name.format", ["name": "X"])
            let supplier = snapshot.resolve("greeting").language
            if pairs[greeting] != signedIn { bad += 1 }
            if supplier.map(snapshot.chain.languages.contains) != true { bad += 1 }
          }
          return bad
        }
      }
      let bad = try await group.reduce(0, +)
      #expect(bad == 0)
    }
    // After the dust settles, one snapshot serves both keys.
    let greeting = localizer.string("greeting")
    #expect(localizer.string("user.name.format", ["name": "X"]) == pairs[greeting])
  }

  @Test func localizedResourcesWalkTheChain() throws {
    let ja = try localizer("ja")
    #expect(ja.resourceURL(named: "banner")?.lastPathComponent == "banner.png")
    #expect(
      ja.resourceURL(named: "banner")?.deletingLastPathComponent().lastPathComponent == "ja.lproj")
    let de = try localizer("de-AT")
    #expect(de.resourceURL(named: "banner")?.path.hasSuffix("de.lproj/banner.jpg") == true)
    let ar = try localizer("ar")
    #expect(
      ar.resourceURL(named: "banner")?.path == resources.appendingPathComponent("banner.png").path)
    #expect(ar.resourceURL(named: "nothing") == nil)
    #expect(ar.resourceURL(named: "../ja.lproj/banner") == nil)
    #expect(ar.resourceURL(named: ".hidden") == nil)
  }

  @Test func invalidFolderNamesAreReportedNotUsed() throws {
    let reporter = CollectingReporter()
    let localizer = try localizer("en", reporter: reporter)
    #expect(!localizer.availableLanguages.map(\.identifier).contains { $0.contains(" ") })
    let folderWarnings = reporter.events.flatMap { event -> [Diagnostic] in
      if case .diagnostics(let list) = event { list } else { [] }
    }.filter { $0.kind == .invalidLanguageFolder("not a tag.lproj") }
    #expect(folderWarnings.count == 1)
  }

  @Test func missingResourcesFolderIsAnError() {
    #expect {
      try Localizer(resources: URL(fileURLWithPath: "/nonexistent/parlance"), environment: [:])
    } throws: { error in
      "\(error)" == "resources folder '/nonexistent/parlance' does not exist"
    }
  }

  @Test func laterFoldersOverrideEarlierOnes() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    _ = try temporary.write(#""greeting" = "Hallöchen!";"#, to: "work/de.lproj/Localizable.strings")
    let localizer = try Localizer(
      resources: [resources, temporary.url.appendingPathComponent("work")],
      language: .test("de"), environment: [:])
    #expect(localizer.string("greeting") == "Hallöchen!")
    #expect(localizer.string("user.name.format") == "Angemeldet als #{name}")
  }

  /// Catalogs read ahead are the ones a switch uses; one with a warning is left to the
  /// switch, which reports it as it would have without reading ahead.
  @Test func catalogsReadAheadServeTheSwitchAndLeaveItsWarnings() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    _ = try temporary.write(#""greeting" = "Hello!";"#, to: "en.lproj/Localizable.strings")
    _ = try temporary.write(#""greeting" = "Bonjour !";"#, to: "fr.lproj/Localizable.strings")
    _ = try temporary.write(
      "\"greeting\" = \"Hallo!\";\n\"greeting\" = \"Hallo!\";\n", to: "de.lproj/Localizable.strings"
    )
    let reporter = CollectingReporter()
    let localizer = try Localizer(
      resources: [temporary.url], language: .test("en"), environment: [:], reporter: reporter)
    localizer.loadCatalogs(of: .test("fr"))
    localizer.loadCatalogs(of: .test("de"))
    // Read ahead, French no longer needs its file.
    try FileManager.default.removeItem(
      at: temporary.url.appendingPathComponent("fr.lproj/Localizable.strings"))
    try localizer.switchLanguage(to: .pinned(.test("fr")), persisting: false)
    #expect(localizer.string("greeting") == "Bonjour !")
    try localizer.switchLanguage(to: .pinned(.test("de")), persisting: false)
    #expect(localizer.string("greeting") == "Hallo!")
    let warnings = reporter.events.flatMap { event -> [Diagnostic] in
      if case .diagnostics(let list) = event { list } else { [] }
    }
    #expect(warnings.contains { $0.severity == .warning && $0.message.contains("greeting") })
  }

  /// Catalogs and retranslation indexes read ahead on other threads while this one
  /// switches, looks up and makes retranslators: each answer is the language's. Under
  /// ThreadSanitizer in `make sanitize`.
  @Test func readingAheadWhileSwitchingGivesEachLanguageWhole() throws {
    let localizer = try localizer("en")
    let route = ["en", "de", "ja", "ar", "zh-Hans", "de-AT"].map(LanguageTag.test)
    let expected = ["Hello!", "Hallo!", "こんにちは！", "مرحبًا!", "你好！", "Servus!"]
    localizer.loadAhead(Array(route.dropFirst()))
    Retranslator.loadAhead(localizer: localizer, tables: [Localizer.defaultTable], route: route)
    for (index, (source, target)) in zip(route, route.dropFirst()).enumerated() {
      let retranslator = try Retranslator(
        localizer: localizer, tables: [Localizer.defaultTable], from: source, to: target)
      #expect(localizer.string("greeting") == expected[index + 1])
      #expect(try retranslator.retranslate(expected[index]).get().text == expected[index + 1])
    }
  }

  /// A switch of texts whose messages a switch before remembered reads no index: a
  /// retranslator builds its indexes at the first text it has to look up.
  @Test func aRetranslatorOfRememberedTextsBuildsNoIndex() throws {
    let localizer = try localizer("en")
    let table = [Localizer.defaultTable]
    let first = try Retranslator(
      localizer: localizer, tables: table, from: .test("en"), to: .test("de"))
    let message = try #require(try first.retranslate("Hello!").get().message)
    let built = localizer.translationIndexesBuilt
    let next = try Retranslator(
      localizer: localizer, tables: table, from: .test("de"), to: .test("ja"))
    #expect(try next.retranslate("Hallo!", remembered: message).get().text == "こんにちは！")
    #expect(localizer.translationIndexesBuilt == built)
    #expect(try next.retranslate("Hallo!").get().text == "こんにちは！")
    #expect(localizer.translationIndexesBuilt > built)
  }

  @Test func describesLanguagesForAMenu() throws {
    let localizer = try localizer("en")
    let languages = localizer.describeLanguages()
    let german = try #require(languages.first { $0.tag == .test("de") })
    #expect(german.name == "Deutsch")
    #expect(german.englishName == "German")
    // en has 7 Localizable keys (Base's included) and 1 Errors key; de translates 3 + 1.
    #expect(abs(german.completeness - 4.0 / 8.0) < 0.001)
    let arabic = try #require(languages.first { $0.tag == .test("ar") })
    #expect(arabic.direction == .rightToLeft)
    #expect(languages.first { $0.tag == .test("en") }?.completeness == 1)
  }

  @Test func bootstrapIsOneShot() throws {
    // The only test touching the process-wide default.
    #expect(LocalizationSystem.localizer == nil)
    #expect(localized("greeting") == "greeting")
    let first = try localizer("de")
    let installed = LocalizationSystem.bootstrap(first)
    #expect(installed)
    #expect(!LocalizationSystem.bootstrap(try localizer("ja")))
    #expect(localized("greeting") == "Hallo!")
    #expect(localized("user.name.format", ["name": "Anna"]) == "Angemeldet als Anna")
  }
}
