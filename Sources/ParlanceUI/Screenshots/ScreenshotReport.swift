import Foundation
import Parlance

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
    }
  }

  /// The window's fixed width; nil for a `.ui` file, whose windows take their own size.
  public var width: Int?
  /// The window's fixed height; nil for a `.ui` file.
  public var height: Int?
  /// The `.ui` file photographed; nil for the Parlance window.
  public var interface: String?
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

  /// The whole report as Markdown: a summary table, then the details of each language.
  public var markdown: String {
    interface == nil ? windowMarkdown : interfaceMarkdown
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
      "# Screenshot report: `\(interface ?? "")`", "",
      "Every toplevel in \(tags) languages, switched live in one process. Windows open at "
        + "the size they would open with; \"grown\" compares it with the development language.",
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
