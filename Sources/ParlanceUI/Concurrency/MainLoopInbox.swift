import Parlance
import ParlanceGtk

/// One ordered route from any thread to the GTK thread.
///
/// Work posted here runs on the GTK thread in the order it was posted, however many
/// threads post: one queue, drained by one main-loop source at a time. After each batch
/// (everything that was waiting when the drain began, and what it posted meanwhile),
/// `onBatchEnd` runs once — where a window renders what the batch changed, once.
///
/// A language switch's change notification and its completion, posted in that order from
/// the switching thread, therefore arrive in that order, in the same batch or the first
/// before the second.
public final class MainLoopInbox: Sendable {
  /// A pthread mutex (`Lock`), which ThreadSanitizer understands.
  private let queue = Lock(Queue())
  private let batchEnd = BatchEnd()

  /// An empty inbox; work posted runs once the GTK main loop runs.
  public init() {}

  /// Runs once after each batch, on the GTK thread.
  @MainActor
  package var onBatchEnd: @MainActor () -> Void {
    get { batchEnd.handler }
    set { batchEnd.handler = newValue }
  }

  /// Queues `work` to run on the GTK thread after everything posted before it.
  ///
  /// Callable from any thread; runs when the main loop runs.
  public func post(_ work: @escaping @MainActor @Sendable () -> Void) {
    let schedules = queue.withLock { queue in
      queue.waiting.append(work)
      defer { queue.isScheduled = true }
      return !queue.isScheduled
    }
    if schedules {
      Gtk.idle { [self] in drain() }
    }
  }

  @MainActor
  private func drain() {
    while let batch = takeBatch() {
      for work in batch { work() }
    }
    batchEnd.handler()
  }

  /// What is waiting, or nil (and no longer scheduled) when nothing is.
  private func takeBatch() -> [@MainActor @Sendable () -> Void]? {
    queue.withLock { queue in
      guard !queue.waiting.isEmpty else {
        queue.isScheduled = false
        return nil
      }
      defer { queue.waiting = [] }
      return queue.waiting
    }
  }
}

/// The work waiting for the GTK thread, and whether a drain is scheduled.
private struct Queue {
  var waiting: [@MainActor @Sendable () -> Void] = []
  var isScheduled = false
}

/// The batch-end handler: set and called on the GTK thread only (`@MainActor` accessors).
private final class BatchEnd: @unchecked Sendable {
  var handler: @MainActor () -> Void = {}
}
