import Parlance
import ParlanceGtk

extension LayoutDirection {
  /// The direction GTK lays out a language in: right to left for Arabic, Hebrew and the
  /// others written that way, left to right for the rest.
  public init(of language: LanguageTag) {
    self = language.direction == .rightToLeft ? .rightToLeft : .leftToRight
  }
}
