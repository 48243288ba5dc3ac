import Foundation
import Parlance
import ParlanceUI

/// What the preview's control bar shows, as a pure value: the language menu of the
/// interface's translations, the translator's switches, the translations folder in use,
/// one button per previewed window and menu, and a problem when there is one.
///
/// Its texts are Parlance's own (`Resources/`), resolved when the bar is rendered.
public struct ControlBarModel: Sendable {
  /// A window or menu of the previewed files, reachable from a button of the bar.
  public struct Entry: Hashable, Sendable {
    /// The node id of its button: `window:<n>` or `menu:<n>`.
    public let id: String
    /// What the button says (the object's id in the file).
    public let title: String
    /// The file it comes from, for the button's tooltip.
    public let file: String
  }

  /// The languages of the interface's translations (the menu lists them by their own
  /// names, after "System language").
  public var languages: [LanguageTag] = []
  /// `system` or the tag of the chosen language.
  public var selected = ViewNode.ChoiceItem.systemLanguageID
  /// Whether "Translator mode" is ticked.
  public var translatorMode = false
  /// Whether "Show keys" is ticked.
  public var showsKeys = false
  /// The gettext folder the texts come from, nil when none was found or given.
  public var folder: URL?
  /// The previewed files (for the title).
  public var files: [URL] = []
  /// A button per previewed window.
  public var windows: [Entry] = []
  /// A button per previewed menu.
  public var menus: [Entry] = []
  /// A problem to show in the info bar, and its details (`file:line:column: error: …`).
  public var problem: LocalizedText?
  /// The lines under `problem` (`file:line:column: error: …`).
  public var problemDetails: [String] = []

  /// An empty bar: no languages, files, windows or problem.
  public init() {}

  /// The window title: "Preview of PrefsDialog.ui — Parlance".
  public var title: LocalizedText {
    let names = files.map(\.lastPathComponent).joined(separator: ", ")
    return .key("preview.title", ["file": .string(names)])
  }

  /// The bar as a view tree for `Renderer`.
  public var tree: ViewNode {
    var rows: [ViewNode] = [
      ViewNode(
        "problem",
        .infoBar(
          message: problem, details: problemDetails, closeName: .key("accessible.problem.close")),
        accessibleName: .key("accessible.problem")),
      ViewNode(
        "language.row", .row(spacing: 12),
        children: [
          ViewNode("language.caption", .caption(.key("label.language"), for: "language")),
          ViewNode(
            "language", .choice(items: languageChoices, selected: selected),
            tooltip: .key("tooltip.preview.language"),
            accessibleName: .key("accessible.preview.language")),
          ViewNode(
            "translator", .toggle(.key("translator.mode"), isOn: translatorMode),
            tooltip: .key("tooltip.preview.translator")),
          ViewNode("keys", .toggle(.key("translator.keys"), isOn: showsKeys)),
        ]),
      ViewNode(
        "folder.row", .row(spacing: 12),
        children: [
          ViewNode(
            "folder.caption", .caption(.key("preview.translations"), for: "folder.choose")),
          ViewNode(
            "folder",
            .label(
              folder.map { .verbatim($0.path) } ?? .key("preview.translations.none"),
              wraps: false),
            tooltip: folder.map { .verbatim($0.path) }),
          ViewNode(
            "folder.choose", .button(.key("preview.folder.choose")),
            tooltip: .key("tooltip.preview.folder")),
        ]),
    ]
    let entries = windows + menus
    if !entries.isEmpty {
      rows.append(
        ViewNode(
          "windows.row", .row(spacing: 6),
          children: [ViewNode("windows.caption", .caption(.key("preview.windows")))]
            + entries.map { entry in
              ViewNode(
                entry.id,
                .button(.verbatim(entry.id.hasPrefix("menu:") ? entry.title + " ▾" : entry.title)),
                tooltip: .verbatim(entry.file))
            }))
    }
    return ViewNode("bar", .column(spacing: 10), children: rows)
  }

  /// "System language", then every language by its own name.
  public var languageChoices: [ViewNode.ChoiceItem] {
    ViewNode.ChoiceItem.languageMenu(languages)
  }
}
