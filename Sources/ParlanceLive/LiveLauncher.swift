import Foundation
import Parlance

#if canImport(Glibc)
  import Glibc
#endif

/// How `parlance run` starts a program so that it can be switched live: Parlance's GTK
/// module named in `GTK3_MODULES` with the program's pid beside it (the module stays
/// inert in the program's children), and gettext's environment made safe to switch
/// before the program reads it.
///
/// - `LD_PRELOAD` naming the gettext record beside the module (`libparlance-gettext.so`),
///   which remembers which messages the program asks gettext for: of several messages
///   that show one text, a switch takes those the program asked for. The module takes
///   it out again for the program's children.
/// - `LANGUAGE` exported, holding the language chosen (or the user's): the module later
///   replaces its value in place, which never moves the environment under the
///   program's threads.
/// - `LC_MESSAGES` an English locale (`en_US.UTF-8`): gettext honours `LANGUAGE` under
///   it, and GLib's `g_dgettext`, which decides once at start whether to translate at
///   all, says yes (it says no for a locale whose language the program has no catalog
///   of, and GTK's own texts would then stay English after every switch). Only the
///   messages category changes: dates, numbers and sorting stay the user's. An `LC_ALL`
///   is spread over the other categories for that.
public struct LiveLauncher: Sendable {
  /// The module's file.
  public let module: URL
  /// The language to start in; nil for the user's own.
  public let language: LanguageTag?
  /// The gettext record preloaded beside the module, when it is there.
  public let preload: URL?

  /// A launcher loading `module`, starting in `language` (nil: the user's), with the
  /// gettext record of the module's folder when there is one.
  public init(module: URL, language: LanguageTag?) {
    self.module = module
    self.language = language
    let preload = module.deletingLastPathComponent().appendingPathComponent(Self.preloadName)
    self.preload = FileManager.default.fileExists(atPath: preload.path) ? preload : nil
  }

  /// The module's file name.
  public static let moduleName = "libparlance-live.so"
  /// The gettext record's file name, beside the module.
  public static let preloadName = "libparlance-gettext.so"

  /// The user's messages locale, which the module gives back once GTK has started
  /// (`PARLANCE_LIVE_MESSAGES_VARIABLE` of the module's header).
  static let messagesVariable = "PARLANCE_LIVE_MESSAGES"

  /// Where the module of the `parlance` at `executable` is: `$PARLANCE_LIVE_MODULE`,
  /// beside it (a build folder), or `../lib/parlance/` (installed); nil when that file
  /// is not there.
  public static func module(
    besideExecutable executable: URL,
    environment: [String: String] = ProcessEnvironment.variables()
  ) -> URL? {
    if let path = environment["PARLANCE_LIVE_MODULE"], !path.isEmpty {
      return FileManager.default.fileExists(atPath: path) ? URL(fileURLWithPath: path) : nil
    }
    let folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
    let candidates = [
      folder.appendingPathComponent(moduleName),
      folder.deletingLastPathComponent().appendingPathComponent("lib/parlance/" + moduleName),
    ]
    return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
  }

  /// The locale categories `LC_ALL` stands for, but messages.
  static let categories = [
    "LC_CTYPE", "LC_NUMERIC", "LC_TIME", "LC_COLLATE", "LC_MONETARY", "LC_PAPER", "LC_NAME",
    "LC_ADDRESS", "LC_TELEPHONE", "LC_MEASUREMENT", "LC_IDENTIFICATION",
  ]

  /// The environment to start a program with, from `environment`, for the process
  /// `pid` (the launcher's own: it replaces itself with the program), with
  /// `messagesLocale` the English locale to use (`englishLocale()`).
  public func environment(
    from environment: [String: String], pid: Int32, messagesLocale: String
  ) -> [String: String] {
    var result = environment
    let existing = environment["GTK3_MODULES"].flatMap { $0.isEmpty ? nil : $0 }
    result["GTK3_MODULES"] = ([module.path] + (existing.map { [$0] } ?? [])).joined(
      separator: ":")
    result["PARLANCE_LIVE_PID"] = String(pid)
    if let preload {
      // ld.so reads LD_PRELOAD split at spaces and colons.
      let existing = environment["LD_PRELOAD"].flatMap { $0.isEmpty ? nil : $0 }
      result["LD_PRELOAD"] = ([preload.path] + (existing.map { [$0] } ?? [])).joined(
        separator: ":")
    }
    let messages = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }
      .first { !$0.isEmpty }
    if let all = environment["LC_ALL"], !all.isEmpty {
      for category in Self.categories { result[category] = all }
      result["LC_ALL"] = nil
      if environment["LANG"]?.isEmpty ?? true { result["LANG"] = all }
    }
    result["LC_MESSAGES"] = messagesLocale
    // Given back by the module once GTK has started (GLib's latch decided by then): a
    // library that names things by the messages locale and not LANGUAGE (garcon's
    // application names), and the program's children (a terminal), see the user's.
    // Not C or POSIX, under which gettext ignores LANGUAGE.
    if let messages, !["C", "POSIX"].contains(messages), !messages.hasPrefix("C.") {
      result[Self.messagesVariable] = messages
    }
    result["LANGUAGE"] = gettextLanguages(messagesLocale: messages, environment: environment)
    return result
  }

  /// `LANGUAGE` for the program: the chosen language, or the user's `LANGUAGE`, or the
  /// language of their messages locale (gettext ignores `LANGUAGE` in `C` and `POSIX`:
  /// so does this).
  func gettextLanguages(messagesLocale: String?, environment: [String: String]) -> String {
    // gettext itself falls back from pt_BR to pt.
    if let language { return language.gettextLocaleName }
    guard let messagesLocale, !["C", "POSIX"].contains(messagesLocale) else { return "" }
    if let list = environment["LANGUAGE"], !list.isEmpty { return list }
    if messagesLocale.hasPrefix("C.") { return "" }
    var name = messagesLocale
    if let dot = name.firstIndex(of: ".") {
      let modifier = name.firstIndex(of: "@").map { String(name[$0...]) } ?? ""
      name = String(name[..<dot]) + modifier
    }
    return name
  }

  /// An installed English UTF-8 locale for the messages category, or `C.UTF-8` (which
  /// honours `LANGUAGE`, but may latch GLib's translation off: `warning` says so).
  public static func englishLocale() -> (name: String, warning: String?) {
    for name in ["en_US.UTF-8", "en_GB.UTF-8", "en_CA.UTF-8", "en_AU.UTF-8", "en_IE.UTF-8"] {
      if let locale = newlocale(LC_MESSAGES_MASK, name, nil) {
        freelocale(locale)
        return (name, nil)
      }
    }
    return (
      "C.UTF-8",
      "no English locale is installed (locale-gen en_US.UTF-8): if the program has no "
        + "catalog in the language it starts in, GTK's own texts stay English after a switch"
    )
  }

  /// What `program` is, for a warning: a GTK 4 or GTK 2 program loads no GTK 3 module
  /// and runs without live switching. Nil for a GTK 3 program, a script, or a file
  /// that cannot be read.
  public static func toolkitWarning(for program: URL) -> String? {
    guard let handle = try? FileHandle(forReadingFrom: program) else { return nil }
    defer { try? handle.close() }
    // The dynamic section's library names lie in the first megabytes of an ELF file.
    guard let data = try? handle.read(upToCount: 8 << 20),
      data.starts(with: [0x7F, 0x45, 0x4C, 0x46])
    else { return nil }
    func links(_ library: String) -> Bool { data.range(of: Data(library.utf8)) != nil }
    if links("libgtk-3.so.0") { return nil }
    let name = program.lastPathComponent
    if links("libgtk-4.so.1") {
      return "\(name) is a GTK 4 program, which loads no GTK 3 module: it runs, but "
        + "cannot be switched live"
    }
    if links("libgtk-x11-2.0.so.0") {
      return "\(name) is a GTK 2 program, which loads no GTK 3 module: it runs, but "
        + "cannot be switched live"
    }
    return nil
  }

  /// The file `PATH` finds for `name` (a name with a slash is itself), or nil.
  public static func resolve(
    _ name: String, environment: [String: String] = ProcessEnvironment.variables()
  ) -> URL? {
    if name.contains("/") {
      return access(name, X_OK) == 0 ? URL(fileURLWithPath: name) : nil
    }
    let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for folder in path.split(separator: ":", omittingEmptySubsequences: false) {
      let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + name
      var status = stat()
      if stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
        access(candidate, X_OK) == 0
      {
        return URL(fileURLWithPath: candidate)
      }
    }
    return nil
  }

  /// Replaces this process with `program` (`arguments` after its name) in
  /// `environment`. Returns only when it cannot be started, with `errno`'s message.
  public static func exec(
    _ program: URL, name: String, arguments: [String], environment: [String: String]
  ) -> String {
    let argv = ([name] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0.key + "=" + $0.value) } + [nil]
    execve(program.path, argv, envp)
    let message = SystemErrorText.of(errno)
    for pointer in argv + envp { free(pointer) }
    return message
  }
}
