import Foundation
import Parlance

/// Opens a `.ui` file from the Parlance window: `parlance preview FILE` in a process of
/// its own.
///
/// Its own process, because GTK has one layout direction per process: a dialog previewed
/// in Arabic would mirror the window beside it, and the window switching back would
/// unmirror the dialog. The preview finds the `po/` folder by itself and shows it, with
/// "Choose Folder…". If it fails (a malformed file), its error lines come back for the
/// window's info bar; its standard error goes to a temporary file meanwhile, so that it
/// never writes into a pipe nobody reads once the window is closed.
enum InterfaceLauncher {
  /// Starts the preview of `file` in the window's language (when one is pinned).
  static func open(
    _ file: URL, localizer: Localizer, resources: URL,
    failed: @escaping @Sendable ([String]) -> Void
  ) {
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-preview-\(UUID().uuidString).log")
    let process = Process()
    process.executableURL = executable
    var arguments = ["preview", file.path]
    if case .pinned(let tag) = localizer.preference {
      arguments += ["--language", tag.identifier]
    }
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["PARLANCE_RESOURCES"] = resources.path
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    do {
      guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown)
      }
      let handle = try FileHandle(forWritingTo: log)
      process.standardError = handle
      try process.run()
      // The child has its own copy; the window keeps no descriptor per preview.
      try? handle.close()
    } catch {
      try? FileManager.default.removeItem(at: log)
      failed(["\(executable.path): error: cannot start the preview: \(error)"])
      return
    }
    let waiting = Thread {
      process.waitUntilExit()
      let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      try? FileManager.default.removeItem(at: log)
      guard process.terminationReason == .exit, process.terminationStatus != 0 else { return }
      failed(
        text.split(separator: "\n").map(String.init).filter {
          $0.contains(": error: ")
        })
    }
    waiting.name = "parlance-preview-wait"
    waiting.start()
  }

  /// This program: the preview is one of its subcommands.
  static var executable: URL {
    let running = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    if FileManager.default.isExecutableFile(atPath: running.path) { return running }
    return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  }
}
