import Foundation
import Parlance

/// Numbers and dates in the conventions of a language (digits, separators, month names).
enum LocaleFormatting {
  static func number(_ value: Double, fractionDigits: Int, in language: LanguageTag) -> String {
    value.formatted(
      .number.precision(.fractionLength(fractionDigits))
        .locale(Locale(identifier: language.identifier)))
  }

  static func date(_ value: Date, in language: LanguageTag) -> String {
    // UTC, so that the same instant reads the same on every machine (screenshots).
    var style = Date.FormatStyle(
      date: .long, time: .omitted, locale: Locale(identifier: language.identifier))
    style.timeZone = TimeZone(identifier: "UTC") ?? .current
    return value.formatted(style)
  }
}
