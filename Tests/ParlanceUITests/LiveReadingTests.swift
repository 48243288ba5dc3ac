import Foundation
import Parlance
import Testing

@testable import ParlanceGtk
@testable import ParlanceLive

/// What a reading of a running program (`parlance ui-strings --run`, a screenshot's
/// report) says of each text: its message and where the language shown supplies it.
struct LiveReadingTests {
  /// A menu category's name a switch set from a desktop entry is read as no catalog's
  /// text, as a fresh start's reading says; a catalog's message a switch set is read as
  /// that message.
  @Test func aDesktopEntrysNameIsNoCatalogsMessage() throws {
    let french = "/usr/share/locale/fr/LC_MESSAGES/gtk30.mo"
    // GTK's own French catalog, which `scripts/install-deps` installs with GTK.
    try #require(FileManager.default.fileExists(atPath: french))
    let catalogs = try ProgramCatalogs(
      catalogPaths: [french], textDomain: "", textDomainDirectory: "",
      desktopEntries: DesktopEntryNames(folders: []))
    let program = LiveBus.Program(
      busName: "io.github.parlance.Live.p1", pid: 1, name: "editor", languages: ["fr"],
      catalogs: [french], textDomain: "", textDomainDirectory: "", history: [["fr"]])
    let desktop = Retranslator.ShownMessage(
      table: DesktopEntryNames.table,
      match: TranslationIndex.Match(
        key: "/usr/share/desktop-directories/Utility.directory\u{4}Desktop Entry\u{4}Name",
        form: nil, arguments: [], values: [], count: nil, isExact: true))
    let cancel = Retranslator.ShownMessage(
      table: "gtk30",
      match: TranslationIndex.Match(
        key: "_Cancel", form: nil, arguments: [], values: [], count: nil, isExact: true))
    let texts = [
      LiveBus.Text(
        id: 1, className: "GtkTreeStore", property: "markup", text: "Accessoires",
        message: desktop.encoded, replacedMessage: "", group: 1),
      LiveBus.Text(
        id: 2, className: "GtkButton", property: "label", text: "_Annuler",
        message: cancel.encoded, replacedMessage: "", group: 0),
    ]
    let reading = LiveReading(
      LiveBus.Reading(
        texts: texts, photograph: LiveBus.Photograph(windows: [], names: [], places: [])),
      of: program, catalogs: catalogs, language: nil, drawnOnly: false)
    #expect(reading.texts.map(\.message?.table) == [nil, "gtk30"])
    #expect(reading.texts.map(\.status) == [.none, .translated])
  }
}
