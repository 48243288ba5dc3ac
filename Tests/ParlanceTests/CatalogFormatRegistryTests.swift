import Foundation
import Testing

@testable import Parlance

/// The registry is the one place that knows the formats: a `.plist` catalog, added
/// through it alone, is seen by language discovery, the loader, the linter and the
/// watcher's filter. `Fixtures/plist/resources` holds both namings:
///
/// ```
/// en.lproj/Localizable.strings, en.lproj/Main_Menu.strings
/// ru_Localizable.plist (XML) and ru.lproj/Localizable.plist (XML, one key)
/// pt_BR_Localizable.plist (binary), zh-Hans_Main_Menu.plist, de.lproj/Localizable.plist
/// Info.plist (not a catalog: an integer value)
/// ```
@Suite("CatalogFormatRegistry")
struct CatalogFormatRegistryTests {
  private static func resources() throws -> URL {
    try fixtureURL("plist/resources")
  }

  @Test(arguments: [
    ("ru_Localizable.plist", "ru", "Localizable"),
    ("pt_BR_Localizable.plist", "pt-BR", "Localizable"),
    ("zh-Hans_Localizable.plist", "zh-Hans", "Localizable"),
    ("zh_Hans_Localizable.plist", "zh-Hans", "Localizable"),
    ("zh_Hant_TW_Errors.plist", "zh-Hant-TW", "Errors"),
    ("sr_Latn_Localizable.plist", "sr-Latn", "Localizable"),
    ("de_Main_Menu.plist", "de", "Main_Menu"),
    ("de_AT_Menu.plist", "de-AT", "Menu"),
    ("en_my_table.plist", "en", "my_table"),
    ("en_Text_Menu.plist", "en", "Text_Menu"),
    ("de_AA_Menu.plist", "de", "AA_Menu"),
  ])
  func aPrefixedNameGivesLanguageAndTable(_ name: String, _ tag: String, _ table: String) throws {
    let found = try #require(CatalogFormatRegistry.languageAndTable(inFileName: name))
    #expect(found.language.identifier == tag)
    #expect(found.table == table)
  }

  @Test(arguments: [
    "Info.plist", "Localizable.plist", "English_Menu.plist", "ru_.plist", "_Localizable.plist",
    "Base_Localizable.plist",
  ])
  func otherNamesSayNoLanguage(_ name: String) {
    #expect(CatalogFormatRegistry.languageAndTable(inFileName: name) == nil)
  }

  @Test func everyFormatClaimsItsOwnExtensions() {
    let names = CatalogFormatRegistry.all.map(\.name)
    #expect(names == ["strings", "stringsdict", "plist", "xcstrings", "po", "mo"])
    for format in CatalogFormatRegistry.all {
      for fileExtension in format.fileExtensions {
        #expect(CatalogFormatRegistry.format(forExtension: fileExtension)?.name == format.name)
      }
    }
  }

  @Test func aPlistIsACatalogOnlyInALanguageFolderOrWithALanguagePrefix() throws {
    let root = try Self.resources()
    func name(_ path: String) -> String? {
      CatalogFormatRegistry.format(of: root.appendingPathComponent(path))?.name
    }
    #expect(name("ru_Localizable.plist") == "plist")
    #expect(name("de.lproj/Localizable.plist") == "plist")
    #expect(name("Base.lproj/Localizable.plist") == "plist")
    #expect(name("Info.plist") == nil)
    #expect(name("Localizable.plist") == nil)
    #expect(name("anywhere/Localizable.strings") == "strings")
  }

  @Test func languageDiscoveryListsBothNamings() throws {
    let folder = try ResourceFolder(url: try Self.resources())
    #expect(folder.languages.map(\.identifier) == ["de", "en", "pt-BR", "ru", "zh-Hans"])
    #expect(
      folder.prefixedFiles.mapValues { $0.map(\.table) }
        == [
          .test("ru"): ["Localizable"], .test("pt-BR"): ["Localizable"],
          .test("zh-Hans"): ["Main_Menu"],
        ])
    #expect(folder.diagnostics.isEmpty)
  }

  @Test func theLoaderReadsXMLAndBinaryPlistsOfBothNamings() throws {
    let root = try Self.resources()
    let loader = CatalogLoader(
      folders: [try ResourceFolder(url: root)], developmentLanguage: .test("en"))

    let brazilian = loader.load(.test("pt-BR"))
    #expect(brazilian.diagnostics.isEmpty)
    #expect(brazilian.tables["Localizable"]?["greeting"]?.value == "Olá")

    let chinese = loader.load(.test("zh-Hans"))
    #expect(chinese.tables["Main_Menu"]?["open"]?.value == "打开")
    let german = loader.load(.test("de"))
    #expect(german.tables["Localizable"]?["farewell"]?.value == "Tschüss")
  }

  /// `ru.lproj/Localizable.plist` and `ru_Localizable.plist` are one language and table:
  /// both are read, the `.lproj` file wins key by key, and each key both define is a
  /// warning at the `.lproj` file.
  @Test func theLanguageFolderWinsOverThePrefixedName() throws {
    let root = try Self.resources()
    let loader = CatalogLoader(
      folders: [try ResourceFolder(url: root)], developmentLanguage: .test("en"))

    let russian = loader.load(.test("ru"))

    let prefixed = root.appendingPathComponent("ru_Localizable.plist").path
    let lproj = root.appendingPathComponent("ru.lproj/Localizable.plist").path
    let table = try #require(russian.tables["Localizable"])
    #expect(table["greeting"]?.value == "Здравствуйте")
    #expect(
      table["greeting"]?.origin == EntryOrigin(file: lproj, location: .init(line: 5, column: 2)))
    #expect(table["farewell"]?.value == "Пока")
    #expect(
      table["farewell"]?.origin == EntryOrigin(file: prefixed, location: .init(line: 7, column: 2)))
    #expect(
      russian.diagnostics.map(\.description) == [
        "\(lproj):5:2: warning: key 'greeting' is also defined in '\(prefixed)' for this "
          + "language; this file's value wins"
      ])
  }

  @Test func lintChecksPlistCatalogsAndLeavesOtherPlistsAlone() throws {
    let root = try Self.resources()
    let findings = Linter().lint([root])
    #expect(findings.filter { $0.severity == .error }.map(\.description) == [])
    #expect(!findings.contains { $0.file.hasSuffix("Info.plist") })
    let chineseFile = root.appendingPathComponent("zh-Hans_Main_Menu.plist").path
    #expect(
      findings.contains {
        if case .missingKeys(let language, let table, _, _) = $0.kind {
          language == "zh-Hans" && table == "Localizable" && $0.file == chineseFile
        } else {
          false
        }
      })
    #expect(findings.contains { if case .keyInSeveralFormats = $0.kind { true } else { false } })
  }

  @Test func lintOfOnePlistFileReportsWhereItsValuesAreWrong() throws {
    let file = try fixtureURL("plist/files/non-string.plist")
    let findings = Linter().lint([file])
    #expect(
      findings.map { "\($0.location): \($0.severity.rawValue)" } == [
        "7:2: error", "9:2: error", "11:2: error", "15:2: error",
      ])
  }

  /// As in `.strings` files: a key written twice is an error for lint when its values
  /// differ, the parser's warning when they are the same.
  @Test func lintMakesADuplicateWithTwoValuesAnError() throws {
    let different = Linter().lint([try fixtureURL("plist/files/duplicates.plist")])
    #expect(
      renderedDiagnostics(different) == [
        "9:2: error: duplicate key 'greeting' with a different value (first defined at 5:2)"
      ])
    let same = Linter().lint([try fixtureURL("plist/files/duplicates-same.plist")])
    #expect(
      renderedDiagnostics(same) == [
        "6:2: warning: duplicate key 'greeting' (first defined at 4:2); the last value wins"
      ])
  }

  @Test func theWatcherSeesPlistCatalogsAndTheirFolders() throws {
    let root = try Self.resources()
    #expect(
      CatalogFormatRegistry.isWatched(root.appendingPathComponent("ru_Localizable.plist").path))
    #expect(
      CatalogFormatRegistry.isWatched(
        root.appendingPathComponent("de.lproj/Localizable.plist").path))
    #expect(!CatalogFormatRegistry.isWatched(root.appendingPathComponent("Info.plist").path))
    #expect(!CatalogFormatRegistry.isWatched(root.appendingPathComponent("po/messages.pot").path))
    #expect(CatalogFormatRegistry.isWatched(root.appendingPathComponent("po/de.po").path))
    #expect(
      CatalogFormatRegistry.watchedFolders(in: root).map(\.lastPathComponent) == [
        "resources", "de.lproj", "en.lproj", "ru.lproj",
      ])
  }

  @Test func aSavedPlistIsReadAgainOnReload() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write(#""greeting" = "Hello";"#, to: "en.lproj/Localizable.strings")
    let file = try folder.write(
      CatalogLoaderTests.plist("<key>greeting</key><string>Привет</string>"),
      to: "ru_Localizable.plist")
    let localizer = try Localizer(resources: [folder.url], language: .test("ru"))
    #expect(localizer.string("greeting") == "Привет")

    try Data(
      CatalogLoaderTests.plist("<key>greeting</key><string>Здравствуйте</string>").utf8
    ).write(to: file)
    let result = localizer.reloadCatalogs()

    #expect(result.failures.isEmpty)
    #expect(localizer.string("greeting") == "Здравствуйте")
  }
}
