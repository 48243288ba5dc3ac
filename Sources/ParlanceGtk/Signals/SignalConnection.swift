import CGtk

/// A connected signal handler; `disconnect()` removes it.
///
/// The token does not keep the handler connected: dropping it leaves the handler in place
/// until the object is destroyed. It holds only a weak reference to the object, so
/// `disconnect()` is safe after the widget was destroyed or freed.
@MainActor
public final class SignalConnection {
  private let instance: WeakObjectReference
  private let handlerID: gulong

  init(instance: UnsafeMutablePointer<GObject>, handlerID: gulong) {
    self.instance = WeakObjectReference(instance)
    self.handlerID = handlerID
  }

  /// Whether the handler is still connected (not disconnected, object not destroyed).
  package var isConnected: Bool {
    guard handlerID != 0, let object = instance.strong() else { return false }
    defer { g_object_unref(object) }
    return Bool(gboolean: g_signal_handler_is_connected(object, handlerID))
  }

  /// Disconnects the handler and releases its closure; does nothing if already gone.
  public func disconnect() {
    guard handlerID != 0, let object = instance.strong() else { return }
    defer { g_object_unref(object) }
    // Destroying a widget disconnects its handlers; disconnecting twice is a GLib critical.
    if Bool(gboolean: g_signal_handler_is_connected(object, handlerID)) {
      g_signal_handler_disconnect(object, handlerID)
    }
  }
}
