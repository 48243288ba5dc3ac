import CGtk
import Synchronization

/// A main-loop source (idle or timeout) that can be removed before it runs again.
///
/// Holds a reference on the `GSource`, not on the work: dropping the token leaves the source
/// attached. `remove()` is thread-safe and may be called after the source finished. The work
/// closure — and whatever it captured, widgets included — is always released on the GTK
/// thread, also when another thread removes the source.
public final class SourceToken: @unchecked Sendable {
  private let source: UnsafeMutablePointer<GSource>

  private init(source: UnsafeMutablePointer<GSource>) {
    self.source = source
  }

  /// Whether the source is still attached (has neither finished nor been removed).
  public var isActive: Bool {
    !Bool(gboolean: g_source_is_destroyed(source))
  }

  /// Removes the source so its work does not run (again).
  ///
  /// From another thread, the work is released later, by the GTK thread's main loop.
  public func remove() {
    g_source_destroy(source)
  }

  deinit {
    g_source_unref(source)
  }

  /// Attaches `source` to the default main context with `work` as its callback; takes
  /// over the caller's reference on `source`.
  static func attach(
    _ source: UnsafeMutablePointer<GSource>?,
    _ work: @escaping @MainActor () -> SourceAction
  ) -> SourceToken {
    guard let source else {
      preconditionFailure("GLib failed to allocate a main-loop source")
    }
    let callback = SourceCallback(work)
    callback.handOver()
    let box = Unmanaged.passRetained(callback).toOpaque()
    g_source_set_callback(source, sourceTrampoline, box, releaseSourceCallback)
    g_source_attach(source, nil)
    return SourceToken(source: source)
  }
}

/// The Swift work of a source, owned by GLib through the source's destroy notify.
///
/// Made on any thread (`Gtk.idle`), run and released on the GTK thread. GLib's context
/// lock orders the two, but it is a futex ThreadSanitizer cannot see: the release store
/// in `handOver()` and the acquire load in `work` state the same order where TSan sees it.
private final class SourceCallback: @unchecked Sendable {
  private let storedWork: @MainActor () -> SourceAction
  private let handedOver = Atomic<Bool>(false)

  init(_ work: @escaping @MainActor () -> SourceAction) {
    storedWork = work
  }

  /// Called by the thread that made the callback, before GLib may run it elsewhere.
  func handOver() {
    handedOver.store(true, ordering: .releasing)
  }

  /// The work, read on the thread that runs or releases it.
  var work: @MainActor () -> SourceAction {
    _ = handedOver.load(ordering: .acquiring)
    return storedWork
  }
}

private let sourceTrampoline: GSourceFunc = { data in
  guard let data else { return false.gboolean }
  let callback = Unmanaged<SourceCallback>.fromOpaque(data).takeUnretainedValue()
  // The default main context is dispatched on the GTK (main) thread.
  let action = MainActor.assumeIsolated { callback.work() }
  return (action == .continue).gboolean
}

/// GLib calls a source's destroy notify on the thread that destroys it: the GTK thread
/// when the work returned `.stop`, any thread that called `remove()`.
private let releaseSourceCallback: GDestroyNotify = { data in
  guard let data else { return }
  GtkThread.release(data, with: releaseSourceCallbackNow)
}

private let releaseSourceCallbackNow: @convention(c) (gpointer?) -> Void = { data in
  guard let data else { return }
  let callback = Unmanaged<SourceCallback>.fromOpaque(data)
  _ = callback.takeUnretainedValue().work  // acquire what the making thread wrote
  callback.release()
}
