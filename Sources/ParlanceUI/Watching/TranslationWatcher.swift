import Foundation
import Parlance
import ParlanceGtk

/// Watches a translator's working folder and reloads the catalogs when a file is saved.
///
/// GIO monitors the folders `CatalogFormatRegistry.watchedFolders(in:)` names (the folder, its
/// `.lproj` and `po` folders) for the files it says are catalogs. Events come in bursts (an
/// editor writes, renames, touches); they are coalesced into one reload after a short
/// quiet time. The reload runs off the GTK thread, one at a time (a save during a reload
/// brings one more), and reparses only the changed files; its result comes back through
/// the window's `MainLoopInbox`, in order with the change notification it caused.
@MainActor
public final class TranslationWatcher {
  /// The folder watched (with its language folders and `po/`).
  public let folder: URL
  /// Quiet time before a reload: long enough to take in a whole save, short next to a
  /// person's reaction.
  public var delay: UInt32 = 40
  /// Called on the GTK thread after each reload with its result.
  public var onReload: (Localizer.ReloadResult) -> Void = { _ in }
  /// Reloads finished so far.
  public private(set) var reloadCount = 0

  private let localizer: Localizer
  private let inbox: MainLoopInbox
  private lazy var reloads = LatestWins<Void>(name: "parlance-reload") {
    [weak self, localizer, inbox] _, _ in
    let result = localizer.reloadCatalogs()
    inbox.post { self?.reloaded(result) }
  }
  private var monitors: [FileMonitor] = []
  private var pending: SourceToken?

  /// Watches `folder` and reloads `localizer`'s catalogs when one of its files is saved.
  ///
  /// `inbox` is the route results take to the GTK thread; pass the window's, so that they
  /// arrive in order with its other news.
  public init(
    folder: URL, localizer: Localizer, inbox: MainLoopInbox = MainLoopInbox()
  ) throws(GtkError) {
    self.folder = folder
    self.localizer = localizer
    self.inbox = inbox
    for watched in CatalogFormatRegistry.watchedFolders(in: folder) {
      monitors.append(
        try FileMonitor(folder: watched.path) { [weak self] change in self?.noticed(change) })
    }
  }

  private func noticed(_ change: FileMonitor.Change) {
    let paths = [change.path, change.otherPath].compactMap { $0 }
    guard paths.contains(where: CatalogFormatRegistry.isWatched) else { return }
    pending?.remove()
    pending = Gtk.timeout(milliseconds: delay) { [weak self] in
      self?.pending = nil
      self?.reload()
      return .stop
    }
  }

  private func reload() {
    reloads.submit(())
  }

  private func reloaded(_ result: Localizer.ReloadResult) {
    reloadCount += 1
    onReload(result)
  }

  /// Stops watching; a pending reload is dropped.
  public func stop() {
    pending?.remove()
    for monitor in monitors { monitor.cancel() }
    monitors = []
  }
}
