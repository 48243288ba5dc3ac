import CGtk

/// The response an info bar's button or close button emits (`GtkResponseType` or your own
/// non-negative number).
public struct ResponseID: RawRepresentable, Hashable, Sendable {
  /// GTK's number for the response (negative for the predefined ones).
  public var rawValue: Int32

  /// The response with GTK's number `rawValue`.
  /// - Parameter rawValue: a `GtkResponseType` or an application's own non-negative id.
  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// Emitted by an info bar's close button.
  public static let close = ResponseID(rawValue: GTK_RESPONSE_CLOSE.rawValue)
  /// "Cancel" (`GTK_RESPONSE_CANCEL`).
  public static let cancel = ResponseID(rawValue: GTK_RESPONSE_CANCEL.rawValue)
  /// "Open", "Save" or another accepting button (`GTK_RESPONSE_ACCEPT`).
  public static let accept = ResponseID(rawValue: GTK_RESPONSE_ACCEPT.rawValue)
}
