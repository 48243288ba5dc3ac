import Foundation
import Parlance

/// Text in the view tree: what to show, resolved only when the window is rendered.
///
/// A key with its arguments, a number or a date to format, or verbatim text (a
/// language's own name, the user's data). Never a string resolved in advance, so
/// nothing in the window can stay frozen in the previous language.
public struct LocalizedText: Hashable, Sendable {
  public enum Source: Hashable, Sendable {
    case key(String, table: String)
    case number(Double, fractionDigits: Int)
    case date(Date)
    case verbatim(String)
  }

  public let source: Source
  public let arguments: [MessageArgument]
  public let named: [String: MessageArgument]

  /// A catalog message, with `#{name}` values and printf arguments.
  public static func key(
    _ key: String, table: String = Localizer.defaultTable,
    _ named: [String: MessageArgument] = [:], arguments: [MessageArgument] = []
  ) -> LocalizedText {
    LocalizedText(source: .key(key, table: table), arguments: arguments, named: named)
  }

  /// A plural message for `count` (the first argument and `#{count}`).
  public static func plural(
    _ key: String, count: Int, table: String = Localizer.defaultTable
  ) -> LocalizedText {
    LocalizedText(
      source: .key(key, table: table), arguments: [MessageArgument(count)],
      named: ["count": MessageArgument(count)])
  }

  /// A number written the way the current language writes it (digits, separators).
  public static func number(_ value: Double, fractionDigits: Int = 2) -> LocalizedText {
    LocalizedText(source: .number(value, fractionDigits: fractionDigits), arguments: [], named: [:])
  }

  /// A date written the way the current language writes it.
  public static func date(_ value: Date) -> LocalizedText {
    LocalizedText(source: .date(value), arguments: [], named: [:])
  }

  /// Text shown as is in every language.
  public static func verbatim(_ text: String) -> LocalizedText {
    LocalizedText(source: .verbatim(text), arguments: [], named: [:])
  }

  /// The text in the snapshot's language, and where it came from.
  ///
  /// A render resolves every text of a window in one snapshot, so that a switch on
  /// another thread meanwhile cannot leave it half in one language, half in another.
  public func resolve(in snapshot: LocalizationSnapshot) -> ResolvedText {
    switch source {
    case .key(let key, let table):
      let resolution = snapshot.resolve(key, table: table, arguments: arguments, named: named)
      return ResolvedText(text: resolution.value, resolution: resolution)
    case .number(let value, let digits):
      return ResolvedText(
        text: LocaleFormatting.number(value, fractionDigits: digits, in: snapshot.language),
        resolution: nil)
    case .date(let value):
      return ResolvedText(
        text: LocaleFormatting.date(value, in: snapshot.language), resolution: nil)
    case .verbatim(let text):
      return ResolvedText(text: text, resolution: nil)
    }
  }

  /// The text in the localizer's current language: one text alone. To resolve several
  /// that belong together, take one `snapshot()` and use `resolve(in:)` with it.
  public func resolve(in localizer: Localizer) -> ResolvedText {
    resolve(in: localizer.snapshot())
  }
}

/// A `LocalizedText` rendered in one language.
public struct ResolvedText: Hashable, Sendable {
  public let text: String
  /// For catalog messages: the key, the language that supplied it, its file and line.
  public let resolution: Resolution?
}
