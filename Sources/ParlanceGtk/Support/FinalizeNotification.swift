import CGtk

extension Widget {
  /// Calls `handler` when GTK finalizes the widget, on the thread that dropped the last
  /// reference, with whether that was the main (GTK) thread.
  ///
  /// For tests of ownership: a weak-reference notify (`g_object_weak_ref`) that keeps no
  /// reference of its own.
  func whenFinalized(_ handler: @escaping @Sendable (_ onMainThread: Bool) -> Void) {
    let box = Unmanaged.passRetained(FinalizeHandler(handler)).toOpaque()
    g_object_weak_ref(objectPointer, finalizeTrampoline, box)
  }
}

private final class FinalizeHandler: Sendable {
  let handler: @Sendable (Bool) -> Void
  init(_ handler: @escaping @Sendable (Bool) -> Void) { self.handler = handler }
}

private let finalizeTrampoline: GWeakNotify = { data, _ in
  guard let data else { return }
  let box = Unmanaged<FinalizeHandler>.fromOpaque(data).takeRetainedValue()
  box.handler(GtkThread.isCurrent)
}
