import CGtk

/// How a text view breaks lines longer than its width (`GtkWrapMode`).
public enum WrapMode: Sendable {
  case none
  case character
  case word
  /// Between words, or between characters when a word alone is too long.
  case wordCharacter

  init(_ mode: GtkWrapMode) {
    switch mode {
    case GTK_WRAP_CHAR: self = .character
    case GTK_WRAP_WORD: self = .word
    case GTK_WRAP_WORD_CHAR: self = .wordCharacter
    default: self = .none
    }
  }

  var gtkValue: GtkWrapMode {
    switch self {
    case .none: GTK_WRAP_NONE
    case .character: GTK_WRAP_CHAR
    case .word: GTK_WRAP_WORD
    case .wordCharacter: GTK_WRAP_WORD_CHAR
    }
  }
}
