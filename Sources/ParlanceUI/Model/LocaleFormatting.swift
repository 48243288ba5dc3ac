import Foundation
import Parlance

/// Numbers and dates in the conventions of a language (digits, separators, month names):
/// the one place the view tree's numbers and dates are written.
enum LocaleFormatting {
  static func number(_ value: Double, fractionDigits: Int, in language: LanguageTag) -> String {
    value.formatted(
      .number.precision(.fractionLength(fractionDigits))
        .locale(Locale(identifier: language.identifier)))
  }

  static func date(
    _ value: Date, style: LocalizedText.DateStyle, in language: LanguageTag
  ) -> String {
    let locale = Locale(identifier: language.identifier)
    var format =
      switch style {
      case .long: Date.FormatStyle(date: .long, time: .omitted, locale: locale)
      case .dayAndMonth: Date.FormatStyle(locale: locale).day().month(.wide)
      }
    // UTC, so that the same instant reads the same on every machine (screenshots).
    format.timeZone = TimeZone(identifier: "UTC") ?? .current
    return value.formatted(format)
  }
}
