/// The ordered languages a lookup walks, each with the reason it is in the chain.
public struct FallbackChain: Hashable, Sendable, CustomStringConvertible {
  /// Why a language joined the chain.
  public enum Reason: Hashable, Sendable {
    /// Available exactly as requested.
    case exact(requested: LanguageTag)
    /// Same language, script and region once likely subtags are added on both sides:
    /// `zh-TW` and `zh-Hant` both maximize to `zh-Hant-TW`.
    case likelySubtags(requested: LanguageTag, maximized: LanguageTag)
    /// Same language and script, another region or none: `de-AT` → `de`.
    case sameLanguageAndScript(requested: LanguageTag, script: String)
    /// The language the app is written in, last resort for every key.
    case developmentLanguage
  }

  /// One language of the chain and why it is there.
  public struct Link: Hashable, Sendable {
    /// The language.
    public let language: LanguageTag
    /// Why it is in the chain.
    public let reason: Reason
  }

  /// The languages in lookup order, each with its reason.
  public let links: [Link]

  /// A chain of `links`, in lookup order.
  /// - Parameter links: the languages in lookup order, each with its reason.
  public init(links: [Link]) {
    self.links = links
  }

  /// The languages in lookup order.
  public var languages: [LanguageTag] { links.map(\.language) }

  /// The language a lookup tries first; nil only for an empty chain.
  public var head: LanguageTag? { links.first?.language }

  /// The languages in order: `de-AT → de → en`.
  public var description: String { languages.map(\.identifier).joined(separator: " → ") }

  /// One line per language saying why it is in the chain, in order:
  /// `zh-Hant: requested zh-TW maximizes to zh-Hant-TW, as zh-Hant does`.
  public func explain() -> [String] {
    links.map { link in
      let tag = link.language.identifier
      switch link.reason {
      case .exact(let requested):
        return "\(tag): requested \(requested) is available as is"
      case .likelySubtags(let requested, let maximized):
        return "\(tag): requested \(requested) maximizes to \(maximized), as \(tag) does"
      case .sameLanguageAndScript(let requested, let script):
        return "\(tag): same language and script (\(link.language.language)-\(script)) "
          + "as requested \(requested)"
      case .developmentLanguage:
        return "\(tag): development language, the last fallback"
      }
    }
  }
}
