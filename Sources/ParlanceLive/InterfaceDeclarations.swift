import Foundation
import Parlance
import ParlanceGtk

/// The messages a running program's GtkBuilder files build its objects with: for an
/// object's id and a property, the catalog keys (context and msgid) its `.ui` files
/// give it. A text several messages show with different translations ("Meldungen" is
/// geany's "Messages" and "Status messages") is then the one its file wrote there.
///
/// The files are those of the program's GResources (its own, its libraries', GTK's
/// templates), which its module lists, and those it installs under
/// `<prefix>/share/<program>` or `<prefix>/share/<text domain>` (geany's `geany.glade`),
/// which GtkBuilder read from disk. An id several files use gives each file's message:
/// a text is decided among them only, never by the id alone.
public struct InterfaceDeclarations: Sendable {
  /// Catalog keys by object id, then by the name of the text (`label`, `title`,
  /// `tooltip-text`, `accessible-name`, a child property's name).
  private let keys: [String: [String: Set<String>]]

  /// How many files were read.
  public let fileCount: Int

  /// The declarations of the GtkBuilder files given as their bytes (a name each, for
  /// nothing but telling them apart).
  public init(files: [(name: String, contents: [UInt8])]) {
    var keys: [String: [String: Set<String>]] = [:]
    for file in files {
      let document = InterfaceDocument.parse(file.contents, file: file.name)
      for text in document.texts {
        let key = CatalogEntry.key(text.msgid, context: text.context)
        if case .menuAttribute(_, let attribute) = text.target, let item = text.menuItem,
          let id = Self.menuItemID(of: item)
        {
          for name in Self.names(ofMenuAttribute: attribute) {
            keys[id, default: [:]][name, default: []].insert(key)
          }
        }
        guard text.hasOwnID else { continue }
        for name in Self.names(of: text.target) {
          keys[text.objectID, default: [:]][name, default: []].insert(key)
        }
      }
    }
    self.keys = keys
    fileCount = files.count
  }

  /// The names a running program's module gives the text `target` sets: a tooltip is
  /// read as text or markup, whichever the widget holds.
  private static func names(of target: InterfaceText.Target) -> [String] {
    switch target {
    case .property(let name) where name == "tooltip-text" || name == "tooltip-markup":
      return ["tooltip-text", "tooltip-markup"]
    // A GtkAction's tooltip, which its proxies (a menu item, a tool button) show.
    case .property("tooltip"): return ["tooltip", "tooltip-text", "tooltip-markup"]
    case .property(let name), .accessible(let name), .childProperty(let name, _): return [name]
    default: return []
    }
  }

  /// The id the module gives a menu item GTK made of a menu model's `item`, which has no
  /// GtkBuilder id: `action:` and its action (`action:win.find`), `submenu:` for a
  /// submenu. Every item of the files with that action, or every submenu, gives it the
  /// messages of its attributes.
  private static func menuItemID(of item: InterfaceText.MenuItem) -> String? {
    switch item {
    case .action(let name): "action:" + name
    case .submenu: "submenu:"
    case .other: nil
    }
  }

  /// The properties of a menu item GTK shows a menu attribute as: its `label`, and the
  /// `tooltip` a program reads from its own attribute (mousepad).
  private static func names(ofMenuAttribute attribute: String) -> [String] {
    switch attribute {
    case "label": ["label"]
    case "tooltip": ["tooltip-text", "tooltip-markup"]
    default: []
    }
  }

  /// The catalog keys the files give the text `property` of the object with id `id`;
  /// empty when none does.
  public func keys(of id: String, property: String) -> Set<String> {
    guard !id.isEmpty else { return [] }
    // A GtkAction's short label is its label where the file gives it none.
    if property == "short-label", keys[id]?[property] == nil { return keys[id]?["label"] ?? [] }
    return keys[id]?[property] ?? []
  }

  /// The declarations of `program`: the GtkBuilder files of its GResources (asked of its
  /// module) and those it installs beside its data.
  public static func of(_ program: LiveBus.Program, timeout: Duration = LiveBus.timeout)
    -> InterfaceDeclarations
  {
    var files = ((try? LiveBus.interfaces(program.busName, timeout: timeout)) ?? []).map {
      (name: $0.path, contents: $0.contents)
    }
    let installed = installedFiles(
      program: program.name, textDomain: program.textDomain,
      localeFolder: program.textDomainDirectory)
    for url in installed {
      if let data = try? Data(contentsOf: url) { files.append((url.path, Array(data))) }
    }
    return InterfaceDeclarations(files: files)
  }

  /// At most this many installed files are read, each of at most `installedFileLimit`
  /// bytes, from folders at most `installedDepth` deep.
  static let installedFileCount = 200
  static let installedFileLimit = 4 << 20
  static let installedDepth = 3

  /// The `.ui` and `.glade` files, and the `.xml` files that are GtkBuilder files (mypaint
  /// names its `resources.xml`), under `<share>/<name>` and `<prefix>/lib/<name>` for the
  /// program's name and its text domain, `<share>` being the folder of its locale folder
  /// (`/opt/x/share/locale` → `/opt/x/share`, whose prefix is `/opt/x`) and `/usr/share`.
  package static func installedFiles(program: String, textDomain: String, localeFolder: String)
    -> [URL]
  {
    var shares = [URL(fileURLWithPath: "/usr/share", isDirectory: true)]
    let locale = URL(fileURLWithPath: localeFolder, isDirectory: true)
    if localeFolder.hasPrefix("/"), locale.lastPathComponent == "locale" {
      let share = locale.deletingLastPathComponent().standardizedFileURL
      if !shares.contains(share) { shares.insert(share, at: 0) }
    }
    let bases = shares.flatMap { share in
      [share, share.deletingLastPathComponent().appendingPathComponent("lib", isDirectory: true)]
    }
    var folders: [URL] = []
    for base in bases {
      for name in [program, textDomain] where !name.isEmpty && !name.contains("/") {
        let folder = base.appendingPathComponent(name, isDirectory: true)
        if !folders.contains(folder) { folders.append(folder) }
      }
    }
    var found: [URL] = []
    for folder in folders { collect(in: folder, depth: installedDepth, into: &found) }
    return found
  }

  /// Whether the XML file at `url` is a GtkBuilder file: `<interface>` is its root, which
  /// its first 4 KB (a declaration and comments before it) hold.
  private static func isInterface(_ url: URL) -> Bool {
    guard let file = try? FileHandle(forReadingFrom: url) else { return false }
    defer { try? file.close() }
    let start = (try? file.read(upToCount: 4096)) ?? Data()
    let text = String(decoding: start, as: UTF8.self)
    // Past the declaration and the comments: the first element's name.
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "<") {
      rest = rest[rest.index(after: open)...]
      if rest.hasPrefix("?") || rest.hasPrefix("!") {
        guard let close = rest.range(of: rest.hasPrefix("!--") ? "-->" : ">") else { return false }
        rest = rest[close.upperBound...]
        continue
      }
      return rest.hasPrefix("interface")
        && rest.dropFirst(9).first.map { " >\n\t\r/".contains($0) } == true
    }
    return false
  }

  private static func collect(in folder: URL, depth: Int, into found: inout [URL]) {
    let keys: [URLResourceKey] = [.isDirectoryKey, .fileSizeKey]
    guard
      let entries = try? FileManager.default.contentsOfDirectory(
        at: folder, includingPropertiesForKeys: keys)
    else { return }
    for entry in entries.sorted(by: { $0.path < $1.path }) where found.count < installedFileCount {
      let values = try? entry.resourceValues(forKeys: Set(keys))
      if values?.isDirectory == true {
        if depth > 0 { collect(in: entry, depth: depth - 1, into: &found) }
      } else if ["ui", "glade", "xml"].contains(entry.pathExtension),
        (values?.fileSize ?? Int.max) <= installedFileLimit,
        entry.pathExtension != "xml" || isInterface(entry)
      {
        found.append(entry)
      }
    }
  }
}
