import CGettext
import Foundation
import XCTest

/// What a GTK program shows for a `.ui` text: glibc's `dgettext` over catalogs compiled by
/// `msgfmt`, the path GtkBuilder takes in real programs. Independent of Parlance's `.po`
/// parser and lookups, so the tests compare two implementations, not one with itself.
final class GettextOracle: Sendable {
  /// `<tmp>/<name>/LC_MESSAGES/parlance-oracle-<name>.mo`, one per `.po` file.
  let localeDirectory: URL

  /// Compiles `<name>.po` of `poFolder` for each of `names` (`de`, `zh_CN`, `sr@latin`).
  ///
  /// - Throws: `XCTSkip` without `msgfmt`; an error when it refuses a file.
  init(poFolder: URL, names: [String]) throws {
    let msgfmt = URL(fileURLWithPath: "/usr/bin/msgfmt")
    guard FileManager.default.isExecutableFile(atPath: msgfmt.path) else {
      throw XCTSkip("no msgfmt (gettext) for the oracle")
    }
    localeDirectory = FileManager.default.temporaryDirectory
      .appendingPathComponent("parlance-oracle-\(UUID().uuidString)", isDirectory: true)
    for name in names {
      let folder = localeDirectory.appendingPathComponent("\(name)/LC_MESSAGES")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let process = Process()
      process.executableURL = msgfmt
      process.arguments = [
        "-o", folder.appendingPathComponent(Self.domain(name) + ".mo").path,
        poFolder.appendingPathComponent(name + ".po").path,
      ]
      try process.run()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: name + ".po"])
      }
    }
  }

  /// A text domain of its own for each catalog.
  static func domain(_ name: String) -> String { "parlance-oracle-" + name }

  deinit {
    try? FileManager.default.removeItem(at: localeDirectory)
  }

  /// The text gettext gives `msgid` (in `context`) in the catalog `name`: the msgid itself
  /// when the catalog has no translation, as `pgettext` does.
  func translation(of msgid: String, context: String?, in name: String) -> String {
    // The lookup changes the process's locale and LANGUAGE: put them back after it, so
    // that no later test runs in another environment.
    let savedLanguage = getenv("LANGUAGE").map { String(cString: $0) }
    let savedLocale = setlocale(LC_ALL, nil).map { String(cString: $0) }
    defer {
      if let savedLanguage { setenv("LANGUAGE", savedLanguage, 1) } else { unsetenv("LANGUAGE") }
      if let savedLocale { setlocale(LC_ALL, savedLocale) }
    }
    // glibc caches lookups by domain, not by LANGUAGE: one domain per catalog.
    let domain = Self.domain(name)
    guard parlance_gettext_setup(domain, localeDirectory.path, name) == 0 else {
      return "<gettext setup failed>"
    }
    let key = context.map { $0 + "\u{4}" + msgid } ?? msgid
    // Untranslated, gettext hands back the pointer it was given: read it in its scope.
    return key.withCString { pointer in
      guard let result = parlance_dgettext(domain, pointer), result != pointer else {
        return msgid
      }
      return String(cString: result)
    }
  }
}
