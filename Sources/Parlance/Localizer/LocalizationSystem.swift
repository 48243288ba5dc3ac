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
  /// The installed localizer's address (0 before `bootstrap`). It is retained for the
  /// life of the process and never replaced, so `localized(_:)` reads it with one atomic
  /// load and no reference counting.
  private static let installed = Atomic<UInt>(0)

  /// Installs `localizer` as the default. Only the first call takes effect; it returns
  /// false for every later one, which leaves the first localizer in place.
  @discardableResult
  public static func bootstrap(_ localizer: Localizer) -> Bool {
    let candidate = Unmanaged.passRetained(localizer)
    let (exchanged, _) = installed.compareExchange(
      expected: 0, desired: UInt(bitPattern: candidate.toOpaque()),
      ordering: .acquiringAndReleasing)
    if !exchanged { candidate.release() }
    return exchanged
  }

  /// The installed localizer, nil before `bootstrap`.
  public static var localizer: Localizer? {
    withInstalled { $0 }
  }

  /// Runs `body` with the installed localizer without retaining it (it is never freed).
  @inline(__always)
  static func withInstalled<Result>(_ body: (Localizer?) -> Result) -> Result {
    guard let raw = UnsafeRawPointer(bitPattern: installed.load(ordering: .acquiring)) else {
      return body(nil)
    }
    return Unmanaged<Localizer>.fromOpaque(raw)._withUnsafeGuaranteedRef { body($0) }
  }
}

/// The value of `key` from the default localizer; the key itself before `bootstrap`.
public func localized(_ key: String, table: String = Localizer.defaultTable) -> String {
  LocalizationSystem.withInstalled { $0?.string(key, table: table) ?? key }
}

/// The message `key` from the default localizer with its `#{name}` placeholders filled.
public func localized(
  _ key: String, _ named: [String: MessageArgument], table: String = Localizer.defaultTable
) -> String {
  LocalizationSystem.withInstalled { $0?.string(key, named, table: table) ?? key }
}
