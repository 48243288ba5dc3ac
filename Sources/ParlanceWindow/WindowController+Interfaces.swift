import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI

/// Opens a GtkBuilder file (`.ui`) for preview; given by the app, which can build
/// interfaces (ParlanceUI cannot: the GtkBuilder layer sits above it).
///
/// Called on the GTK thread with the file; calls `failed` (from any thread) with what went
/// wrong, one line each (`file:line:column: error: …`), if the preview could not open.
package typealias InterfaceOpener =
  @MainActor (
    _ file: URL, _ failed: @escaping @Sendable ([String]) -> Void
  ) -> Void

extension WindowController {
  /// Offers "Open Interface…" and the recent interfaces kept in `store`; `open` previews
  /// a file. A recent list that cannot be read starts empty, with `warning` set.
  ///
  /// - Returns: the warning about the stored list, if any.
  @discardableResult
  package func enableInterfaces(store: RecentInterfaceStore, open: @escaping InterfaceOpener)
    -> Diagnostic?
  {
    interfaceOpening = InterfaceOpening(store: store, open: open)
    let (files, warning) = store.load()
    model.opensInterfaces = true
    model.recentInterfaces = files
    scheduleRender()
    return warning
  }

  /// Previews `file` (as "Open Interface…" does after the file chooser) and puts it first
  /// among the recent interfaces.
  package func openInterface(_ file: URL) {
    guard let opening = interfaceOpening else { return }
    do {
      model.recentInterfaces = try opening.store.record(file)
    } catch {
      FileHandle.standardError.write(
        Data("parlance: warning: cannot remember '\(file.path)': \(error)\n".utf8))
    }
    scheduleRender()
    let name = file.lastPathComponent
    opening.open(file) { [inbox, weak self] lines in
      inbox.post {
        self?.report(
          .key("error.interface.open", table: "Errors", ["file": .string(name)]),
          details: Array(lines.prefix(5)))
      }
    }
  }

  /// The file chooser of "Open Interface…", while it is open.
  package var interfaceChooser: FileChooserDialog? { interfaceOpening?.chooser }

  /// Opens the file chooser for `.ui` files over the window.
  package func chooseInterface() {
    guard let opening = interfaceOpening else { return }
    if let chooser = opening.chooser {
      chooser.present()
      return
    }
    let texts = localizer.snapshot()
    let chooser = FileChooserDialog(
      title: texts.string("interface.open.dialog"), parent: window, action: .open,
      cancelLabel: texts.string("action.cancel"), acceptLabel: texts.string("action.open"))
    chooser.addFilter(
      name: texts.string("interface.filter"), patterns: ["*.ui"],
      mimeTypes: ["application/x-gtk-builder"])
    if let recent = model.recentInterfaces.first {
      chooser.setCurrentFolder(recent.deletingLastPathComponent())
    }
    chooser.onResponse { [weak self, weak chooser] response in
      guard let chooser else { return }
      let file = response == .accept ? chooser.selectedURL : nil
      chooser.destroy()
      self?.interfaceOpening?.chooser = nil
      if let file { self?.openInterface(file) }
    }
    opening.chooser = chooser
    chooser.present()
  }

  /// A button of the window: "Open Interface…" or a recent interface.
  func clicked(_ id: String) {
    if id == "interface.open" {
      chooseInterface()
    } else if id.hasPrefix("recent:"), let index = Int(id.dropFirst(7)),
      model.recentInterfaces.indices.contains(index)
    {
      openInterface(model.recentInterfaces[index])
    }
  }
}

/// What "Open Interface…" needs: where the recent list is kept, how a file is opened,
/// and the file chooser while it is open.
@MainActor
final class InterfaceOpening {
  let store: RecentInterfaceStore
  let open: InterfaceOpener
  var chooser: FileChooserDialog?

  init(store: RecentInterfaceStore, open: @escaping InterfaceOpener) {
    self.store = store
    self.open = open
  }
}
