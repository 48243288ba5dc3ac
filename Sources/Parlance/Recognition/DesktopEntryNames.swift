import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The names the installed desktop entries give applications and menus, in every
/// language they write: what a program shows of other programs' `.desktop` files and of
/// the menus' `.directory` files (a menu editor's categories, an application chooser),
/// which no gettext catalog holds. A text of no message is looked up here
/// (`Retranslator.desktopEntries`).
///
/// ```
/// /usr/share/desktop-directories/Utility.directory
///   Name=Accessories  Name[de]=Zubehör  Name[fr]=Accessoires
/// "Zubehör" shown in de → key …/Utility.directory␄Desktop Entry␄Name → "Accessoires" in fr
/// ```
///
/// A text is looked up as GLib's `g_key_file_get_locale_string` gave it to the program:
/// the value of the first of the language's names that the key has (`pt_BR`, then `pt`),
/// else the untranslated value. The files are read once, ahead of the first lookup
/// (`readAhead`) or at it: a switch the module makes alone reads none. A file GLib
/// refuses, and one that leaves its
/// translations to a gettext domain (`X-GNOME-Gettext-Domain`: the program's catalogs
/// have them), give none.
public final class DesktopEntryNames: Sendable {
  /// The table a `Retranslator.ShownMessage` of a desktop entry names. Its key is the
  /// file's path, its group and its key, joined by U+0004.
  public static let table = "(desktop entries)"
  /// The keys a program shows: an entry's name, generic name and comment, in the
  /// `[Desktop Entry]` group and its actions' groups (`[Desktop Action new-window]`).
  static let shownKeys: Set<String> = ["Name", "GenericName", "Comment"]
  /// Keys that hand a file's translations to gettext (Debian's GLib reads them).
  static let gettextDomainKeys = ["X-GNOME-Gettext-Domain", "X-Ubuntu-Gettext-Domain"]
  /// The keys read of each file.
  static let readKeys = shownKeys.union(gettextDomainKeys)
  /// At most this many files are read, each at most `maximumFileSize` bytes: a folder of
  /// anything else is no menu, and a switch must not stall on it.
  static let maximumFiles = 20_000
  static let maximumFileSize = 1 << 20

  /// Where the entries are looked for, the first taking precedence: each folder's
  /// `applications` (`.desktop`, in subfolders too) and `desktop-directories`
  /// (`.directory`).
  public let folders: [URL]

  /// Where menu files are looked for (`menus` of each XDG configuration folder): the
  /// `.directory` files each names are one menu's categories.
  public let menuFolders: [URL]

  private let values = Lock<[String: DesktopEntryFile.Value]?>(nil)
  /// Per list of language names: each text shown in them, and the keys showing it, each
  /// with whether it shows it as a translation (or is alike in every language).
  private let shown = Lock<[[String]: [String: [(key: String, isTranslation: Bool)]]]>([:])
  /// The `.directory` files each menu file names, read at the first call of `sharedMenus`.
  private let menus = Lock<[Set<String>]?>(nil)

  /// The names of the entries under `folders` (`installedFolders()`: the user's, then
  /// the system's), and the menus of the menu files under `menuFolders`
  /// (`installedMenuFolders()`).
  public init(folders: [URL], menuFolders: [URL] = []) {
    self.folders = folders
    self.menuFolders = menuFolders
  }

  /// The names of the user's and the system's entries and menus, as `environment`'s XDG
  /// folders place them.
  public static func installed(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> DesktopEntryNames {
    DesktopEntryNames(
      folders: installedFolders(environment: environment),
      menuFolders: installedMenuFolders(environment: environment))
  }

  /// The XDG data folders, as the desktop menu specification reads them: `$XDG_DATA_HOME`
  /// (`~/.local/share`), then each of `$XDG_DATA_DIRS` (`/usr/local/share:/usr/share`).
  public static func installedFolders(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> [URL] {
    xdgFolders(
      home: ("XDG_DATA_HOME", ".local/share"),
      system: ("XDG_DATA_DIRS", "/usr/local/share:/usr/share"),
      environment: environment
    ).map { URL(fileURLWithPath: $0, isDirectory: true) }
  }

  /// The XDG configuration folders' `menus`: `$XDG_CONFIG_HOME` (`~/.config`), then each
  /// of `$XDG_CONFIG_DIRS` (`/etc/xdg`).
  public static func installedMenuFolders(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> [URL] {
    xdgFolders(
      home: ("XDG_CONFIG_HOME", ".config"), system: ("XDG_CONFIG_DIRS", "/etc/xdg"),
      environment: environment
    ).map { URL(fileURLWithPath: $0 + "/menus", isDirectory: true) }
  }

  /// The user's folder (the variable `home.variable`, else `$HOME/` and `home.fallback`),
  /// then the system's (the list `system.variable`, else `system.fallback`), each once;
  /// a relative path is no XDG folder.
  private static func xdgFolders(
    home: (variable: String, fallback: String), system: (variable: String, fallback: String),
    environment: [String: String]
  ) -> [String] {
    var folders: [String] = []
    if let own = environment[home.variable], own.hasPrefix("/") {
      folders.append(own)
    } else if let user = environment["HOME"], user.hasPrefix("/") {
      folders.append(user + "/" + home.fallback)
    }
    let list = environment[system.variable].flatMap { $0.isEmpty ? nil : $0 } ?? system.fallback
    folders += list.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
    var seen = Set<String>()
    return folders.filter { seen.insert($0).inserted }
  }

  /// The keys (`table`'s) whose text in `languages` (GLib's names, `languageNames`) is
  /// `text`, sorted: where the languages have a translation, or the entry has none in any
  /// language; with `untranslatedToo`, also where an entry's untranslated text is shown
  /// for want of a translation.
  public func keys(showing text: String, languages: [String], untranslatedToo: Bool = false)
    -> [String]
  {
    let index =
      shown.withLock({ $0[languages] })
      ?? {
        var index: [String: [(key: String, isTranslation: Bool)]] = [:]
        for (key, value) in entries() {
          let translated = languages.lazy.compactMap { value.localized[$0] }.first
          guard let shown = translated ?? value.untranslated else { continue }
          index[shown, default: []].append(
            (key, translated != nil || value.localized.isEmpty))
        }
        for text in index.keys { index[text]?.sort { $0.key < $1.key } }
        shown.withLock { $0[languages] = index }
        return index
      }()
    return (index[text] ?? []).filter { untranslatedToo || $0.isTranslation }.map(\.key)
  }

  /// Whether entry `key` reads the same in every language it has.
  public func isAlikeInEveryLanguage(_ key: String) -> Bool {
    guard let value = entries()[key] else { return false }
    return value.localized.values.allSatisfy { $0 == value.untranslated }
  }

  /// How many menus name both `key` and `other`, each the `.directory` file of a
  /// category; one for two applications (`.desktop`), which one list shows together;
  /// none for anything else.
  public func sharedMenus(_ key: String, _ other: String) -> Int {
    func file(_ key: String) -> Substring { key.prefix { $0 != "\u{4}" } }
    let (first, second) = (file(key), file(other))
    if first.hasSuffix(".desktop") { return second.hasSuffix(".desktop") ? 1 : 0 }
    guard first.hasSuffix(".directory"), second.hasSuffix(".directory") else { return 0 }
    let names = (
      String(first.split(separator: "/").last ?? ""),
      String(second.split(separator: "/").last ?? "")
    )
    return menuDirectories().filter { $0.contains(names.0) && $0.contains(names.1) }.count
  }

  /// The text of `key` in `languages` (GLib's names), or nil for a key of no entry.
  public func text(of key: String, languages: [String]) -> String? {
    entries()[key]?.text(for: languages)
  }

  /// The names GLib's `g_get_language_names` gives gettext's language names: each with
  /// its variants, the most specific first (`sr_RS@latin` → `sr_RS@latin`, `sr@latin`,
  /// `sr_RS`, `sr`), each once.
  public static func languageNames(_ gettextNames: [String]) -> [String] {
    var names: [String] = []
    for name in gettextNames {
      var rest = Substring(name)
      var modifier: Substring?
      var codeset: Substring?
      var territory: Substring?
      if let at = rest.firstIndex(of: "@") { (rest, modifier) = (rest[..<at], rest[at...]) }
      if let dot = rest.firstIndex(of: ".") { (rest, codeset) = (rest[..<dot], rest[dot...]) }
      if let bar = rest.firstIndex(of: "_") { (rest, territory) = (rest[..<bar], rest[bar...]) }
      // GLib's order: territory, codeset and modifier dropped as a binary count down,
      // the modifier weighing most.
      for mask in stride(from: 7, through: 0, by: -1) {
        if mask & 2 != 0, territory == nil { continue }
        if mask & 1 != 0, codeset == nil { continue }
        if mask & 4 != 0, modifier == nil { continue }
        let variant =
          rest + (mask & 2 != 0 ? territory ?? "" : "") + (mask & 1 != 0 ? codeset ?? "" : "")
          + (mask & 4 != 0 ? modifier ?? "" : "")
        if !names.contains(String(variant)) { names.append(String(variant)) }
      }
    }
    return names
  }

  /// The `.directory` files each menu file names (`<Directory>Utility.directory</Directory>`),
  /// read at the first call.
  private func menuDirectories() -> [Set<String>] {
    if let read = menus.withLock({ $0 }) { return read }
    var read: [Set<String>] = []
    for folder in menuFolders {
      guard
        let enumerator = FileManager.default.enumerator(
          at: folder, includingPropertiesForKeys: nil)
      else { continue }
      for case let url as URL in enumerator where url.pathExtension == "menu" {
        guard read.count < Self.maximumFiles, let data = try? Data(contentsOf: url),
          data.count <= Self.maximumFileSize
        else { continue }
        let text = String(decoding: data, as: UTF8.self)
        var names = Set<String>()
        for piece in text.components(separatedBy: "<Directory>").dropFirst() {
          guard let end = piece.range(of: "</Directory>") else { continue }
          names.insert(piece[..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines))
        }
        if !names.isEmpty { read.append(names) }
      }
    }
    menus.withLock { $0 = read }
    return read
  }

  /// Every shown key's values, read at the first call.
  private func entries() -> [String: DesktopEntryFile.Value] {
    // Read under the lock: a caller that comes while `readAhead`'s thread reads waits for
    // it instead of reading again.
    values.withLock { values in
      if let read = values { return read }
      let read = Self.read(folders)
      values = read
      return read
    }
  }

  /// Starts reading the entries on a thread of its own, unless read already, and returns
  /// at once: a switch asks for them while it builds its other indexes, and on a second
  /// core the reading costs it nothing.
  public func readAhead() {
    guard values.withLock({ $0 == nil }) else { return }
    DispatchQueue.global(qos: .userInitiated).async { _ = self.entries() }
  }

  private static func read(_ folders: [URL]) -> [String: DesktopEntryFile.Value] {
    var values: [String: DesktopEntryFile.Value] = [:]
    var seenIDs = Set<String>()
    var files = 0
    for folder in folders.flatMap({ withDesktopsFolders($0.path) }) {
      for (subfolder, suffix) in [
        ("applications", ".desktop"), ("desktop-directories", ".directory"),
      ] {
        // The file's id: its path below the folder, `/` as `-`; the first folder's file
        // of an id hides the others (the user's own copy of an entry).
        for (path, id) in entryFiles(in: folder + "/" + subfolder, suffix: suffix)
        where seenIDs.insert(subfolder + ":" + id).inserted {
          guard files < maximumFiles else { return values }
          guard let data = FileManager.default.contents(atPath: path) else { continue }
          files += 1
          add(DesktopEntryFile(bytes: data, file: path, keys: readKeys), to: &values)
        }
      }
    }
    return values
  }

  /// The files named `*suffix` under `folder` and its folders (not through a link to a
  /// folder, which may loop), each with its id, and no larger than `maximumFileSize`.
  private static func entryFiles(in folder: String, suffix: String, prefix: String = "")
    -> [(path: String, id: String)]
  {
    guard prefix.count < 1000,
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
    else { return [] }
    var found: [(path: String, id: String)] = []
    for name in names.sorted() {
      let path = folder + "/" + name
      var status = stat()
      guard lstat(path, &status) == 0 || stat(path, &status) == 0 else { continue }
      if status.st_mode & S_IFMT == S_IFDIR {
        found += entryFiles(in: path, suffix: suffix, prefix: prefix + name + "-")
      } else if name.hasSuffix(suffix) {
        // A link to a file is read as the file.
        if status.st_mode & S_IFMT == S_IFLNK, stat(path, &status) != 0 { continue }
        guard status.st_mode & S_IFMT == S_IFREG, status.st_size <= maximumFileSize else {
          continue
        }
        found.append((path, prefix + name))
      }
    }
    return found
  }

  /// `folder`, then its folders that hold a desktop's own entries
  /// (`/usr/share/mate/desktop-directories`, which MATE's menus read).
  private static func withDesktopsFolders(_ folder: String) -> [String] {
    let manager = FileManager.default
    let children = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
    return [folder]
      + children.sorted().map { folder + "/" + $0 }.filter { child in
        ["applications", "desktop-directories"].contains {
          manager.fileExists(atPath: child + "/" + $0)
        }
      }
  }

  private static func add(
    _ file: DesktopEntryFile, to values: inout [String: DesktopEntryFile.Value]
  ) {
    guard !file.isRefused, let entry = file.groups["Desktop Entry"],
      !gettextDomainKeys.contains(where: { entry[$0] != nil })
    else { return }
    for (group, keys) in file.groups
    where group == "Desktop Entry" || group.hasPrefix("Desktop Action ") {
      for (key, value) in keys where shownKeys.contains(key) {
        values[file.file + "\u{4}" + group + "\u{4}" + key] = value
      }
    }
  }
}
