import CGtk

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
      let job = Unmanaged.passRetained(DeferredRelease(data: data, release: release))
      g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, releaseLater, job.toOpaque(), nil)
    }
  }
}

/// A release postponed to the GTK thread: what to release, and how.
private final class DeferredRelease {
  let data: UnsafeMutableRawPointer
  let release: @convention(c) (gpointer?) -> Void

  init(data: UnsafeMutableRawPointer, release: @escaping @convention(c) (gpointer?) -> Void) {
    self.data = data
    self.release = release
  }
}

private let unrefLater: GSourceFunc = { object in
  if let object { g_object_unref(object) }
  return false.gboolean  // G_SOURCE_REMOVE
}

private let releaseLater: GSourceFunc = { data in
  guard let data else { return false.gboolean }
  let deferred = Unmanaged<DeferredRelease>.fromOpaque(data).takeRetainedValue()
  deferred.release(deferred.data)
  return false.gboolean  // G_SOURCE_REMOVE
}
