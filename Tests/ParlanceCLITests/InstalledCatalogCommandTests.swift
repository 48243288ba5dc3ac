import Foundation
import Testing

/// `--gettext-domain` and `--locale-dir`: the commands on installed, compiled catalogs
/// (`LL/LC_MESSAGES/DOMAIN.mo`), made here with `msgfmt` from the core's fixtures.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/msgfmt")))
struct InstalledCatalogCommandTests {
  let runner: CommandRunner
  /// `<tmp>/locale/{ru,sr@latin,zh_CN,en@quot}/LC_MESSAGES/app.mo`.
  let locale: URL

  static let poFixtures = CommandRunner.packageRoot
    .appendingPathComponent("Tests/ParlanceTests/Fixtures/mo")

  init() throws {
    runner = try CommandRunner()
    locale = runner.configHome.appendingPathComponent("locale", isDirectory: true)
    // Serbian counts as Russian does; Chinese has one form.
    for name in ["ru", "sr@latin", "en@quot"] {
      try Self.compile(Self.poFixtures.appendingPathComponent("ru.po"), to: mo(name))
    }
    let chinese = runner.configHome.appendingPathComponent("zh_CN.po")
    try Data(
      """
      msgid ""
      msgstr ""
      "Content-Type: text/plain; charset=UTF-8\\n"
      "Plural-Forms: nplurals=1; plural=0;\\n"

      msgid "Open"
      msgstr "打开"

      """.utf8
    ).write(to: chinese)
    try Self.compile(chinese, to: mo("zh_CN"))
  }

  func mo(_ name: String) -> URL {
    locale.appendingPathComponent("\(name)/LC_MESSAGES/app.mo")
  }

  static func compile(_ po: URL, to file: URL) throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
    process.arguments = ["-o", file.path, po.path]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
  }

  var installed: [String] { ["--gettext-domain", "app", "--locale-dir", locale.path] }

  @Test func pluralFormOfTheCountAsJSON() throws {
    let output = try runner.run(
      ["string", "%d file", "--language", "ru", "--count", "21", "--json"] + installed)
    #expect(output.status == 0, "\(output.stderr)")
    let object = try #require(try json(output.stdout) as? [String: Any])
    #expect(object["value"] as? String == "21 файл")
    #expect(object["message"] as? String == "%d файл")
    #expect(object["table"] as? String == "app")
    #expect(object["language"] as? String == "ru")
    let source = try #require(object["source"] as? String)
    #expect(source.hasPrefix(mo("ru").path + ", entry "), "\(source)")
  }

  @Test func contextChoosesTheMessage() throws {
    let output = try runner.run(
      ["string", "Open", "--context", "Verb", "--language", "ru"] + installed)
    #expect(output.status == 0)
    #expect(output.stdout == "Открыть (глагол)\n")
  }

  @Test func missingMessageShowsThePluralForACount() throws {
    let output = try runner.run(
      ["string", "%d cat", "--plural", "%d cats", "--count", "2", "--language", "ru"] + installed)
    #expect(output.status == 1)
    #expect(output.stdout == "%d cats\n")
  }

  @Test func languagesAreNamedAsGettextNamesTheirFolders() throws {
    let output = try runner.run(["languages", "--json"] + installed)
    #expect(output.status == 0, "\(output.stderr)")
    let list = try #require(try json(output.stdout) as? [[String: Any]])
    // en@quot is English with other quotation marks, not a language of its own.
    #expect(list.compactMap { $0["tag"] as? String } == ["en", "ru", "sr-Latn", "zh-Hans"])
  }

  @Test func truncatedCatalogIsAnErrorAtItsByte() throws {
    let file = mo("ru")
    let bytes = try Data(contentsOf: file)
    try bytes.prefix(bytes.count - 40).write(to: file)
    let output = try runner.run(["lint", file.path])
    #expect(output.status == 1)
    let first = try #require(output.stdout.split(separator: "\n").first)
    #expect(first.hasPrefix(file.path + ": error: at byte "), "\(output.stdout)")
  }

  @Test func compiledCatalogBesideItsSourceIsComparedWithIt() throws {
    let folder = runner.configHome.appendingPathComponent("po", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let source = try String(
      contentsOf: Self.poFixtures.appendingPathComponent("ru.po"), encoding: .utf8)
    try Data(source.utf8).write(to: folder.appendingPathComponent("ru.po"))
    // The .mo is older: compiled before the translator changed one message.
    let edited = source.replacingOccurrences(of: "\"Открыть файл\"", with: "\"Открыть документ\"")
    let stale = runner.configHome.appendingPathComponent("stale.po")
    try Data(edited.utf8).write(to: stale)
    try Self.compile(stale, to: folder.appendingPathComponent("ru.mo"))
    let output = try runner.run(["lint", folder.appendingPathComponent("ru.mo").path])
    #expect(output.status == 1)
    #expect(
      output.stdout.contains(
        ": error: entry 8: 'Open file' is 'Открыть документ' here but 'Открыть файл' in 'ru.po'"),
      "\(output.stdout)")
  }

  @Test func installedDomainIsLinted() throws {
    let output = try runner.run(["lint"] + installed)
    #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
    #expect(output.stderr.contains("0 errors"), "\(output.stderr)")
  }
}
