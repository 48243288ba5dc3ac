import Foundation
import Testing

@testable import Parlance

/// Desktop entry files read as GLib's GKeyFile reads them: what it takes, and what makes
/// it refuse a file or a value.
struct DesktopEntryFileTests {
  static func read(_ text: String) -> DesktopEntryFile {
    DesktopEntryFile(bytes: Array(text.utf8), file: "app.desktop")
  }

  @Test func keysAreReadWithTheirLocalesAndEscapes() throws {
    let file = Self.read(
      """
      # A comment, then a blank line

      [Desktop Entry]\r
      Type=Application
        Name = Text Editor\r
      Name[de]=Texteditor
      Name[pt_BR]=Editor\\sde texto
      Name[sr@latin]=Uređivač
      Comment=Edit\\ttext\\nfiles \\\\ more
      GenericName[de]=  Editor
      Name[de]=Textbearbeitung

      [Desktop Action new-window]
      Name=New Window
      [Desktop Entry]
      Comment[de]=Texte bearbeiten
      """)
    #expect(file.diagnostics.isEmpty)
    #expect(!file.isRefused)
    let entry = try #require(file.groups["Desktop Entry"])
    // Spaces around `=` and at the start of a line are no part of key or value; a key
    // written twice keeps its last value; `\r` before a line's end is left out.
    #expect(entry["Name"]?.untranslated == "Text Editor")
    #expect(
      entry["Name"]?.localized == [
        "de": "Textbearbeitung", "pt_BR": "Editor de texto", "sr@latin": "Uređivač",
      ])
    #expect(entry["Comment"]?.untranslated == "Edit\ttext\nfiles \\ more")
    #expect(entry["GenericName"]?.localized["de"] == "Editor")
    // A group written twice is one.
    #expect(entry["Comment"]?.localized["de"] == "Texte bearbeiten")
    #expect(file.groups["Desktop Action new-window"]?["Name"]?.untranslated == "New Window")
  }

  /// Only the keys asked for are kept; the others are still checked, and a broken one
  /// refuses the file.
  @Test func onlyTheKeysAskedForAreKept() {
    let text = "[Desktop Entry]\nName=A\nName[de]=B\nComment=C\nKeywords[de]=x;y;\n"
    let file = DesktopEntryFile(bytes: Array(text.utf8), file: "a.desktop", keys: ["Name"])
    #expect(file.groups["Desktop Entry"]?.keys.sorted() == ["Name"])
    #expect(file.groups["Desktop Entry"]?["Name"]?.localized == ["de": "B"])
    let broken = DesktopEntryFile(
      bytes: Array((text + "Keywords[de=z\n").utf8), file: "a.desktop", keys: ["Name"])
    #expect(broken.isRefused)
  }

  @Test func aValueIsTheFirstOfTheLanguagesItHasElseTheUntranslatedOne() {
    let value = DesktopEntryFile.Value(
      untranslated: "Editor", localized: ["pt": "Editor de texto", "de": "Texteditor"])
    #expect(value.text(for: ["pt_BR", "pt"]) == "Editor de texto")
    #expect(value.text(for: ["de"]) == "Texteditor")
    #expect(value.text(for: ["fr"]) == "Editor")
    #expect(DesktopEntryFile.Value(untranslated: nil, localized: [:]).text(for: ["fr"]) == nil)
  }

  /// A line GLib takes for nothing makes it refuse the whole file: the program shows
  /// nothing of it, and the error says where.
  @Test(arguments: [
    ("[Desktop Entry]\nName=A\nnot a key\n", 3, 1, "line 'not a key' is no group, key or comment"),
    ("Name=A\n[Desktop Entry]\n", 1, 1, "key 'Name' comes before any group"),
    ("[Desktop Entry]\n  Name[de=A\n", 2, 3, "invalid key name 'Name[de'"),
    ("[Desktop Entry]\nName[de]x=A\n", 2, 1, "invalid key name 'Name[de]x'"),
    ("[Desktop Entry]\n =A\n", 2, 2, "invalid key name ''"),
    ("[Desktop Entry]\nName[d e]=A\n", 2, 1, "invalid key name 'Name[d e]'"),
    ("[Desktop Entry] x\nName=A\n", 1, 1, "line '[Desktop Entry] x' is no group, key or comment"),
    ("[Desktop [Entry]\nName=A\n", 1, 1, "line '[Desktop [Entry]' is no group, key or comment"),
  ])
  func aLineGLibRefusesRefusesTheFile(text: String, line: Int, column: Int, reason: String) throws {
    let file = Self.read(text)
    #expect(file.isRefused)
    let problem = try #require(file.diagnostics.first)
    #expect(problem.location == SourceLocation(line: line, column: column))
    #expect(problem.severity == .error)
    #expect(
      problem.description.contains("malformed desktop entry: \(reason); GLib refuses the file"))
    #expect(problem.description.hasPrefix("app.desktop:\(line):\(column): error:"))
  }

  /// An escape GLib does not know, or bytes that are not UTF-8, make that value alone
  /// unreadable, as `g_key_file_get_string` says; the file is read.
  @Test func aValueGLibCannotReadIsLeftOutAndTheRestRead() throws {
    var bytes = Array("[Desktop Entry]\nName[de]=A\\qB\nName[fr]=Fin\\\nName[it]=".utf8)
    bytes += [0xC3, 0x28]
    bytes += Array("\nName=Editor\n  Comment=\\sPadded\n".utf8)
    let file = DesktopEntryFile(bytes: bytes, file: "app.desktop")
    #expect(!file.isRefused)
    let entry = try #require(file.groups["Desktop Entry"])
    #expect(entry["Name"]?.untranslated == "Editor")
    #expect(entry["Name"]?.localized == [:])
    #expect(entry["Comment"]?.untranslated == " Padded")
    #expect(
      file.diagnostics.map(\.location) == [
        SourceLocation(line: 2, column: 10), SourceLocation(line: 3, column: 10),
        SourceLocation(line: 4, column: 1),
      ])
    #expect(file.diagnostics.allSatisfy { $0.severity == .warning })
    #expect(file.diagnostics[0].description.contains("value of 'Name[de]' has an invalid escape"))
    #expect(file.diagnostics[2].description.contains("line is not UTF-8"))
  }
}
