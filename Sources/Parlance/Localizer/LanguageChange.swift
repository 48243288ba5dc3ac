/// What a switch changed, delivered once to every observer after the switch is visible.
public struct LanguageChange: Hashable, Sendable {
  /// The chain before the switch.
  public let previous: FallbackChain
  /// The chain after it.
  public let current: FallbackChain
  /// The choice that led to `current`.
  public let preference: LanguagePreference

  /// The language lookups now try first.
  public var language: LanguageTag? { current.head }
}

/// Keeps an observation alive; cancelling it, or dropping the last reference to it,
/// stops the deliveries.
public final class ObservationToken: Sendable {
  private let onCancel: @Sendable () -> Void

  init(onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = onCancel
  }

  /// Stops deliveries; later calls do nothing.
  public func cancel() {
    onCancel()
  }

  deinit {
    onCancel()
  }
}

/// Why a switch did not happen. The previous language stays active.
public enum LocalizerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A catalog needed by the new language has errors.
  case catalogFailed(LanguageTag, [Diagnostic])
  /// No translations match the pinned language.
  case unavailableLanguage(LanguageTag, available: [LanguageTag])
  case resources(ResourceError)

  /// The event as the reporter prints it.
  public var description: String {
    switch self {
    case .catalogFailed(let tag, let diagnostics):
      let errors = diagnostics.filter { $0.severity == .error }
      return "translations for \(tag) could not be loaded (\(errors.count) "
        + (errors.count == 1 ? "error" : "errors") + "):\n"
        + errors.map(\.description).joined(separator: "\n")
    case .unavailableLanguage(let tag, let available):
      return "no translations for '\(tag)'; available: "
        + available.map(\.identifier).joined(separator: ", ")
    case .resources(let error):
      return error.description
    }
  }
}
