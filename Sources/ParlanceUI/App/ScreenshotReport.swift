import Foundation
import Parlance

/// What the screenshots found, per language: strings missing or taken from another
/// language, and labels whose text does not fit (ellipsized or clipped).
public struct ScreenshotReport: Codable, Sendable {
  public struct Fallback: Codable, Sendable, Hashable {
    public let key: String
    public let table: String
    /// The language that supplied the text instead.
    public let suppliedBy: String
  }

  public struct Truncation: Codable, Sendable, Hashable {
    /// The element of the window (its view node id).
    public let element: String
    public let text: String
    /// Width the text needs and width it got, in pixels.
    public let neededWidth: Int
    public let allocatedWidth: Int
  }

  public struct Language: Codable, Sendable {
    public let tag: String
    public let name: String
    public let screenshot: String
    public var missing: [String]
    public var fallbacks: [Fallback]
    public var truncated: [Truncation]
  }

  public var width: Int
  public var height: Int
  public var languages: [Language] = []

  /// The whole report as Markdown: a summary table, then the details of each language.
  public var markdown: String {
    var lines = [
      "# Screenshot report", "",
      "Window \(width)×\(height). One process switched live through \(languages.count) languages.",
      "", "| # | language | screenshot | missing | fallback | truncated |",
      "| --- | --- | --- | --- | --- | --- |",
    ]
    for (index, language) in languages.enumerated() {
      lines.append(
        "| \(index + 1) | \(language.tag) \(language.name) | `\(language.screenshot)` | "
          + "\(language.missing.count) | \(language.fallbacks.count) | \(language.truncated.count) |"
      )
    }
    for language in languages
    where !language.missing.isEmpty || !language.fallbacks.isEmpty || !language.truncated.isEmpty {
      lines += ["", "## \(language.tag) — \(language.name)", ""]
      lines += language.missing.map { "- missing: `\($0)` (the key is shown)" }
      lines += language.fallbacks.map {
        "- fallback: `\($0.key)` (\($0.table)) comes from \($0.suppliedBy)"
      }
      lines += language.truncated.map {
        "- truncated: \($0.element) needs \($0.neededWidth) px, has \($0.allocatedWidth) px: “\($0.text)”"
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
