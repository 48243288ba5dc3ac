import Foundation
import Parlance
import Testing

/// The `.mo` reader against glibc: fixtures compiled by `msgfmt` in both byte orders,
/// with and without a hash table, and the catalogs installed on this machine, each
/// message asked of both.
@Suite(.enabled(if: GlibcGettext.isAvailable, "needs msgfmt and python3 (gettext)"))
struct MOFileTests {
  /// The counts every plural message is asked for: each form of every fixture's rule.
  static let counts: [UInt64] = [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101, 111, 1_000_000]

  static let fixtures = ["ru", "ar", "sysdep", "cp1251"]

  @Test(
    "every message of a msgfmt-compiled fixture answers as glibc does",
    arguments: fixtures,
    [[], ["--endianness=big"], ["--no-hash"], ["--endianness=big", "--no-hash"]])
  func fixtureMatchesGlibc(name: String, options: [String]) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let domain = "fixture-\(name)"
    try GlibcGettext.compile(
      try fixtureURL("mo/\(name).po"), into: folder.url, language: "xx", domain: domain,
      options: options)
    let file = try MOFile(
      contentsOf: folder.url.appendingPathComponent("xx/LC_MESSAGES/\(domain).mo"))
    #expect(file.diagnostics.isEmpty, "\(file.diagnostics)")
    #expect(file.validate().isEmpty, "\(file.validate())")
    #expect(file.isBigEndian == options.contains("--endianness=big"))
    let entries = file.entries()
    #expect(!entries.isEmpty)
    try compare(
      entries, extraMsgids: ["Not in the catalog", "Open "], domain: domain, folder: folder.url,
      gettextName: "xx", tag: LanguageTag("xx"))
  }

  @Test("a catalog in windows-1251 is decoded to the same texts as its UTF-8 twin")
  func legacyCharset() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try MOFile(
      contentsOf: try GlibcGettext.compile(
        try fixtureURL("mo/cp1251.po"), into: folder.url, language: "ru", domain: "cp"))
    #expect(file.header.charset == "CP1251")
    #expect(!file.isUTF8)
    let texts = Dictionary(uniqueKeysWithValues: file.entries().map { ($0.key, $0.forms) })
    #expect(texts["Open"] == ["Открыть"])
    #expect(texts["Verb\u{4}Save"] == ["Сохранить"])
    #expect(texts["%d file"] == ["%d файл", "%d файла", "%d файлов"])
  }

  @Test("system-dependent messages are expanded for this platform, as glibc expands them")
  func systemDependentMessages() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try MOFile(
      contentsOf: try GlibcGettext.compile(
        try fixtureURL("mo/sysdep.po"), into: folder.url, language: "de", domain: "sd"))
    let keys = Set(file.entries().map(\.key))
    // 64-bit Linux: uint64_t, intmax_t and uintptr_t are long, int_fast16_t too.
    #expect(keys.contains("%lu byte"))
    #expect(keys.contains("Offset %x of %ld"))
    #expect(keys.contains("%lu pointers, %ld fast"))
    #expect(keys.contains("Plain %d"))
    let table = CatalogTable(compiled: file)
    #expect(table.value("%lu byte") == "%lu Byte")
  }

  @Test("a table read in place answers as the same table built")
  func inPlaceAndBuiltAgree() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try MOFile(
      contentsOf: try GlibcGettext.compile(
        try fixtureURL("mo/ru.po"), into: folder.url, language: "ru", domain: "agree"))
    let keys = file.entries().map(\.key) + ["missing", "Open "]
    let table = CatalogTable(compiled: file)
    let inPlace = keys.map { table.value($0) }
    let contained = keys.map { table.contains($0) }
    _ = table.keys  // builds the table
    #expect(keys.map { table.value($0) } == inPlace)
    #expect(keys.map { table.contains($0) } == contained)
    #expect(table.count == file.entries().count)
  }

  @Test(
    "the installed catalogs of GTK and GLib answer as glibc does",
    arguments: ["gtk30", "glib20"],
    ["de", "fr", "ar", "ja", "ru", "pl", "zh_CN", "pt_BR", "sr@latin"])
  func installedCatalogsMatchGlibc(domain: String, name: String) throws {
    let locale = URL(fileURLWithPath: "/usr/share/locale", isDirectory: true)
    let path = locale.appendingPathComponent("\(name)/LC_MESSAGES/\(domain).mo")
    guard FileManager.default.fileExists(atPath: path.path) else {
      Issue.record("\(path.path) is not installed (scripts/install-deps gui installs it)")
      return
    }
    let file = try MOFile(contentsOf: path)
    #expect(file.diagnostics.isEmpty, "\(file.diagnostics.prefix(3))")
    let tag = try #require(LanguageTag(gettextLocale: name))
    try compare(
      file.entries(), extraMsgids: [], domain: domain, folder: locale, gettextName: name, tag: tag)
  }

  /// Asks glibc and a localizer over the installed layout of `folder` every message of
  /// `entries` (plurals for each count), and `extraMsgids` it may not have.
  private func compare(
    _ entries: [MOFile.Entry], extraMsgids: [String], domain: String, folder: URL,
    gettextName: String, tag: LanguageTag
  ) throws {
    var queries: [GlibcGettext.Query] = []
    for entry in entries {
      queries.append(.init(msgid: entry.msgid, context: entry.context))
      if let plural = entry.plural {
        for n in Self.counts {
          queries.append(.init(msgid: entry.msgid, context: entry.context, plural: plural, n: n))
        }
      }
    }
    for msgid in extraMsgids {
      queries.append(.init(msgid: msgid))
      queries.append(.init(msgid: msgid, plural: msgid + "s", n: 2))
    }
    let expected = try GlibcGettext.answers(
      queries, domain: domain, localeFolder: folder, language: gettextName)
    let sources = TranslationSources(gettextDomains: [domain], localeFolders: [folder])
    let localizer = try sources.makeLocalizer(language: tag, environment: [:])
    var mismatches: [String] = []
    for (query, answer) in zip(queries, expected) {
      let resolution = localizer.resolve(
        query.msgid, context: query.context, table: domain,
        arguments: query.n.map { [.integer(Int64(clamping: $0))] } ?? [])
      var ours = resolution.isMissing ? resolution.key : resolution.message ?? resolution.value
      if resolution.isMissing, let n = query.n, n != 1, let plural = query.plural {
        ours = plural
      }
      if ours != answer.text || resolution.isMissing == answer.translated {
        mismatches.append(
          "\(query.context.map { $0 + "|" } ?? "")\(query.msgid) n=\(query.n.map(String.init) ?? "-"): "
            + "glibc '\(answer.text)' (\(answer.translated ? "translated" : "missing")), ours '\(ours)'"
        )
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) of \(queries.count): \(mismatches.prefix(5))")
  }
}
