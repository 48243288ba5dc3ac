import Foundation
import Parlance
import ParlanceUI

/// The Parlance window, described as a pure tree from the localizer's state and the app's:
/// one client of ParlanceUI's `Renderer`, which knows none of its nodes.
///
/// `tree(in:)` is what a root view controller's `viewDidLoad` would build: called again
/// after every language change, it describes everything anew, so no widget keeps a
/// string of the previous language. What the user types in the notes, where the cursor
/// is and how far they are scrolled, the renderer keeps (`UserState`).
package struct WindowModel: Sendable {
  /// The languages the menu offers.
  package let localizer: Localizer
  /// The instant the date line shows (fixed in screenshots).
  package var now: Date
  /// A catalog problem to show in the info bar, if any.
  package var problem: LocalizedText?
  /// The lines under the problem (`file:line:column: error: …`).
  package var problemDetails: [String] = []
  /// Translator mode: tooltips say where each string comes from, fallbacks are marked.
  package var translatorMode = false
  /// Keys instead of texts, to find which string is which.
  package var showsKeys = false
  /// The number the plural line counts.
  package var fileCount = 5
  /// Whether the window offers "Open Interface…" (the app can preview `.ui` files).
  package var opensInterfaces = false
  /// The interfaces previewed lately, newest first (buttons that open them again).
  package var recentInterfaces: [URL] = []
  /// Whether the window has the Programs view (the app can reach running programs).
  package var listsPrograms = false
  /// The programs running with Parlance's GTK module, each with a language combo box.
  package var programs: [RunningProgram] = []

  /// The window over `localizer`'s languages, its date line showing `now`.
  package init(localizer: Localizer, now: Date = Date()) {
    self.localizer = localizer
    self.now = now
  }

  /// The menu id of the choice `snapshot` was made for: `system` or a language tag.
  package func selectedChoice(in snapshot: LocalizationSnapshot) -> String {
    switch snapshot.preference {
    case .followSystem: ViewNode.ChoiceItem.systemLanguageID
    case .pinned(let tag): tag.identifier
    }
  }

  /// The languages of the menu, each in its own language, then "System language" first.
  package var languageChoices: [ViewNode.ChoiceItem] {
    ViewNode.ChoiceItem.languageMenu(localizer.availableLanguages)
  }

  /// The whole window, with the language choice of `snapshot` (the snapshot the renderer
  /// resolves the tree's texts in).
  package func tree(in snapshot: LocalizationSnapshot) -> ViewNode {
    ViewNode(
      "window", .column(spacing: 12),
      children: [
        ViewNode(
          "problem",
          .infoBar(
            message: problem, details: problemDetails,
            closeName: .key("accessible.problem.close")),
          accessibleName: .key("accessible.problem")),
        ViewNode(
          "language.row", .row(spacing: 12),
          children: [
            ViewNode("language.caption", .caption(.key("label.language"), for: "language")),
            ViewNode(
              "language", .choice(items: languageChoices, selected: selectedChoice(in: snapshot)),
              tooltip: .key("tooltip.language"), accessibleName: .key("accessible.language")),
            ViewNode(
              "translator", .toggle(.key("translator.mode"), isOn: translatorMode),
              tooltip: .key("tooltip.translator")),
            ViewNode("keys", .toggle(.key("translator.keys"), isOn: showsKeys)),
          ]),
      ] + interfaceRows + programRows + [
        ViewNode("greeting", .heading(.key("greeting"))),
        ViewNode("welcome", .label(.key("welcome.text"), wraps: true)),
        ViewNode("banner", .image(resource: "banner"), accessibleName: .key("label.banner")),
        ViewNode(
          "signed-in", .label(.key("user.name.format", ["name": "Anna Kowalska"]), wraps: false)),
        ViewNode(
          "arrival",
          .label(
            .key(
              "message.arrival",
              ["name": "Anna", "city": "Kraków"],
              localized: ["day": .date(now, style: .dayAndMonth)]),
            wraps: true)),
        ViewNode(
          "files.row", .row(spacing: 12),
          children: [
            ViewNode("files.caption", .caption(.key("label.files"), for: "files")),
            ViewNode(
              "files", .numberField(value: fileCount, range: 0...1000),
              tooltip: .key("tooltip.files"), accessibleName: .key("accessible.files")),
            ViewNode(
              "files.count", .label(.plural("files.count", count: fileCount), wraps: false)),
          ]),
        ViewNode(
          "number.row", .row(spacing: 12),
          children: [
            ViewNode("number.caption", .caption(.key("label.number"), for: "number")),
            ViewNode("number", .label(.number(1_234_567.891), wraps: false)),
            ViewNode("date.caption", .caption(.key("label.date"), for: "date")),
            ViewNode("date", .label(.date(now), wraps: false)),
          ]),
        ViewNode("notes.caption", .caption(.key("label.notes"), for: "notes")),
        ViewNode(
          "notes", .textArea(minimumHeight: 140), tooltip: .key("tooltip.notes"),
          accessibleName: .key("accessible.notes")),
      ])
  }

  /// "Open Interface…" and the recent interfaces, when the app can preview them.
  private var interfaceRows: [ViewNode] {
    guard opensInterfaces else { return [] }
    var children = [
      ViewNode(
        "interface.open", .button(.key("interface.open")),
        tooltip: .key("tooltip.interface.open"))
    ]
    if !recentInterfaces.isEmpty {
      children.append(ViewNode("recent.caption", .caption(.key("label.recent"))))
      children += recentInterfaces.enumerated().map { index, file in
        ViewNode(
          "recent:\(index)", .button(.verbatim(file.lastPathComponent)),
          tooltip: .verbatim(file.path))
      }
    }
    return [ViewNode("interfaces.row", .row(spacing: 6), children: children)]
  }

  /// The Programs view, when the app can reach running programs: an expander with a
  /// language combo box per program ("System language" first, then the program's
  /// languages by their own names) and a button that lists them again.
  private var programRows: [ViewNode] {
    guard listsPrograms else { return [] }
    var rows =
      programs.isEmpty
      ? [ViewNode("programs.none", .label(.key("programs.none"), wraps: true))]
      : programs.map(programRow)
    rows.append(
      ViewNode(
        "programs.actions", .row(spacing: 6),
        children: [
          ViewNode(
            "programs.refresh", .button(.key("programs.refresh")),
            tooltip: .key("tooltip.programs.refresh"))
        ]))
    return [
      ViewNode(
        "programs", .expander(.key("label.programs")),
        children: [ViewNode("programs.list", .column(spacing: 6), children: rows)])
    ]
  }

  /// The id of the combo box of the program with `id`.
  package static func programChoiceNode(_ id: String) -> String { programChoicePrefix + id }

  /// The program whose combo box is `node`, nil for any other node.
  static func program(ofChoiceNode node: String) -> String? {
    node.hasPrefix(programChoicePrefix) ? String(node.dropFirst(programChoicePrefix.count)) : nil
  }

  private static let programChoicePrefix = "program:"

  private func programRow(_ program: RunningProgram) -> ViewNode {
    let node = Self.programChoiceNode(program.id)
    let name: [String: MessageArgument] = [
      "name": .string(program.name), "pid": .string(String(program.pid)),
    ]
    let items = ViewNode.ChoiceItem.languageMenu(
      program.languages.sorted {
        $0.nativeName.compare($1.nativeName, options: [.caseInsensitive, .diacriticInsensitive])
          == .orderedAscending
      })
    return ViewNode(
      "program.row:" + program.id, .row(spacing: 12),
      children: [
        ViewNode("program.caption:" + program.id, .caption(.key("program.name", name), for: node)),
        ViewNode(
          node, .choice(items: items, selected: program.choice),
          accessibleName: .key("accessible.program", name)),
      ])
  }

  /// The window title.
  package var title: LocalizedText { .key("window.title") }
}
