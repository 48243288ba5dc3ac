import Foundation
import Parlance
import ParlanceGtk

/// Translator mode on a previewed interface: each widget's tooltip says where its texts
/// come from, and untranslated texts are marked.
///
/// The tooltip lists, for every text of the widget (its label, tooltip, placeholder,
/// accessible name, combo items): the text as shown, the msgid, the msgctxt, the `.ui`
/// file's comment for translators, the `.ui` file and line, the `.po` file and line, and
/// the language that supplied it. Windows get no such tooltip (GTK would show it over
/// every child without one of its own).
///
/// Marks, on labels and buttons (the widgets whose text is what the user reads): the CSS
/// class `parlance-untranslated` (a pink background, a red underline) when a visible text
/// has no translation in the chosen language, `parlance-fallback` (yellow) when it comes
/// from another language of the chain. Tooltip and accessible texts are not marked (they
/// are not visible); their tooltip line says so.
@MainActor
final class TranslatorAnnotations {
  /// Tooltips as they were before translator mode replaced them, by object id, for the
  /// widgets whose tooltip is not one of the file's translatable texts.
  private var savedTooltips: [String: String?] = [:]

  static let untranslatedClass = "parlance-untranslated"
  static let fallbackClass = "parlance-fallback"

  /// The marks' style, added once for the screen.
  static func installStyle() {
    guard !styleInstalled else { return }
    styleInstalled = true
    try? StyleSheet.add(
      """
      .parlance-untranslated { background-image: none; background-color: #ffd7d7;
        color: #5f0000; box-shadow: inset 0 -2px #c01c28; }
      .parlance-fallback { background-image: none; background-color: #fce8a6; color: #5c4400; }
      """)
  }
  private static var styleInstalled = false

  /// Annotates (or, with `isOn` false, clears the annotations of) every widget of
  /// `interface` with the texts of `snapshot`. Call after the texts were applied.
  func update(_ interface: LocalizedInterface, snapshot: LocalizationSnapshot, isOn: Bool) {
    var byObject: [String: [InterfaceText]] = [:]
    var order: [String] = []
    for text in interface.texts where interface.isApplied(text) {
      if byObject[text.objectID] == nil { order.append(text.objectID) }
      byObject[text.objectID, default: []].append(text)
    }
    for id in order {
      guard let texts = byObject[id], let object = try? interface.object(id),
        let widget = object.widget, !object.isA("GtkWindow")
      else { continue }
      let translatableTooltip = texts.contains {
        $0.target == .property("tooltip-text") || $0.target == .property("tooltip-markup")
      }
      if isOn {
        if !translatableTooltip, savedTooltips[id] == nil {
          savedTooltips[id] = .some(object.string(forProperty: "tooltip-markup"))
        }
        let resolved = texts.map { ($0, interface.resolve($0, in: snapshot)) }
        widget.tooltipText = resolved.map { text, resolution in
          describe(text, resolution, in: interface)
        }.joined(separator: "\n\n")
        mark(
          widget, object, resolved.filter { Self.isVisible($0.0) },
          development: interface.localizer.developmentLanguage)
      } else {
        if let saved = savedTooltips.removeValue(forKey: id) {
          widget.tooltipText = nil
          if let saved { object.setString(saved, forProperty: "tooltip-markup") }
        }
        widget.removeStyleClass(Self.untranslatedClass)
        widget.removeStyleClass(Self.fallbackClass)
      }
    }
  }

  private func mark(
    _ widget: Widget, _ object: BuiltObject, _ texts: [(InterfaceText, Resolution)],
    development: LanguageTag
  ) {
    let statuses = texts.map { TextStatus($0.1, development: development) }
    let markable = object.isA("GtkLabel") || object.isA("GtkButton")
    let untranslated = markable && statuses.contains(.untranslated)
    let fallback = markable && !untranslated && statuses.contains(.fallback)
    set(Self.untranslatedClass, on: widget, untranslated)
    set(Self.fallbackClass, on: widget, fallback)
  }

  private func set(_ styleClass: String, on widget: Widget, _ isOn: Bool) {
    guard widget.hasStyleClass(styleClass) != isOn else { return }
    if isOn { widget.addStyleClass(styleClass) } else { widget.removeStyleClass(styleClass) }
  }

  /// Texts the user reads on the widget itself.
  static func isVisible(_ text: InterfaceText) -> Bool {
    switch text.target {
    case .accessible: false
    case .property(let name): !name.hasPrefix("tooltip")
    default: true
    }
  }

  /// One text's block of the tooltip.
  func describe(
    _ text: InterfaceText, _ resolution: Resolution, in interface: LocalizedInterface
  ) -> String {
    var lines = ["\(text.property): \(resolution.value)", "msgid: \(text.msgid)"]
    if let context = text.context { lines.append("msgctxt: \(context)") }
    if let comments = text.comments { lines.append("comment: \(comments)") }
    lines.append("ui: \(Self.display(interface.document.file)):\(text.location.line)")
    if let origin = resolution.origin {
      // A compiled catalog (`.mo`) has entries, not lines.
      let file = Self.display(origin.file)
      lines.append(
        origin.location.isTextPosition
          ? "po: \(file):\(origin.location.line)" : "mo: \(file), \(origin.location)")
    }
    let status = TextStatus(resolution, development: interface.localizer.developmentLanguage)
    lines.append("language: " + status.describe(resolution))
    return lines.joined(separator: "\n")
  }

  /// A path relative to the working folder when it lies inside it.
  static func display(_ path: String) -> String {
    let folder = FileManager.default.currentDirectoryPath
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}

/// Whether a text is translated in the chosen language.
enum TextStatus: Hashable {
  /// From the chosen language's catalog.
  case translated
  /// The file's own text, shown in its own (the development) language.
  case source
  /// From another language of the chain (`de` for `de-AT`).
  case fallback
  /// No translation in the chosen language: the msgid (or the development language's
  /// text) is shown.
  case untranslated

  init(_ resolution: Resolution, development: LanguageTag) {
    let requested = resolution.requested ?? development
    if requested == development || requested.isPseudoLocale {
      self = resolution.isMissing || resolution.language == development ? .source : .translated
    } else if resolution.isMissing || resolution.language == development {
      self = .untranslated
    } else if resolution.language != requested {
      self = .fallback
    } else {
      self = .translated
    }
  }

  /// "de", "de (fallback for de-AT)", "none: untranslated in ja, the msgid is shown".
  func describe(_ resolution: Resolution) -> String {
    let language = resolution.language?.identifier
    let requested = resolution.requested?.identifier ?? "?"
    switch self {
    case .translated: return language ?? requested
    case .source: return (language ?? requested) + " (the file's own text)"
    case .fallback: return (language ?? "?") + " (fallback for \(requested))"
    case .untranslated:
      if let language { return language + " (untranslated in \(requested))" }
      return "none: untranslated in \(requested), the msgid is shown"
    }
  }
}
