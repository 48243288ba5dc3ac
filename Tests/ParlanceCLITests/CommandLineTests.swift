import Foundation
import Testing

@Suite(.serialized) struct CommandLineTests {
  let runner: CommandRunner

  init() throws {
    runner = try CommandRunner()
  }

  func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
  }

  @Test func stringInALanguage() throws {
    let output = try runner.run(["string", "greeting", "--language", "de"])
    #expect(output.status == 0)
    #expect(output.stdout == "Hallo!\n")
    #expect(output.stderr == "")
  }

  @Test func stringWithNamedArguments() throws {
    let output = try runner.run([
      "string", "message.arrival", "--language", "ja", "--arg", "name=Anna", "--arg", "city=Kraków",
      "--arg", "day=3月3日",
    ])
    #expect(output.status == 0)
    #expect(output.stdout == "3月3日にKrakówのAnnaさんからメッセージが届きました。\n")
  }

  @Test func stringAsJSON() throws {
    let output = try runner.run(["string", "greeting", "--language", "de-AT", "--json"])
    #expect(output.status == 0)
    let object = try #require(try json(output.stdout) as? [String: Any])
    #expect(object["key"] as? String == "greeting")
    #expect(object["table"] as? String == "Localizable")
    #expect(object["value"] as? String == "Hallo!")
    #expect(object["language"] as? String == "de")
    #expect(object["requested"] as? String == "de")
    #expect(object["fallback"] as? Bool == false)
    #expect(output.stdout.hasPrefix(#"{"key": "greeting", "table": "Localizable", "value""#))
  }

  @Test func missingKeyAsJSON() throws {
    let output = try runner.run(["string", "no.such.key", "--language", "pl", "--json"])
    #expect(output.status == 1)
    let object = try #require(try json(output.stdout) as? [String: Any])
    #expect(object["value"] as? String == "no.such.key")
    #expect(object["language"] is NSNull)
    #expect(object["requested"] as? String == "pl")
    #expect(object["fallback"] as? Bool == true)
    #expect(output.stderr.contains("missing key 'no.such.key'"))
  }

  @Test func otherTable() throws {
    let output = try runner.run([
      "string", "error.settings.corrupt", "--table", "Errors", "--language", "en",
    ])
    #expect(output.status == 0)
    #expect(output.stdout.contains("following the system language"))
  }

  @Test func systemLanguageFromTheEnvironment() throws {
    let output = try runner.run(
      ["string", "greeting", "--json"], environment: ["LANGUAGE": "ru:de", "LANG": "de_DE.UTF-8"])
    let object = try #require(try json(output.stdout) as? [String: Any])
    #expect(object["language"] as? String == "ru")
  }

  @Test func languagesAsJSON() throws {
    let output = try runner.run(["languages", "--json"])
    #expect(output.status == 0)
    let list = try #require(try json(output.stdout) as? [[String: Any]])
    let tags = list.compactMap { $0["tag"] as? String }
    #expect(Set(tags).isSuperset(of: ["en", "de", "ru", "ja", "zh-Hans", "ar", "he", "pl"]))
    let arabic = try #require(list.first { $0["tag"] as? String == "ar" })
    #expect(arabic["name"] as? String == "العربية")
    #expect(arabic["englishName"] as? String == "Arabic")
    #expect(arabic["direction"] as? String == "rtl")
    #expect(arabic["completeness"] as? Double == 1)
    let japanese = try #require(list.first { $0["tag"] as? String == "ja" })
    #expect(japanese["name"] as? String == "日本語")
    #expect(japanese["direction"] as? String == "ltr")
  }

  @Test func languagesAsText() throws {
    let output = try runner.run(["languages"])
    #expect(output.status == 0)
    #expect(output.stdout.contains("de"))
    #expect(output.stdout.contains("Deutsch — German, 100%"))
  }

  /// Seed S0's `.plist` catalogs, named `<tag>_<Table>.plist` or in `.lproj` folders.
  @Test func languagesListsPlistCatalogsOfBothNamings() throws {
    let resources = CommandRunner.packageRoot
      .appendingPathComponent("Tests/ParlanceTests/Fixtures/plist/resources")
    let output = try runner.run(["languages", "--resources", resources.path, "--json"])
    #expect(output.status == 0)
    let list = try #require(try json(output.stdout) as? [[String: Any]])
    let tags = list.compactMap { $0["tag"] as? String }.filter { !["en-XA", "ar-XB"].contains($0) }
    #expect(tags == ["de", "en", "pt-BR", "ru", "zh-Hans"])
    let brazilian = try #require(list.first { $0["tag"] as? String == "pt-BR" })
    #expect(brazilian["completeness"] as? Double == 0.75)
  }

  @Test func negotiatePrintsTheChain() throws {
    let output = try runner.run([
      "negotiate", "--requested", "zh-TW,de-AT", "--available", "en,de,zh-Hans,zh-Hant",
      "--default", "en",
    ])
    #expect(output.status == 0)
    #expect(output.stdout == "zh-Hant\nde\nen\n")
  }

  @Test func negotiateExplains() throws {
    let output = try runner.run([
      "negotiate", "--requested", "pt-PT", "--available", "en,pt", "--default=en", "--explain",
    ])
    #expect(output.stdout.hasPrefix("pt: same language and script (pt-Latn) as requested pt-PT\n"))
  }

  @Test func setLanguagePersistsForTheNextRun() throws {
    let set = try runner.run(["set-language", "pl"])
    #expect(set.status == 0)
    let stored = try String(contentsOf: runner.preferenceFile, encoding: .utf8)
    #expect(stored.contains(#""language" : "pl""#))
    #expect(try runner.run(["string", "greeting"]).stdout == "Witaj!\n")
    #expect(try runner.run(["set-language", "system"]).status == 0)
    #expect(
      try runner.run(["string", "greeting"], environment: ["LANG": "ja_JP.UTF-8"]).stdout
        == "こんにちは！\n")
  }

  @Test func corruptSettingsWarnAndFollowTheSystem() throws {
    try FileManager.default.createDirectory(
      at: runner.preferenceFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("not json".utf8).write(to: runner.preferenceFile)
    let output = try runner.run(["string", "greeting"], environment: ["LANG": "de_DE.UTF-8"])
    #expect(output.status == 0)
    #expect(output.stdout == "Hallo!\n")
    #expect(output.stderr.contains("language.json:1:1: warning: invalid setting"))
    #expect(try String(contentsOf: runner.preferenceFile, encoding: .utf8) == "not json")
  }

  @Test(arguments: [
    (["string", "greeting", "--language", "../x"], "invalid language tag '../x'"),
    (["string", "greeting", "--bogus"], "unknown option '--bogus'"),
    (["string"], "missing KEY"),
    (["frobnicate"], "unknown subcommand 'frobnicate'"),
    (["set-language", "de_DE/.."], "invalid language tag"),
    (["negotiate", "--requested", "de"], "missing --available"),
    (["string", "greeting", "--count", "many"], "--count expects an integer, got 'many'"),
    (["string", "greeting", "--language"], "option '--language' needs a value"),
  ])
  func badUsageExitsTwoWithTheUsageLine(_ arguments: [String], _ message: String) throws {
    let output = try runner.run(arguments)
    #expect(output.status == 2)
    #expect(output.stdout == "")
    #expect(output.stderr.contains(message))
    #expect(output.stderr.contains("usage: parlance"))
  }

  @Test func missingResourcesFolderExitsOneNamingIt() throws {
    let output = try runner.run(["string", "greeting", "--resources", "/nonexistent/res"])
    #expect(output.status == 1)
    #expect(output.stderr.contains("'/nonexistent/res'"))
  }

  @Test func unavailableLanguageCannotBeSet() throws {
    let output = try runner.run(["set-language", "ko"])
    #expect(output.status == 1)
    #expect(output.stderr.contains("no translations for 'ko'"))
    #expect(!FileManager.default.fileExists(atPath: runner.preferenceFile.path))
  }

  @Test func overviewShowsEveryLanguage() throws {
    let output = try runner.run([])
    #expect(output.status == 0)
    for greeting in ["Hello!", "Hallo!", "こんにちは！", "你好！", "Witaj!"] {
      #expect(output.stdout.contains(greeting))
    }
  }
}

@Suite struct LintCommandTests {
  let runner: CommandRunner

  init() throws {
    runner = try CommandRunner()
  }

  var fixture: String {
    CommandRunner.packageRoot.appendingPathComponent("Tests/ParlanceTests/Fixtures/lint/resources")
      .path
  }

  @Test func errorsExitOneInEditorFormat() throws {
    let output = try runner.run(["lint", fixture])
    #expect(output.status == 1)
    #expect(
      output.stdout.contains(
        "/de.lproj/Localizable.strings:8:12: error: expected a value after '='"))
    #expect(output.stderr.contains("7 errors, 8 warnings"))
  }

  @Test func jsonForMachines() throws {
    let output = try runner.run(["lint", fixture, "--json"])
    #expect(output.status == 1)
    let list = try #require(
      try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
    #expect(list.count == 15)
    let syntax = try #require(
      list.first { ($0["message"] as? String)?.hasPrefix("expected a value") == true })
    #expect(syntax["line"] as? Int == 8)
    #expect(syntax["column"] as? Int == 12)
    #expect(syntax["severity"] as? String == "error")
  }

  /// Past the cap on diagnostics, errors still count: the summary gives the true totals
  /// and the exit status is 1.
  @Test func errorsBeyondTheCapFailTheLint() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-lint-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Localizable.strings")
    let text =
      (0..<1_100).map { "\"k\($0)\" = \"\\q\";\n" }.joined()
      + "\"bad1\" = ;\n\"good\" = \"v\";\n\"bad2\" = ;\n"
    try Data(text.utf8).write(to: file)

    let output = try runner.run(["lint", file.path])
    #expect(output.status == 1)
    #expect(output.stderr == "2 errors, 1100 warnings\n")
    let lines = output.stdout.split(separator: "\n")
    #expect(lines.count == 1001)
    #expect(
      lines.filter { $0.contains("too many problems") } == [
        "\(file.path):1101:10: error: too many problems: only the first 1000 are reported; "
          + "not reported: 2 errors, 100 warnings"
      ])
  }

  @Test func cleanTranslationsExitZero() throws {
    let output = try runner.run(["lint"])
    #expect(output.status == 0)
    #expect(output.stderr.contains("0 errors"))
  }

  @Test func interfaceAgainstItsPoFolder() throws {
    let folder = CommandRunner.packageRoot.appendingPathComponent(
      "Tests/ParlanceTests/Fixtures/ui/lint")
    let output = try runner.run([
      "lint", folder.appendingPathComponent("dialog.ui").path,
      folder.appendingPathComponent("po").path,
    ])
    #expect(output.status == 1)
    #expect(
      output.stdout.contains(
        "/po/de.po:9:1: error: the translation of '<b>Network</b> options' breaks its Pango "
          + "markup: <b> is not closed"))
    #expect(
      output.stdout.contains(
        "/dialog.ui:38:13: warning: 'Not translated yet' is not translated into de"))
    #expect(output.stderr.contains("2 errors, 2 warnings"))
  }
}

@Suite struct GettextCommandTests {
  /// A resources folder with a gettext catalog, written for the test.
  func resources() throws -> URL {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-po-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("po"), withIntermediateDirectories: true)
    let po = """
      msgid ""
      msgstr ""
      "Language: ru\\n"
      "Content-Type: text/plain; charset=UTF-8\\n"
      "Plural-Forms: nplurals=3; "
      "plural=(n%10==1 && n%100!=11 ? 0 : "
      "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

      msgctxt "Verb"
      msgid "Open"
      msgstr "Открыть"

      msgctxt "State"
      msgid "Open"
      msgstr "Открыто"

      msgid "#{name} has %d file"
      msgid_plural "#{name} has %d files"
      msgstr[0] "У #{name} %d файл"
      msgstr[1] "У #{name} %d файла"
      msgstr[2] "У #{name} %d файлов"

      """
    try Data(po.utf8).write(to: root.appendingPathComponent("po/ru.po"))
    return root
  }

  @Test func contextAndPluralsThroughTheCommandLine() throws {
    let runner = try CommandRunner()
    defer { runner.remove() }
    let folder = try resources()
    defer { try? FileManager.default.removeItem(at: folder) }
    func string(_ arguments: [String]) throws -> String {
      try runner.run(["string"] + arguments + ["--language", "ru", "--resources", folder.path])
        .stdout
    }
    #expect(try string(["Open", "--context", "Verb"]) == "Открыть\n")
    #expect(try string(["Open", "--context", "State"]) == "Открыто\n")
    for (count, expected) in [(1, "файл"), (3, "файла"), (5, "файлов"), (21, "файл")] {
      #expect(
        try string(["#{name} has %d file", "--count", "\(count)", "--arg", "name=Анна"])
          == "У Анна \(count) \(expected)\n")
    }
  }
}
