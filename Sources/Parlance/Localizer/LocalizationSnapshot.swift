import Foundation

/// The localizer's state at one instant: every lookup through it answers in the same
/// language, whatever switches or reloads happen meanwhile.
///
/// Take one for a unit of work that must not mix languages — rendering a window, writing
/// a report — and drop it afterwards; it keeps its catalogs alive while held.
///
/// ```swift
/// let snapshot = localizer.snapshot()
/// title.text = snapshot.string("window.title")
/// count.text = snapshot.string("files.count", count: 3)   // same language, always
/// ```
public struct LocalizationSnapshot: Sendable {
  private let localizer: Localizer
  private let state: Localizer.Snapshot

  init(localizer: Localizer, state: Localizer.Snapshot) {
    self.localizer = localizer
    self.state = state
  }

  /// The choice this snapshot was made for.
  public var preference: LanguagePreference { state.preference }

  /// The languages its lookups walk, in order.
  public var chain: FallbackChain { state.chain }

  /// The language its lookups try first.
  public var language: LanguageTag { state.chain.head ?? localizer.developmentLanguage }

  /// The `Localizer.revision` this snapshot shows: a view rendered from it is up to date
  /// while the localizer's revision is the same.
  public var revision: UInt64 { state.revision }

  /// See `Localizer.resourceURL(named:extensions:)`: a localized file along this chain.
  public func resourceURL(
    named name: String, extensions: [String] = Localizer.imageExtensions
  ) -> URL? {
    localizer.resourceURL(named: name, extensions: extensions, along: state.chain)
  }

  /// See `Localizer.string(_:table:)`.
  public func string(_ key: String, table: String = Localizer.defaultTable) -> String {
    state.string(key, table: table, in: localizer)
  }

  /// See `Localizer.string(_:_:table:)`.
  public func string(
    _ key: String, _ named: [String: MessageArgument], table: String = Localizer.defaultTable
  ) -> String {
    state.render(key, table: table, arguments: [], named: named, in: localizer)
  }

  /// See `Localizer.string(_:arguments:named:table:)`.
  public func string(
    _ key: String, arguments: [MessageArgument], named: [String: MessageArgument] = [:],
    table: String = Localizer.defaultTable
  ) -> String {
    state.render(key, table: table, arguments: arguments, named: named, in: localizer)
  }

  /// See `Localizer.string(_:count:named:table:)`.
  public func string(
    _ key: String, count: Int, named: [String: MessageArgument] = [:],
    table: String = Localizer.defaultTable
  ) -> String {
    let (arguments, named) = Localizer.pluralArguments(count, named)
    return resolve(key, table: table, arguments: arguments, named: named).value
  }

  /// See `Localizer.string(_:context:table:)`.
  public func string(
    _ key: String, context: String, table: String = Localizer.defaultTable
  ) -> String {
    resolve(key, context: context, table: table).value
  }

  /// See `Localizer.resolve(_:context:table:arguments:named:)`.
  public func resolve(
    _ key: String, context: String? = nil, table: String = Localizer.defaultTable,
    arguments: [MessageArgument] = [], named: [String: MessageArgument] = [:]
  ) -> Resolution {
    state.resolve(
      key, context: context, table: table, arguments: arguments, named: named, in: localizer)
  }
}
