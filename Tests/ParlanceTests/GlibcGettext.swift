import Foundation
import Testing

/// glibc's own `dgettext`, `dpgettext` and `dngettext`, asked in a process of their own
/// (`Tests/support/gettext_oracle.py`, libc through ctypes): the oracle the `.mo` reader
/// is compared with. A process of its own because gettext's language is the process's
/// environment, which tests running in parallel must not change.
enum GlibcGettext {
  struct Query: Codable, Hashable {
    var msgid: String
    var context: String?
    var plural: String?
    var n: UInt64?
  }

  struct Answer: Codable, Hashable {
    var text: String
    var translated: Bool
  }

  /// `msgfmt`, which the fixtures are compiled with.
  static let msgfmt = "/usr/bin/msgfmt"
  static var isAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: msgfmt)
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
  }

  /// What glibc answers for `queries` in `language` (as gettext names it: `sr@latin`)
  /// with `domain` bound to `localeFolder`.
  static func answers(
    _ queries: [Query], domain: String, localeFolder: URL, language: String
  ) throws -> [Answer] {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("support/gettext_oracle.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [script.path, localeFolder.path, domain, language]
    var environment = ProcessInfo.processInfo.environment
    environment["LANGUAGE"] = language
    process.environment = environment
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let request = try JSONEncoder().encode(queries)
    // Written on a thread of its own: a large request would fill the pipe while the
    // oracle's answers fill the other one.
    let writer = Thread {
      input.fileHandleForWriting.write(request)
      try? input.fileHandleForWriting.close()
    }
    writer.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw OracleFailure(message: "gettext_oracle.py exited with \(process.terminationStatus)")
    }
    return try JSONDecoder().decode([Answer].self, from: data)
  }

  /// Compiles `po` with `msgfmt` into `<folder>/<name>/LC_MESSAGES/<domain>.mo`, with
  /// extra `options` (`--endianness=big`, `--no-hash`).
  @discardableResult
  static func compile(
    _ po: URL, into folder: URL, language name: String, domain: String, options: [String] = []
  ) throws -> URL {
    let target = folder.appendingPathComponent("\(name)/LC_MESSAGES", isDirectory: true)
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
    let file = target.appendingPathComponent(domain + ".mo")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: msgfmt)
    process.arguments = options + ["-o", file.path, po.path]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw OracleFailure(message: "msgfmt refused \(po.lastPathComponent)")
    }
    return file
  }

  struct OracleFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
  }
}
