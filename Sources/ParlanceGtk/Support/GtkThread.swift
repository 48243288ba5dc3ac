import CGtk
import Synchronization

/// The thread GTK runs on — the process's main thread — and handing work to it.
enum GtkThread {
  /// Whether the caller runs on the main thread.
  static var isCurrent: Bool { Bool(gboolean: parlance_is_main_thread()) }

  /// Drops one reference to `object` on the GTK thread: now when called there, else from
  /// an idle source of the default main context, which only the GTK thread dispatches.
  ///
  /// Not `g_main_context_invoke`: a thread that can acquire the default context (the GTK
  /// thread between two iterations) would run the function itself, off the GTK thread.
  /// If the main loop never runs again (the program is ending), the reference is kept.
  static func unref(_ object: UnsafeMutablePointer<GObject>) {
    if isCurrent {
      g_object_unref(object)
    } else {
      g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, unrefLater, object, nil)
    }
  }

  /// Calls `release` with `data` on the GTK thread: now when called there, else from an
  /// idle source, as `unref(_:)` does.
  static func release(
    _ data: UnsafeMutableRawPointer, with release: @escaping @convention(c) (gpointer?) -> Void
  ) {
    if isCurrent {
      release(data)
    } else {
      let deferred = DeferredRelease(data: data, release: release)
      deferred.handOver()
      let job = Unmanaged.passRetained(deferred)
      g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, releaseLater, job.toOpaque(), nil)
    }
  }
}

/// A release postponed to the GTK thread: what to release, and how.
///
/// Made on another thread, run on the GTK thread: the release store and acquire load state
/// the order GLib's (futex) context lock gives, where ThreadSanitizer can see it.
private final class DeferredRelease {
  private let storedData: UnsafeMutableRawPointer
  private let storedRelease: @convention(c) (gpointer?) -> Void
  private let handedOver = Atomic<Bool>(false)

  init(data: UnsafeMutableRawPointer, release: @escaping @convention(c) (gpointer?) -> Void) {
    storedData = data
    storedRelease = release
  }

  func handOver() {
    handedOver.store(true, ordering: .releasing)
  }

  /// Runs the release, on the GTK thread.
  func run() {
    _ = handedOver.load(ordering: .acquiring)
    storedRelease(storedData)
  }
}

private let unrefLater: GSourceFunc = { object in
  if let object { g_object_unref(object) }
  return false.gboolean  // G_SOURCE_REMOVE
}

private let releaseLater: GSourceFunc = { data in
  guard let data else { return false.gboolean }
  Unmanaged<DeferredRelease>.fromOpaque(data).takeRetainedValue().run()
  return false.gboolean  // G_SOURCE_REMOVE
}
