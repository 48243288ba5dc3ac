import CGtk

/// The kind of message an info bar shows, which picks its colour and icon.
public enum MessageType: Sendable {
  case info
  case warning
  case question
  case error
  case other

  init(_ type: GtkMessageType) {
    switch type {
    case GTK_MESSAGE_INFO: self = .info
    case GTK_MESSAGE_WARNING: self = .warning
    case GTK_MESSAGE_QUESTION: self = .question
    case GTK_MESSAGE_ERROR: self = .error
    default: self = .other
    }
  }

  var gtkValue: GtkMessageType {
    switch self {
    case .info: GTK_MESSAGE_INFO
    case .warning: GTK_MESSAGE_WARNING
    case .question: GTK_MESSAGE_QUESTION
    case .error: GTK_MESSAGE_ERROR
    case .other: GTK_MESSAGE_OTHER
    }
  }
}
