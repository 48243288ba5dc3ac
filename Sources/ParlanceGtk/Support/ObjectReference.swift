import CGtk

/// One strong reference to a GObject, released on the GTK thread when the Swift wrapper
/// that holds it goes away.
///
/// Kept apart from the `@MainActor` wrappers so the release in `deinit` touches no
/// actor-isolated state. A wrapper is a `@MainActor` class, hence `Sendable`: a closure
/// that captured it may drop the last reference on any thread (a source removed from a
/// worker, a value handed back from a task). GObjects are not thread-safe past their
/// reference count — finalizing a widget runs GTK code — so `deinit` off the GTK thread
/// hands the unref to the GTK thread (`GtkThread.unref`).
///
/// A wrapper registers itself on the object (`register`) so that `Widget.wrapper(for:)`
/// hands back the same Swift object for the same GTK object. The object keeps a *weak*
/// reference to it: a wrapper deallocated on another thread is never handed out again,
/// however late the GTK thread gets to the unref.
final class ObjectReference: @unchecked Sendable {
  /// The GObject, alive at least as long as this reference.
  let pointer: UnsafeMutablePointer<GObject>

  /// Takes ownership of a floating reference, or adds a reference to a non-floating object.
  init(sinking instance: UnsafeMutableRawPointer) {
    pointer = parlance_g_object(instance)
    g_object_ref_sink(pointer)
  }

  /// Adds a reference of its own to an object someone else owns (an adjustment, a buffer).
  init(retaining instance: UnsafeMutableRawPointer) {
    pointer = parlance_g_object(instance)
    g_object_ref(pointer)
  }

  /// Adopts a reference the caller already owns (a `*_new` of a non-floating GObject).
  init(adopting instance: UnsafeMutableRawPointer) {
    pointer = parlance_g_object(instance)
  }

  /// Marks `wrapper` as the Swift object for this GObject, without retaining it.
  ///
  /// On the GTK thread, like every lookup.
  func register(_ wrapper: AnyObject) {
    let slot = Unmanaged.passRetained(WrapperSlot(wrapper)).toOpaque()
    g_object_set_qdata_full(pointer, wrapperQuark, slot, releaseWrapperSlot)
  }

  /// The live wrapper registered on `object`, if any.
  static func registeredWrapper(of object: UnsafeMutablePointer<GObject>) -> AnyObject? {
    guard let slot = g_object_get_qdata(object, wrapperQuark) else { return nil }
    return Unmanaged<WrapperSlot>.fromOpaque(slot).takeUnretainedValue().wrapper
  }

  deinit {
    GtkThread.unref(pointer)
  }
}

/// What a GObject keeps of its Swift wrapper: a weak reference, released with the object
/// (or when another wrapper registers).
private final class WrapperSlot {
  weak var wrapper: AnyObject?

  init(_ wrapper: AnyObject) {
    self.wrapper = wrapper
  }
}

private let releaseWrapperSlot: GDestroyNotify = { slot in
  guard let slot else { return }
  Unmanaged<WrapperSlot>.fromOpaque(slot).release()
}

/// The key under which a GObject remembers its Swift wrapper.
let wrapperQuark: GQuark = g_quark_from_string("parlance-swift-wrapper")
