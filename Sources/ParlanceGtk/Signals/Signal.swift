import CGtk

/// GObject signal names, grouped by the C signature a handler of that signal must have.
///
/// The group decides the trampoline, so a name can only be connected with a handler of the
/// right shape: a `Void` handler on a `gboolean` signal such as `draw` would leave a garbage
/// return value in a register and corrupt rendering.
@MainActor
enum Signal {
  /// Signals whose handlers are `void handler(GObject *instance, gpointer data)`.
  enum Plain: String {
    case activate
    case changed
    case clicked
    case destroy
    case valueChanged = "value-changed"
    case toggled
  }

  /// Signals whose handlers are `gboolean handler(GObject *instance, gpointer argument,
  /// gpointer data)`; the argument is a `cairo_t *` for `draw`, a `GdkEvent *` for events.
  enum Event: String {
    case configureEvent = "configure-event"
    case deleteEvent = "delete-event"
    case draw
  }

  /// Signals whose handlers are `void handler(GObject *instance, gint argument,
  /// gpointer data)`.
  enum IntegerArgument: String {
    case response
  }

  /// Connects `handler` to `notify::property` of `instance`: GObject emits it each time
  /// the property is set (by the user or by code), for most properties even to the value
  /// it already had.
  static func connect(
    _ instance: UnsafeMutablePointer<GObject>,
    notify property: String,
    _ handler: @escaping @MainActor () -> Void
  ) -> SignalConnection {
    // `void handler(GObject *instance, GParamSpec *pspec, gpointer data)`.
    connect(
      instance, "notify::" + property, PlainHandler(handler),
      unsafeBitCast(notifyTrampoline, to: GCallback.self))
  }

  /// Connects `handler` to a `Plain` signal of `instance`.
  static func connect(
    _ instance: UnsafeMutablePointer<GObject>,
    _ signal: Plain,
    _ handler: @escaping @MainActor () -> Void
  ) -> SignalConnection {
    connect(
      instance, signal.rawValue, PlainHandler(handler),
      unsafeBitCast(plainTrampoline, to: GCallback.self))
  }

  /// Connects `handler` to an `Event` signal of `instance`; its result decides whether
  /// other handlers (and the default one) still run.
  static func connect(
    _ instance: UnsafeMutablePointer<GObject>,
    _ signal: Event,
    _ handler: @escaping @MainActor () -> EventPropagation
  ) -> SignalConnection {
    connect(
      instance, signal.rawValue, EventHandler(handler),
      unsafeBitCast(eventTrampoline, to: GCallback.self))
  }

  /// Connects `handler` to `draw` of `instance`, with the `cairo_t *` GTK draws with; its
  /// result decides whether other handlers (and the default one, which draws the widget)
  /// still run.
  static func connectDraw(
    _ instance: UnsafeMutablePointer<GObject>,
    _ handler: @escaping @MainActor (OpaquePointer) -> EventPropagation
  ) -> SignalConnection {
    connect(
      instance, Event.draw.rawValue, DrawHandler(handler),
      unsafeBitCast(drawTrampoline, to: GCallback.self))
  }

  /// Connects `handler` to an `IntegerArgument` signal of `instance`.
  static func connect(
    _ instance: UnsafeMutablePointer<GObject>,
    _ signal: IntegerArgument,
    _ handler: @escaping @MainActor (Int32) -> Void
  ) -> SignalConnection {
    connect(
      instance, signal.rawValue, IntegerHandler(handler),
      unsafeBitCast(integerTrampoline, to: GCallback.self))
  }

  /// Hands a retained box to GLib; the closure notify releases it when the handler is
  /// disconnected or the instance is disposed (`gtk_widget_destroy`, last unref).
  private static func connect(
    _ instance: UnsafeMutablePointer<GObject>,
    _ name: String,
    _ box: HandlerBox,
    _ trampoline: GCallback
  ) -> SignalConnection {
    let data = Unmanaged.passRetained(box).toOpaque()
    let id = g_signal_connect_data(
      instance, name, trampoline, data, releaseHandlerBox, GConnectFlags(rawValue: 0))
    return SignalConnection(instance: instance, handlerID: id)
  }
}

/// A Swift handler kept alive by GLib for as long as its signal connection exists.
///
/// Unchecked `Sendable`: GLib may release it from any thread, but only calls the handler
/// on the GTK thread.
private class HandlerBox: @unchecked Sendable {}

private final class PlainHandler: HandlerBox, @unchecked Sendable {
  let handler: @MainActor () -> Void
  init(_ handler: @escaping @MainActor () -> Void) { self.handler = handler }
}

private final class EventHandler: HandlerBox, @unchecked Sendable {
  let handler: @MainActor () -> EventPropagation
  init(_ handler: @escaping @MainActor () -> EventPropagation) { self.handler = handler }
}

private final class DrawHandler: HandlerBox, @unchecked Sendable {
  let handler: @MainActor (OpaquePointer) -> EventPropagation
  init(_ handler: @escaping @MainActor (OpaquePointer) -> EventPropagation) {
    self.handler = handler
  }
}

private final class IntegerHandler: HandlerBox, @unchecked Sendable {
  let handler: @MainActor (Int32) -> Void
  init(_ handler: @escaping @MainActor (Int32) -> Void) { self.handler = handler }
}

// GTK emits signals on its own (main) thread, hence `assumeIsolated` in every trampoline.

private let plainTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
  guard let data else { return }
  let box = Unmanaged<PlainHandler>.fromOpaque(data).takeUnretainedValue()
  MainActor.assumeIsolated { box.handler() }
}

private let notifyTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = {
  _, _, data in
  guard let data else { return }
  let box = Unmanaged<PlainHandler>.fromOpaque(data).takeUnretainedValue()
  MainActor.assumeIsolated { box.handler() }
}

private let eventTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> gboolean = {
  _, _, data in
  guard let data else { return false.gboolean }
  let box = Unmanaged<EventHandler>.fromOpaque(data).takeUnretainedValue()
  let propagation = MainActor.assumeIsolated { box.handler() }
  return (propagation == .stop).gboolean
}

private let drawTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> gboolean = {
  _, context, data in
  guard let data, let context else { return false.gboolean }
  let box = Unmanaged<DrawHandler>.fromOpaque(data).takeUnretainedValue()
  // The context lives for the emission, on this thread.
  nonisolated(unsafe) let cairo = OpaquePointer(context)
  let propagation = MainActor.assumeIsolated { box.handler(cairo) }
  return (propagation == .stop).gboolean
}

private let integerTrampoline: @convention(c) (gpointer?, gint, gpointer?) -> Void = {
  _, argument, data in
  guard let data else { return }
  let box = Unmanaged<IntegerHandler>.fromOpaque(data).takeUnretainedValue()
  MainActor.assumeIsolated { box.handler(argument) }
}

private let releaseHandlerBox: GClosureNotify = { data, _ in
  guard let data else { return }
  Unmanaged<HandlerBox>.fromOpaque(data).release()
}
