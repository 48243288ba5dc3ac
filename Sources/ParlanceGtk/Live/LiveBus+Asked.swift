import CGtk
import CParlanceLive

extension LiveBus {
  /// What a program's gettext record holds from one message on (`asked(_:from:)`).
  public struct AskedMessages: Sendable {
    /// Which process's record it is: another process under the same bus name (its pid
    /// reused) has another.
    public let identity: UInt64
    /// False when the program keeps no complete record (started without the record's
    /// library, a program translating with Python's own gettext): then there are none.
    public let isComplete: Bool
    /// How many messages the record holds in all.
    public let total: Int
    /// The messages from the one asked for on, in the order the program first asked
    /// for them: each its text domain, U+001F and its catalog key (`CatalogEntry.key`).
    public let messages: [String]
  }

  /// The messages the program at `busName` asked gettext for since it started, from the
  /// `from`th on: the record only grows, so a caller that has read the first `from`
  /// asks for the rest.
  public static func asked(_ busName: String, from: Int, timeout: Duration = timeout)
    throws(Failure) -> AskedMessages
  {
    var error: UnsafeMutablePointer<GError>?
    var identity: guint64 = 0
    var complete: gboolean = 0
    var total: guint32 = 0
    guard
      let array = parlance_live_asked(
        busName, guint32(clamping: from), &identity, &complete, &total,
        milliseconds(timeout), &error)
    else {
      throw failure(error, "\(busName) did not answer")
    }
    defer { g_ptr_array_unref(array) }
    return AskedMessages(
      identity: UInt64(identity), isComplete: complete != 0, total: Int(total),
      messages: items(of: array, as: CChar.self).map { String(cString: $0) })
  }
}
