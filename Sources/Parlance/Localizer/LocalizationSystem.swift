import Synchronization

/// The process-wide default localizer, for `NSLocalizedString`-style call sites.
///
/// Set once at start, like swift-log's `LoggingSystem.bootstrap`; everything else in
/// Parlance takes a `Localizer` explicitly, so tests never need this.
///
/// ```swift
/// LocalizationSystem.bootstrap(try Localizer(resources: resourcesURL))
/// label.text = localized("welcome.text")
/// ```
public enum LocalizationSystem {
  private static let installed = Mutex<Localizer?>(nil)

  /// Installs `localizer` as the default. Only the first call takes effect; it returns
  /// false for every later one, which leaves the first localizer in place.
  @discardableResult
  public static func bootstrap(_ localizer: Localizer) -> Bool {
    installed.withLock { current in
      guard current == nil else { return false }
      current = localizer
      return true
    }
  }

  /// The installed localizer, nil before `bootstrap`.
  public static var localizer: Localizer? { installed.withLock { $0 } }
}

/// The value of `key` from the default localizer; the key itself before `bootstrap`.
public func localized(_ key: String, table: String = Localizer.defaultTable) -> String {
  LocalizationSystem.localizer?.string(key, table: table) ?? key
}

/// The message `key` from the default localizer with its `#{name}` placeholders filled.
public func localized(
  _ key: String, _ named: [String: MessageArgument], table: String = Localizer.defaultTable
) -> String {
  LocalizationSystem.localizer?.string(key, named, table: table) ?? key
}
