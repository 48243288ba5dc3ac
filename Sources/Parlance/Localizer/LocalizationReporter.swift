/// Something a translator or developer should hear about, reported once.
public enum LocalizationEvent: Hashable, Sendable, CustomStringConvertible {
  /// No language of the chain has the key; the key itself was shown.
  case missingKey(key: String, table: String, chain: [LanguageTag])
  /// A message was shown with a placeholder it had no value for.
  case renderProblem(key: String, table: String, problem: RenderProblem)
  /// A catalog or setting file had problems; catalogs still load what they can.
  case diagnostics([Diagnostic])
  /// The choice of language could not be saved; the switch happened all the same.
  case preferenceNotSaved(reason: String)
  /// `limit` distinct problems were reported; new ones are no longer reported (keys
  /// made at run time must not grow the localizer's memory without bound).
  case reportLimitReached(limit: Int)
  /// System ICU's libraries could not be opened: plural forms fall back to "other",
  /// negotiation to exact tags, languages' names to their tags, direction to left to right.
  case icuUnavailable(reason: String)

  /// The event as one or more lines of text.
  public var description: String {
    switch self {
    case .missingKey(let key, let table, let chain):
      "missing key '\(key)' in table '\(table)' "
        + "(looked in \(chain.map(\.identifier).joined(separator: ", ")))"
    case .renderProblem(let key, let table, let problem):
      "message '\(key)' in table '\(table)': \(problem)"
    case .diagnostics(let diagnostics):
      diagnostics.map(\.description).joined(separator: "\n")
    case .preferenceNotSaved(let reason):
      "language choice not saved: \(reason)"
    case .reportLimitReached(let limit):
      "\(limit) missing keys and message problems reported; further ones are not reported"
    case .icuUnavailable(let reason):
      "system ICU could not be opened (\(reason)); plural rules, likely subtags, language "
        + "names and text direction are unavailable"
    }
  }
}

/// Receives what lookups and loads find wrong. Called from any thread.
public protocol LocalizationReporter: Sendable {
  func report(_ event: LocalizationEvent)
}

/// Writes each event to standard error, one line per diagnostic.
public struct StandardErrorReporter: LocalizationReporter {
  /// What each line starts with (`parlance: `).
  public let prefix: String

  /// A reporter whose lines start with `prefix`.
  /// - Parameter prefix: what each line starts with.
  public init(prefix: String = "parlance: ") {
    self.prefix = prefix
  }

  /// Writes `event` to standard error.
  /// - Parameter event: what was found wrong.
  public func report(_ event: LocalizationEvent) {
    let text: String
    if case .diagnostics = event {
      text = event.description + "\n"  // already file:line:column: severity: …
    } else {
      text = prefix + "warning: " + event.description + "\n"
    }
    FileHandleWriter.standardError(text)
  }
}
