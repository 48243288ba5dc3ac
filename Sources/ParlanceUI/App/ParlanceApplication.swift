import Foundation
import Parlance
import ParlanceGtk

/// The desktop program: a `GtkApplication` showing the Parlance window.
@MainActor
public enum ParlanceApplication {
  public static let applicationID = "io.github.parlance.Parlance"

  /// Whether a display can be opened (GTK initialized); false on a headless machine.
  public static func openDisplay() -> Bool {
    Gtk.initialize()
  }

  /// Runs the window until it is closed; returns the exit status.
  ///
  /// Not unique on the session bus: several copies (tests, screenshots, a translator's
  /// preview next to the installed program) may run side by side.
  /// - Parameters:
  ///   - localizer: the window's languages and translations.
  ///   - translations: a translator's working folder to watch and reload (it must be
  ///     one of the localizer's resources folders).
  ///   - translatorMode: whether the window starts in translator mode; it can be changed
  ///     in it.
  ///   - showsKeys: whether the window starts showing keys; it can be changed in it.
  ///   - openInterface: previews a `.ui` file; when given, the window offers "Open
  ///     Interface…" and the recent interfaces of `recentInterfaces`.
  ///   - recentInterfaces: where the `.ui` files opened lately are kept.
  public static func run(
    localizer: Localizer, translations: URL? = nil, translatorMode: Bool = false,
    showsKeys: Bool = false, openInterface: InterfaceOpener? = nil,
    recentInterfaces: RecentInterfaceStore = .standard()
  ) -> Int32 {
    let application: Application
    do {
      application = try Application(id: applicationID, isUnique: false)
    } catch {
      FileHandle.standardError.write(Data("parlance: error: \(error)\n".utf8))
      return 1
    }
    var controller: WindowController?
    let activation = application.onActivate {
      if let controller {
        controller.window.present()
        return
      }
      let window = ApplicationWindow(application: application)
      let created = WindowController(localizer: localizer, window: window)
      controller = created
      created.setTranslatorMode(translatorMode || translations != nil, showsKeys: showsKeys)
      if let openInterface,
        let warning = created.enableInterfaces(store: recentInterfaces, open: openInterface)
      {
        FileHandle.standardError.write(Data("\(warning)\n".utf8))
      }
      if let translations {
        do {
          try created.watchTranslations(translations)
        } catch {
          FileHandle.standardError.write(
            Data("parlance: warning: cannot watch '\(translations.path)': \(error)\n".utf8))
        }
      }
      created.show()
    }
    defer { activation.disconnect() }
    return application.run(arguments: [CommandLine.arguments.first ?? "parlance"])
  }
}
