import CGtk
import CParlanceLive

/// The programs with the module on the bus, watched: started, ended or switched.
extension LiveBus {
  /// A watch of the programs on the bus, from `watch(_:)`: it ends when released (on the
  /// GTK thread, where it was made).
  public final class Watch {
    private let handle: OpaquePointer
    private let callback: Unmanaged<Callback>

    fileprivate init(handle: OpaquePointer, callback: Unmanaged<Callback>) {
      self.handle = handle
      self.callback = callback
    }

    deinit {
      parlance_live_unwatch(handle)
      callback.release()
    }
  }

  fileprivate final class Callback {
    let changed: @MainActor () -> Void
    init(_ changed: @escaping @MainActor () -> Void) { self.changed = changed }
  }

  /// Calls `changed` on the GTK thread whenever a program with the module starts, ends
  /// or is switched (its module's `LanguageChanged`), while the returned watch is kept.
  ///
  /// - Throws: `Failure` when there is no session bus.
  @MainActor
  public static func watch(_ changed: @escaping @MainActor () -> Void) throws(Failure) -> Watch {
    let callback = Unmanaged.passRetained(Callback(changed))
    var error: UnsafeMutablePointer<GError>?
    guard
      let handle = parlance_live_watch(
        { data in
          guard let data else { return }
          let callback = Unmanaged<Callback>.fromOpaque(data).takeUnretainedValue()
          // Signals are delivered in the main context of the thread that subscribed.
          MainActor.assumeIsolated { callback.changed() }
        }, callback.toOpaque(), &error)
    else {
      callback.release()
      throw failure(error, "no session bus")
    }
    return Watch(handle: handle, callback: callback)
  }
}
