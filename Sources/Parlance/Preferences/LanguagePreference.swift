/// The user's choice of language: follow the system, or one language.
public enum LanguagePreference: Hashable, Sendable, CustomStringConvertible {
  case followSystem
  case pinned(LanguageTag)

  /// `system` or the tag, as `parlance set-language` takes it.
  public var description: String {
    switch self {
    case .followSystem: "system"
    case .pinned(let tag): tag.identifier
    }
  }

  /// Parses `system` or a language tag.
  public init(_ text: String) throws(LanguageTagError) {
    if text.trimmingWhitespace().lowercased() == "system" {
      self = .followSystem
    } else {
      self = .pinned(try LanguageTag(text))
    }
  }
}

/// Where the preference lives between runs.
public protocol PreferenceStore: Sendable {
  /// The stored preference. A missing store is `followSystem` with no warning; an
  /// unreadable or corrupt one is `followSystem` plus a warning, never an error.
  func load() -> (preference: LanguagePreference, warning: Diagnostic?)

  /// Stores the preference so that `load` returns it, atomically.
  func save(_ preference: LanguagePreference) throws
}
