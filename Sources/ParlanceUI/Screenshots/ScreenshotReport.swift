import Foundation
import Parlance
import ParlanceGtk

/// What the screenshots found, per language (and per window of a `.ui` file): strings
/// missing or taken from another language, labels whose text does not fit (ellipsized or
/// clipped), and windows the translation pushed larger than the development language's.
public struct ScreenshotReport: Codable, Sendable {
  /// A key shown in another language of the chain than the one photographed.
  public struct Fallback: Codable, Sendable, Hashable {
    /// The key.
    public let key: String
    /// The table it is in.
    public let table: String
    /// The language that supplied the text instead.
    public let suppliedBy: String

    /// A key of `table` supplied by `suppliedBy`.
    /// - Parameters:
    ///   - key: the key.
    ///   - table: the table it is in.
    ///   - suppliedBy: the language that supplied the text instead.
    public init(key: String, table: String, suppliedBy: String) {
      self.key = key
      self.table = table
      self.suppliedBy = suppliedBy
    }
  }

  /// A label whose text does not fit (ellipsized or clipped).
  public struct Truncation: Codable, Sendable, Hashable {
    /// The element of the window (its view node id, or a `.ui` object's id or path).
    public let element: String
    /// The text as shown.
    public let text: String
    /// The width the text needs, in pixels.
    public let neededWidth: Int
    /// The width it got, in pixels.
    public let allocatedWidth: Int

    /// A text of `element` that needs `neededWidth` pixels and got `allocatedWidth`.
    /// - Parameters:
    ///   - element: the element of the window.
    ///   - text: the text as shown.
    ///   - neededWidth: the width it needs, in pixels.
    ///   - allocatedWidth: the width it got, in pixels.
    public init(element: String, text: String, neededWidth: Int, allocatedWidth: Int) {
      self.element = element
      self.text = text
      self.neededWidth = neededWidth
      self.allocatedWidth = allocatedWidth
    }
  }

  /// A window larger in this language than in the development language, in pixels.
  public struct Growth: Codable, Sendable, Hashable {
    /// The window's width in this language.
    public let width: Int
    /// The window's height in this language.
    public let height: Int
    /// Its width in the development language.
    public let developmentWidth: Int
    /// Its height in the development language.
    public let developmentHeight: Int

    /// A window of `width` × `height` that was `developmentWidth` × `developmentHeight`.
    /// - Parameters:
    ///   - width: the width in this language.
    ///   - height: the height in this language.
    ///   - developmentWidth: the width in the development language.
    ///   - developmentHeight: the height in the development language.
    public init(width: Int, height: Int, developmentWidth: Int, developmentHeight: Int) {
      self.width = width
      self.height = height
      self.developmentWidth = developmentWidth
      self.developmentHeight = developmentHeight
    }
  }

  /// A text drawn in a screenshot, with the message it came from and its place there:
  /// what a translation platform needs to attach the picture to the string
  /// (docs/screenshot-report.schema.json).
  public struct PlacedText: Codable, Sendable, Hashable {
    /// The object showing it: its GtkBuilder id, else the nearest ancestor's id and its
    /// class, else its class.
    public let object: String
    /// The object's class.
    public let className: String
    /// The property holding the text (`label`, `title`, `placeholder-text`).
    public let property: String
    /// The message's `msgctxt`; nil for none.
    public let context: String?
    /// The message's `msgid`; nil for a text of no catalog (the user's data, a name).
    public let msgid: String?
    /// The text domain (table) of the message; nil with `msgid`.
    public let domain: String?
    /// The text as shown (markup and mnemonic as the property holds them).
    public let value: String
    /// `translated`, `fallback` (from another language of the chain), `untranslated`
    /// (the msgid is shown) or `none` (no message of the program's catalogs).
    public let status: String
    /// The catalog file and entry that supplied the text; nil when none did.
    public let source: String?
    /// Where it is drawn, in pixels of the screenshot from its top left corner.
    public let rectangle: Rectangle

    /// A text drawn at `rectangle`.
    public init(
      object: String, className: String, property: String, context: String?, msgid: String?,
      domain: String?, value: String, status: String, source: String?, rectangle: Rectangle
    ) {
      self.object = object
      self.className = className
      self.property = property
      self.context = context
      self.msgid = msgid
      self.domain = domain
      self.value = value
      self.status = status
      self.source = source
      self.rectangle = rectangle
    }

    private enum CodingKeys: String, CodingKey {
      case object
      case className = "class"
      case property, context, msgid, domain, value, status, source
      case rectangle = "rect"
    }

    /// Every key written, the absent ones as null: a reader meets one shape.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(object, forKey: .object)
      try container.encode(className, forKey: .className)
      try container.encode(property, forKey: .property)
      try container.encode(context, forKey: .context)
      try container.encode(msgid, forKey: .msgid)
      try container.encode(domain, forKey: .domain)
      try container.encode(value, forKey: .value)
      try container.encode(status, forKey: .status)
      try container.encode(source, forKey: .source)
      try container.encode(rectangle, forKey: .rectangle)
    }
  }

  /// A text drawn that reads as another language than the one photographed: one a
  /// switch could not reach (a running program's text made from parts, kept in its
  /// data, or set again by the program in the language it showed before).
  public struct OtherLanguage: Codable, Sendable, Hashable {
    /// The object showing it, as `PlacedText.object` names it.
    public let element: String
    /// The text as shown.
    public let text: String
    /// The language it reads as.
    public let language: String

    /// `text`, shown by `element`, reads as `language`.
    public init(element: String, text: String, language: String) {
      self.element = element
      self.text = text
      self.language = language
    }
  }

  /// What one language (and window) showed.
  public struct Language: Codable, Sendable {
    /// The language's tag.
    public let tag: String
    /// The language's own name.
    public let name: String
    /// The screenshot's file name.
    public let screenshot: String
    /// Keys (for a `.ui` file: msgids) no catalog has: the key is shown.
    public var missing: [String]
    /// Keys shown in another language of the chain.
    public var fallbacks: [Fallback]
    /// Labels whose text does not fit.
    public var truncated: [Truncation]
    /// The window's `.ui` object (its id or path); nil for the Parlance window.
    public var object: String?
    /// Set when the window is larger than in the development language.
    public var grown: Growth?
    /// The texts drawn in the screenshot, each with its message and rectangle; nil
    /// where they are not known (a `.ui` file's popover, photographed apart from its
    /// window).
    public var texts: [PlacedText]?
    /// The texts drawn that read as another language (a running program's); nil where
    /// this is not looked for (the Parlance window, a `.ui` file: every text is theirs).
    public var otherLanguage: [OtherLanguage]?
    /// The screenshot's width in pixels; nil without `texts`.
    public var width: Int?
    /// The screenshot's height in pixels; nil without `texts`.
    public var height: Int?

    /// The findings for `tag` in `screenshot`.
    /// - Parameters:
    ///   - tag: the language's tag.
    ///   - name: the language's own name.
    ///   - screenshot: the screenshot's file name.
    ///   - missing: keys no catalog has.
    ///   - fallbacks: keys shown in another language.
    ///   - truncated: labels whose text does not fit.
    ///   - object: the window's `.ui` object; nil for the Parlance window.
    ///   - grown: set when the window is larger than in the development language.
    public init(
      tag: String, name: String, screenshot: String, missing: [String] = [],
      fallbacks: [Fallback] = [], truncated: [Truncation] = [], object: String? = nil,
      grown: Growth? = nil
    ) {
      self.tag = tag
      self.name = name
      self.screenshot = screenshot
      self.missing = missing
      self.fallbacks = fallbacks
      self.truncated = truncated
      self.object = object
      self.grown = grown
    }

    /// How many things a reviewer should look at.
    public var problemCount: Int {
      missing.count + fallbacks.count + truncated.count + (grown == nil ? 0 : 1)
        + (otherLanguage?.count ?? 0)
    }
  }

  /// The window's fixed width; nil for a `.ui` file, whose windows take their own size.
  public var width: Int?
  /// The window's fixed height; nil for a `.ui` file.
  public var height: Int?
  /// The `.ui` file photographed; nil for the Parlance window and a running program.
  public var interface: String?
  /// The running program photographed (its command line); nil for the others.
  public var program: String?
  /// Each language photographed, in order.
  public var languages: [Language] = []

  /// The report of the Parlance window at `width` × `height`.
  /// - Parameters:
  ///   - width: the window's fixed width.
  ///   - height: the window's fixed height.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The report of a `.ui` file's toplevels.
  public init(interface: String) {
    self.interface = interface
  }

  /// The report of a running program's windows, started with `command`.
  public init(program command: String) {
    program = command
  }

  /// The whole report as Markdown: a summary table, then the details of each language.
  public var markdown: String {
    interface == nil && program == nil ? windowMarkdown : interfaceMarkdown
  }

  private var windowMarkdown: String {
    var lines = [
      "# Screenshot report", "",
      "Window \(width ?? 0)×\(height ?? 0). One process switched live through "
        + "\(languages.count) languages.",
      "", "| # | language | screenshot | missing | fallback | truncated |",
      "| --- | --- | --- | --- | --- | --- |",
    ]
    for (index, language) in languages.enumerated() {
      lines.append(
        "| \(index + 1) | \(language.tag) \(language.name) | `\(language.screenshot)` | "
          + "\(language.missing.count) | \(language.fallbacks.count) | "
          + "\(language.truncated.count) |"
      )
    }
    for language in languages
    where !language.missing.isEmpty || !language.fallbacks.isEmpty || !language.truncated.isEmpty {
      lines += ["", "## \(language.tag) — \(language.name)", ""]
      lines += language.missing.map { "- missing: `\($0)` (the key is shown)" }
      lines += language.fallbacks.map {
        "- fallback: `\($0.key)` (\($0.table)) comes from \($0.suppliedBy)"
      }
      lines += truncationLines(language)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private var interfaceMarkdown: String {
    let tags = Set(languages.map(\.tag)).count
    var lines = [
      "# Screenshot report: `\(interface ?? program ?? "")`", "",
      program == nil
        ? "Every toplevel in \(tags) languages, switched live in one process. Windows open at "
          + "the size they would open with; \"grown\" compares it with the development language."
        : "Every window the program showed, in \(tags) languages, switched live in one run "
          + "of it; \"grown\" compares a window with the development language's. report.json "
          + "lists every text drawn, its message and its rectangle.",
      "", "| # | language | object | screenshot | untranslated | fallback | does not fit | grown |",
      "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for (index, language) in languages.enumerated() {
      let grown = language.grown.map { "\($0.width)×\($0.height)" } ?? ""
      lines.append(
        "| \(index + 1) | \(language.tag) \(language.name) | \(language.object ?? "") | "
          + "`\(language.screenshot)` | \(language.missing.count) | "
          + "\(language.fallbacks.count) | \(language.truncated.count) | \(grown) |")
    }
    for language in languages where language.problemCount > 0 {
      lines += ["", "## \(language.tag) — \(language.name): \(language.object ?? "")", ""]
      if let grown = language.grown {
        lines.append(
          "- grown: \(grown.width)×\(grown.height) px, \(grown.developmentWidth)×"
            + "\(grown.developmentHeight) in the development language")
      }
      lines += truncationLines(language)
      lines += language.missing.map { "- untranslated: “\($0)”" }
      lines += language.fallbacks.map { "- fallback: “\($0.key)” comes from \($0.suppliedBy)" }
      lines += (language.otherLanguage ?? []).map {
        "- in another language (\($0.language)): \($0.element) “\($0.text)”"
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func truncationLines(_ language: Language) -> [String] {
    language.truncated.map {
      "- truncated: \($0.element) needs \($0.neededWidth) px, has \($0.allocatedWidth) px: "
        + "“\($0.text)”"
    }
  }
}

extension ScreenshotReport.PlacedText {
  /// How an annotated copy of its screenshot marks the text: its rectangle in the colour
  /// of its status (green translated, amber fallback, red untranslated, grey of no
  /// catalog), labelled with its msgid without mnemonic marks.
  public var annotation: Screenshot.Annotation {
    let colors: [String: UInt32] = [
      "translated": 0x1A7F37, "fallback": 0xBF8700, "untranslated": 0xCF222E,
    ]
    return Screenshot.Annotation(
      rectangle: rectangle,
      label: msgid.map { String($0.replacing("_", with: "").prefix(40)) } ?? "",
      color: colors[status] ?? 0x6E7781)
  }
}
