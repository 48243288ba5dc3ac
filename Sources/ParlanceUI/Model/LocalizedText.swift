import Foundation
import Parlance

/// Text in the view tree: what to show, resolved only when the window is rendered.
///
/// A key with its arguments, a number or a date to format, or verbatim text (a
/// language's own name, the user's data). Never a string resolved in advance, so
/// nothing in the window can stay frozen in the previous language.
public struct LocalizedText: Hashable, Sendable {
  /// Where the text comes from.
  public enum Source: Hashable, Sendable {
    /// A message of a catalog table.
    case key(String, table: String)
    /// A number, with this many digits after the decimal point.
    case number(Double, fractionDigits: Int)
    /// A date, written in one of the styles a window uses.
    case date(Date, style: DateStyle)
    /// Text shown as is.
    case verbatim(String)
  }

  /// How a date is written.
  public enum DateStyle: Hashable, Sendable {
    /// Day, month and year: "March 3, 2026", "3. März 2026".
    case long
    /// Day and month, as a sentence uses them: "March 3", "3 марта".
    case dayAndMonth
  }

  /// Where the text comes from.
  public let source: Source
  /// The printf arguments of a message (`%@`, `%d`, `%1$@`).
  public let arguments: [MessageArgument]
  /// The `#{name}` values of a message.
  public let named: [String: MessageArgument]
  /// `#{name}` values that are texts themselves (a date in a sentence), resolved in the
  /// same snapshot as the message.
  public let localized: [String: LocalizedText]

  private init(
    source: Source, arguments: [MessageArgument] = [], named: [String: MessageArgument] = [:],
    localized: [String: LocalizedText] = [:]
  ) {
    self.source = source
    self.arguments = arguments
    self.named = named
    self.localized = localized
  }

  /// A catalog message, with `#{name}` values and printf arguments.
  ///
  /// - Parameters:
  ///   - key: the message's key.
  ///   - table: the catalog table it is in.
  ///   - named: the `#{name}` values.
  ///   - localized: `#{name}` values that are texts in the window's language themselves
  ///     (a date, a number), resolved with the message.
  ///   - arguments: the printf arguments.
  /// - Returns: the text, resolved when the window renders.
  public static func key(
    _ key: String, table: String = Localizer.defaultTable,
    _ named: [String: MessageArgument] = [:], localized: [String: LocalizedText] = [:],
    arguments: [MessageArgument] = []
  ) -> LocalizedText {
    LocalizedText(
      source: .key(key, table: table), arguments: arguments, named: named, localized: localized)
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
    LocalizedText(source: .number(value, fractionDigits: fractionDigits))
  }

  /// A date written the way the current language writes it, in `style`.
  public static func date(_ value: Date, style: DateStyle = .long) -> LocalizedText {
    LocalizedText(source: .date(value, style: style))
  }

  /// Text shown as is in every language.
  public static func verbatim(_ text: String) -> LocalizedText {
    LocalizedText(source: .verbatim(text))
  }

  /// The text in the snapshot's language, and where it came from.
  ///
  /// A render resolves every text of a window in one snapshot, so that a switch on
  /// another thread meanwhile cannot leave it half in one language, half in another.
  public func resolve(in snapshot: LocalizationSnapshot) -> ResolvedText {
    switch source {
    case .key(let key, let table):
      var named = named
      for (name, text) in localized {
        named[name] = .string(text.resolve(in: snapshot).text)
      }
      let resolution = snapshot.resolve(key, table: table, arguments: arguments, named: named)
      return ResolvedText(text: resolution.value, resolution: resolution)
    case .number(let value, let digits):
      return ResolvedText(
        text: LocaleFormatting.number(value, fractionDigits: digits, in: snapshot.language),
        resolution: nil)
    case .date(let value, let style):
      return ResolvedText(
        text: LocaleFormatting.date(value, style: style, in: snapshot.language), resolution: nil)
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
  /// The text to show.
  public let text: String
  /// For catalog messages: the key, the language that supplied it, its file and line.
  public let resolution: Resolution?
}
