import CGtk

/// The response an info bar's button or close button emits (`GtkResponseType` or your own
/// non-negative number).
public struct ResponseID: RawRepresentable, Hashable, Sendable {
  public var rawValue: Int32

  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// Emitted by an info bar's close button.
  public static let close = ResponseID(rawValue: GTK_RESPONSE_CLOSE.rawValue)
  /// The standard responses of dialog buttons.
  public static let ok = ResponseID(rawValue: GTK_RESPONSE_OK.rawValue)
  public static let cancel = ResponseID(rawValue: GTK_RESPONSE_CANCEL.rawValue)
  public static let accept = ResponseID(rawValue: GTK_RESPONSE_ACCEPT.rawValue)
  public static let reject = ResponseID(rawValue: GTK_RESPONSE_REJECT.rawValue)
}
