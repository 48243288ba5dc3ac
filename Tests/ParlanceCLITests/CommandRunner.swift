import Foundation

/// Runs the built `parlance` binary as a user would, with its own environment and its own
/// configuration folder, removed when the runner is released.
final class CommandRunner {
  struct Output {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  struct MissingBinary: Error, CustomStringConvertible {
    let description: String
  }

  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `$PARLANCE_BIN`, else the `parlance` built beside this test bundle — never one of
  /// another build folder, which may be of older sources.
  static var binary: URL {
    if let path = ProcessInfo.processInfo.environment["PARLANCE_BIN"] {
      return URL(fileURLWithPath: path)
    }
    // The test bundle sits in the same build folder as the executable.
    let candidates = [
      Bundle.main.bundleURL.appendingPathComponent("parlance"),
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("parlance"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
      ?? candidates[candidates.count - 1]
  }

  /// Why there is no binary to run, or nil.
  static let missing: String? = {
    let binary = CommandRunner.binary
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      return "no parlance binary at \(binary.path): build it first (swift build --build-tests)"
    }
    return nil
  }()

  static var resources: URL { packageRoot.appendingPathComponent("Resources") }

  let configHome: URL

  init() throws {
    configHome = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-cli-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: configHome, withIntermediateDirectories: true)
  }

  deinit {
    remove()
  }

  func remove() {
    try? FileManager.default.removeItem(at: configHome)
  }

  var preferenceFile: URL { configHome.appendingPathComponent("parlance/language.json") }

  /// The display of the test run (`make test` runs under Xvfb), for commands that build
  /// widgets; empty without one. The accessibility bridge stays off, so nothing but the
  /// command writes to standard error.
  static var display: [String: String] {
    let environment = ProcessInfo.processInfo.environment
    guard let display = environment["DISPLAY"] else { return [:] }
    var passed = ["DISPLAY": display, "NO_AT_BRIDGE": "1"]
    passed["XAUTHORITY"] = environment["XAUTHORITY"]
    return passed
  }

  /// Runs the binary with `arguments` in `directory` (the test's own by default); with a
  /// `timeout`, a program still running then is terminated (a watchdog against a hang,
  /// not a timing: its output then says so).
  func run(
    _ arguments: [String], environment extra: [String: String] = [:], in directory: URL? = nil,
    timeout: Duration? = nil
  ) throws -> Output {
    if let missing = Self.missing { throw MissingBinary(description: missing) }
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var environment = [
      "XDG_CONFIG_HOME": configHome.path, "HOME": configHome.path, "LANG": "C.UTF-8",
    ]
    environment["PARLANCE_RESOURCES"] = Self.resources.path
    environment.merge(extra) { _, new in new }
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    if let timeout {
      let seconds = Double(timeout.components.seconds)
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [process] in
        if process.isRunning { process.terminate() }
      }
    }
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }
}
