import CGtk

/// Watches one folder for changes to its files (`GFileMonitor`), on the GTK thread.
///
/// Not recursive, like GIO's monitors: watch each folder you care about. Moves are
/// reported as such, so an editor that saves by writing a temporary file and renaming
/// it over the original reports a `.movedIn`/`.renamed` event naming the original.
/// Releasing the monitor (or `cancel()`) stops the events.
@MainActor
public final class FileMonitor {
  /// What happened to a file of the folder.
  public enum Event: Sendable, Hashable {
    case changed
    case changesDone
    case created
    case deleted
    case movedIn
    case movedOut
    case renamed
    case other

    init(_ raw: GFileMonitorEvent) {
      switch raw {
      case G_FILE_MONITOR_EVENT_CHANGED: self = .changed
      case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT: self = .changesDone
      case G_FILE_MONITOR_EVENT_CREATED: self = .created
      case G_FILE_MONITOR_EVENT_DELETED: self = .deleted
      case G_FILE_MONITOR_EVENT_MOVED_IN: self = .movedIn
      case G_FILE_MONITOR_EVENT_MOVED_OUT: self = .movedOut
      case G_FILE_MONITOR_EVENT_RENAMED: self = .renamed
      default: self = .other
      }
    }
  }

  /// One change: the event, the file, and for a rename the file's new path.
  public struct Change: Sendable, Hashable {
    /// What happened.
    public let event: Event
    /// The file or folder it happened to.
    public let path: String
    /// For a rename or move, the new path; nil otherwise.
    public let otherPath: String?
  }

  private let reference: ObjectReference
  private let handlerID: gulong

  /// Starts watching `path`; throws when the folder cannot be watched.
  public init(folder path: String, handler: @escaping @MainActor (Change) -> Void) throws(GtkError)
  {
    let file = g_file_new_for_path(path)
    defer { g_object_unref(UnsafeMutableRawPointer(file)) }
    var error: UnsafeMutablePointer<GError>?
    let flags = GFileMonitorFlags(rawValue: G_FILE_MONITOR_WATCH_MOVES.rawValue)
    guard let monitor = g_file_monitor_directory(file, flags, nil, &error) else {
      throw GtkError(consuming: error, fallback: "cannot watch '\(path)'")
    }
    reference = ObjectReference(adopting: monitor)
    // Coalescing is the caller's business; report changes as they come.
    g_file_monitor_set_rate_limit(monitor, 0)
    let box = Unmanaged.passRetained(MonitorHandler(handler)).toOpaque()
    handlerID = g_signal_connect_data(
      reference.pointer, "changed", unsafeBitCast(monitorTrampoline, to: GCallback.self), box,
      releaseMonitorHandler, GConnectFlags(rawValue: 0))
  }

  /// Stops the events; later calls do nothing.
  public func cancel() {
    let monitor = UnsafeMutableRawPointer(reference.pointer).assumingMemoryBound(
      to: GFileMonitor.self)
    if g_signal_handler_is_connected(reference.pointer, handlerID) != 0 {
      g_signal_handler_disconnect(reference.pointer, handlerID)
    }
    g_file_monitor_cancel(monitor)
  }

  isolated deinit {
    cancel()
  }
}

private final class MonitorHandler: @unchecked Sendable {
  let handler: @MainActor (FileMonitor.Change) -> Void
  init(_ handler: @escaping @MainActor (FileMonitor.Change) -> Void) { self.handler = handler }
}

/// `void changed(GFileMonitor *, GFile *file, GFile *other, GFileMonitorEvent, gpointer)`.
private let monitorTrampoline:
  @convention(c) (gpointer?, gpointer?, gpointer?, GFileMonitorEvent, gpointer?) -> Void = {
    _, file, other, event, data in
    guard let data, let file else { return }
    let box = Unmanaged<MonitorHandler>.fromOpaque(data).takeUnretainedValue()
    let change = FileMonitor.Change(
      event: FileMonitor.Event(event), path: path(of: file) ?? "",
      otherPath: other.flatMap(path(of:)))
    MainActor.assumeIsolated { box.handler(change) }
  }

private func path(of file: gpointer) -> String? {
  guard let raw = g_file_get_path(OpaquePointer(file)) else { return nil }
  defer { g_free(raw) }
  return String(cString: raw)
}

private let releaseMonitorHandler: GClosureNotify = { data, _ in
  guard let data else { return }
  Unmanaged<MonitorHandler>.fromOpaque(data).release()
}
