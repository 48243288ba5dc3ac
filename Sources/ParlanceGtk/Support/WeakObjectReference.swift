import CGtk

/// A GLib weak reference (`GWeakRef`): becomes empty when the object is finalized.
final class WeakObjectReference: @unchecked Sendable {
  private let storage: UnsafeMutablePointer<GWeakRef>

  init(_ object: UnsafeMutablePointer<GObject>) {
    storage = .allocate(capacity: 1)
    storage.initialize(to: GWeakRef())
    g_weak_ref_init(storage, object)
  }

  /// A new strong reference to the object, which the caller must `g_object_unref`, or nil.
  func strong() -> UnsafeMutablePointer<GObject>? {
    guard let object = g_weak_ref_get(storage) else { return nil }
    return parlance_g_object(object)
  }

  deinit {
    g_weak_ref_clear(storage)
    storage.deinitialize(count: 1)
    storage.deallocate()
  }
}
