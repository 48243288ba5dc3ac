import Foundation
import Testing

@testable import Parlance

/// A language's tables as the loader merges its files: later ones win, each entry keeps
/// where it was written, a key two formats of one folder define is reported.
@Suite("CatalogLoader")
struct CatalogLoaderTests {
  static func plist(_ body: String) -> String {
    #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
      + #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "#
      + #""http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#
      + "\n<plist version=\"1.0\">\n<dict>\n\(body)\n</dict>\n</plist>\n"
  }

  static let plural =
    "<dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>"
    + "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
    + "<key>NSStringFormatValueTypeKey</key><string>d</string>"
    + "<key>one</key><string>%d file</string><key>other</key><string>%d files</string>"
    + "</dict></dict>"

  @Test func aKeyInTwoFormatsIsReportedWhereTheLaterFileHasIt() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write(
      "\"title\" = \"Titel\";\n\"files\" = \"Dateien\";\n\"files\" = \"Dateien!\";\n",
      to: "de.lproj/Localizable.strings")
    let stringsdict = try folder.write(
      Self.plist(
        "<key>other</key><string>x</string>\n" + "<key>files</key>"
          + Self.plural), to: "de.lproj/Localizable.stringsdict")
    let loader = CatalogLoader(
      folders: [try ResourceFolder(url: folder.url)], developmentLanguage: .test("en"))

    let catalog = loader.load(.test("de"))

    let strings = folder.url.appendingPathComponent("de.lproj/Localizable.strings").path
    #expect(
      renderedDiagnostics(catalog.diagnostics) == [
        "3:1: warning: duplicate key 'files' (first defined at 2:1); the last value wins",
        "6:1: warning: key 'files' is also defined in '\(strings)' for this language; this "
          + "file's value wins",
      ])
    #expect(catalog.diagnostics.map(\.file) == [strings, stringsdict.path])
    let files = try #require(catalog.tables["Localizable"]?["files"])
    #expect(
      files.origin == EntryOrigin(file: stringsdict.path, location: .init(line: 6, column: 1)))
    #expect(files.value == "%d files")
    let title = try #require(catalog.tables["Localizable"]?["title"])
    #expect(title.origin.location == SourceLocation(line: 1, column: 1))
    #expect(title.message == .text(MessageTemplate("Titel")))
  }

  @Test func entriesKeepTheirMessagesAndOrigins() {
    var table = CatalogTable()
    let plural = Message.plural(
      PluralMessage(
        format: "%#@n@",
        variables: [(name: "n", valueType: "d", argument: nil, forms: [.other: "%d"])]))
    let messages: [(String, Message)] = [
      ("plain", .text(MessageTemplate("Hello"))),
      ("placeholder", .text(MessageTemplate("Hello #{name}"))),
      ("percent", .text(MessageTemplate("100%% sure"))),
      ("plural", plural),
    ]
    for (index, (key, message)) in messages.enumerated() {
      table[key] = CatalogEntry(
        message: message,
        origin: EntryOrigin(
          file: "f\(index % 2).strings", location: .init(line: index + 1, column: 3)))
    }
    for (index, (key, message)) in messages.enumerated() {
      #expect(table[key]?.message == message)
      #expect(table[key]?.value == message.displayValue)
      #expect(table.value(key) == message.displayValue)
      #expect(
        table[key]?.origin
          == EntryOrigin(file: "f\(index % 2).strings", location: .init(line: index + 1, column: 3))
      )
    }
  }
}
