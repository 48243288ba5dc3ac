import Foundation
import Parlance
import ParlanceGtk

/// Watches a translator's working folder and reloads the catalogs when a file is saved.
///
/// GIO monitors the folder and its `.lproj` and `po` folders. Events come in bursts (an
/// editor writes, renames, touches); they are coalesced into one reload after a short
/// quiet time. The reload runs off the GTK thread and reparses only the changed files;
/// the localizer's change notification brings the re-render.
@MainActor
public final class TranslationWatcher {
  public let folder: URL
  /// Quiet time before a reload: long enough to take in a whole save, short next to a
  /// person's reaction.
  public var delay: UInt32 = 40
  /// Called on the GTK thread after each reload with its result.
  public var onReload: (Localizer.ReloadResult) -> Void = { _ in }
  /// Reloads finished so far.
  public private(set) var reloadCount = 0

  private let localizer: Localizer
  private var monitors: [FileMonitor] = []
  private var pending: SourceToken?
  private static let catalogExtensions: Set<String> = ["strings", "stringsdict", "xcstrings", "po"]

  public init(folder: URL, localizer: Localizer) throws(GtkError) {
    self.folder = folder
    self.localizer = localizer
    var folders = [folder]
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names.sorted() where name.hasSuffix(".lproj") || name == "po" {
      folders.append(folder.appendingPathComponent(name, isDirectory: true))
    }
    for watched in folders {
      monitors.append(
        try FileMonitor(folder: watched.path) { [weak self] change in self?.noticed(change) })
    }
  }

  private func noticed(_ change: FileMonitor.Change) {
    let paths = [change.path, change.otherPath].compactMap { $0 }
    guard
      paths.contains(where: {
        Self.catalogExtensions.contains(URL(fileURLWithPath: $0).pathExtension)
      })
    else { return }
    pending?.remove()
    pending = Gtk.timeout(milliseconds: delay) { [weak self] in
      self?.pending = nil
      self?.reload()
      return .stop
    }
  }

  private func reload() {
    let localizer = self.localizer
    Task.detached { [weak self] in
      let result = localizer.reloadCatalogs()
      Gtk.post {
        guard let self else { return }
        self.reloadCount += 1
        self.onReload(result)
      }
    }
  }

  public func stop() {
    pending?.remove()
    for monitor in monitors { monitor.cancel() }
    monitors = []
  }
}
