import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI

/// The desktop program: a `GtkApplication` showing the Parlance window.
@MainActor
package enum ParlanceApplication {
  /// The application id on the session bus and of the desktop entry.
  package static let applicationID = "io.github.parlance.Parlance"

  /// Whether a display can be opened (GTK initialized); false on a headless machine.
  package static func openDisplay() -> Bool {
    Gtk.initialize()
  }

  /// Opens the display on this thread while `load` runs on another, and returns both.
  ///
  /// GTK's start and loading the catalogs need nothing of each other. The other thread
  /// starts first, so that part of its work falls while this one waits on the X server
  /// and the accessibility bus as the display opens. On a machine with two cores that
  /// makes `gtk_init_check` slower (5.4 ms instead of 3.1) and reading the theme's style
  /// sheet faster (16.4 ms instead of 19.3, with less of the other thread beside it):
  /// the first frame came 1.3 ms sooner than with the thread started once the display
  /// was open (medians of 81 starts each, one binary). The other thread also does what
  /// of GTK's start may run anywhere (`Gtk.prepareInBackground()`: fontconfig's
  /// configuration). Returns after both have finished; an error of `load` is thrown then.
  /// - Parameter load: work that needs no GTK, such as creating the window's `Localizer`.
  /// - Returns: whether a display could be opened, and what `load` returned.
  /// - Throws: what `load` threw.
  package static func openDisplay<Value: Sendable>(
    whileLoading load: @escaping @Sendable () throws -> Value
  ) throws -> (opened: Bool, value: Value) {
    let loaded = BackgroundResult<Value>()
    let thread = Thread {
      Gtk.prepareInBackground()
      loaded.finish(Result(catching: load))
    }
    thread.start()
    let opened = Gtk.initialize()
    return (opened, try loaded.wait().get())
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
  ///   - programs: when given, the window has the Programs view, which switches the
  ///     programs running with Parlance's GTK module.
  ///   - startupTrace: when given, the window's first frame completes it, prints its
  ///     line and quits (see ``StartupTrace``).
  /// - Returns: the exit status: 0 when the window was closed, 1 when it could not open.
  package static func run(
    localizer: Localizer, translations: URL? = nil, translatorMode: Bool = false,
    showsKeys: Bool = false, openInterface: InterfaceOpener? = nil,
    recentInterfaces: RecentInterfaceStore = .standard(), programs: ProgramSwitching? = nil,
    startupTrace: StartupTrace? = nil
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
      if let programs { created.enablePrograms(programs) }
      if let translations {
        do {
          try created.watchTranslations(translations)
        } catch {
          FileHandle.standardError.write(
            Data("parlance: warning: cannot watch '\(translations.path)': \(error)\n".utf8))
        }
      }
      created.show()
      if var trace = startupTrace {
        trace.windowShown = StartupTrace.now()
        _ = window.onNextDraw {
          trace.firstFrame = StartupTrace.now()
          FileHandle.standardOutput.write(Data((trace.line + "\n").utf8))
          application.quit()
        }
      }
    }
    defer { activation.disconnect() }
    return application.run(arguments: [CommandLine.arguments.first ?? "parlance"])
  }
}
