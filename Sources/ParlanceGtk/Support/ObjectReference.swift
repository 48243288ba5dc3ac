import CGtk

/// One strong reference to a GObject, released when the Swift wrapper that holds it goes away.
///
/// Kept apart from the `@MainActor` wrappers so the release in `deinit` touches no
/// actor-isolated state. A wrapper registers itself on the object (`owner`) so that
/// `Widget.wrapper(for:)` hands back the same Swift object for the same GTK object; the
/// registration is cleared here before the reference is dropped.
final class ObjectReference: @unchecked Sendable {
  /// The GObject, alive at least as long as this reference.
  let pointer: UnsafeMutablePointer<GObject>
  private var owner: UnsafeMutableRawPointer?

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
  func register(_ wrapper: AnyObject) {
    let address = Unmanaged.passUnretained(wrapper).toOpaque()
    owner = address
    g_object_set_qdata(pointer, wrapperQuark, address)
  }

  deinit {
    if let owner, g_object_get_qdata(pointer, wrapperQuark) == owner {
      g_object_set_qdata(pointer, wrapperQuark, nil)
    }
    g_object_unref(pointer)
  }
}

/// The key under which a GObject remembers its Swift wrapper (unretained).
let wrapperQuark: GQuark = g_quark_from_string("parlance-swift-wrapper")
