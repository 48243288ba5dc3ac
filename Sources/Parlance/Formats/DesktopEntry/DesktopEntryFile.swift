import Foundation

/// A desktop entry file (`.desktop`, `.directory`) as GLib's `GKeyFile` reads it: groups
/// of keys, each key with its untranslated value and its values per locale
/// (`Name[de]`), string escapes decoded. The names it gives applications and menus are
/// what a program shows of them: an application chooser, a menu editor, a launcher.
///
/// ```
/// [Desktop Entry]                  groups["Desktop Entry"]["Name"]
/// Name=Text Editor                   .untranslated  "Text Editor"
/// Name[de]=Texteditor                .localized     ["de": "Texteditor",
/// Name[pt_BR]=Editor\sde texto                       "pt_BR": "Editor de texto"]
/// ```
///
/// A line GLib refuses (neither a group, a key, a comment nor blank; a key before the
/// first group; a group or key name it does not take) is an error: GLib then refuses the
/// whole file, and a program shows nothing of it. A value with an escape GLib does not
/// know is a warning: that value alone is unreadable, as `g_key_file_get_string` says.
public struct DesktopEntryFile: Sendable {
  /// One key's values.
  public struct Value: Hashable, Sendable {
    /// The value without a locale (`Name=`), or nil.
    public var untranslated: String?
    /// The values by locale as written in the key (`de`, `pt_BR`, `sr@latin`).
    public var localized: [String: String] = [:]

    /// The value GLib's `g_key_file_get_locale_string` gives for `languages` (as
    /// `g_get_language_names` lists them, most wanted first): the first language's,
    /// else the untranslated one.
    ///
    /// ```
    /// ["pt_BR", "pt"] with Name[pt]=Editor, Name=Editor → "Editor" (pt)
    /// ```
    public func text(for languages: [String]) -> String? {
      for language in languages {
        if let text = localized[language] { return text }
      }
      return untranslated
    }
  }

  /// The file's path as given.
  public let file: String
  /// The keys of each group (groups written twice are merged, a key written twice keeps
  /// its last value).
  public private(set) var groups: [String: [String: Value]] = [:]
  /// What was wrong; an error means GLib refuses the file (`isRefused`).
  public private(set) var diagnostics: [Diagnostic] = []

  /// Whether GLib refuses the file: a program shows nothing of it.
  public var isRefused: Bool { diagnostics.contains { $0.severity == .error } }

  /// The file read from `bytes` (UTF-8), `file` its path for the diagnostics; of its
  /// keys, only `keys` (all when nil) are kept, the others checked as GLib checks them.
  ///
  /// Worked on bytes: a menu's entries are read at a switch, and most of a file's lines
  /// are keys no one here reads (`Keywords[de]=…`).
  public init(bytes: some Collection<UInt8>, file: String, keys wanted: Set<String>? = nil) {
    self.file = file
    let bytes = Array(bytes)
    var group: String?
    var lineNumber = 0
    var lineStart = 0
    while lineStart <= bytes.count {
      let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      defer { lineStart = lineEnd + 1 }
      lineNumber += 1
      var end = lineEnd
      if end > lineStart, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      var first = lineStart
      while first < end, Self.isBlank(bytes[first]) { first += 1 }
      guard first < end, bytes[first] != UInt8(ascii: "#") else { continue }
      let at = SourceLocation(line: lineNumber, column: first - lineStart + 1)
      let line = bytes[first..<end]
      if bytes[first] == UInt8(ascii: "[") {
        guard let name = Self.groupName(line) else {
          error(at, "line '\(String(decoding: line, as: UTF8.self))' is no group, key or comment")
          continue
        }
        group = name
        if groups[name] == nil { groups[name] = [:] }
        continue
      }
      guard let equals = line.firstIndex(of: UInt8(ascii: "=")) else {
        error(at, "line '\(String(decoding: line, as: UTF8.self))' is no group, key or comment")
        continue
      }
      guard let group else {
        error(
          at, "key '\(String(decoding: line[..<equals], as: UTF8.self))' comes before any group")
        continue
      }
      var keyEnd = equals
      while keyEnd > first, Self.isBlank(bytes[keyEnd - 1]) { keyEnd -= 1 }
      guard let (key, locale) = Self.keyName(bytes[first..<keyEnd]) else {
        error(at, "invalid key name '\(String(decoding: line[..<equals], as: UTF8.self))'")
        continue
      }
      if let wanted, !wanted.contains(key) { continue }
      var valueStart = equals + 1
      while valueStart < end, Self.isBlank(bytes[valueStart]) { valueStart += 1 }
      guard let text = String(validating: bytes[valueStart..<end], as: UTF8.self) else {
        // GLib reads no value that is not UTF-8.
        diagnostics.append(
          Diagnostic(
            file: file, location: SourceLocation(line: lineNumber, column: 1), severity: .warning,
            kind: .malformedDesktopEntry(reason: "line is not UTF-8; it is unreadable")))
        continue
      }
      guard let value = Self.unescaped(Substring(text)) else {
        let before = String(decoding: bytes[lineStart..<valueStart], as: UTF8.self)
        diagnostics.append(
          Diagnostic(
            file: file,
            location: SourceLocation(line: lineNumber, column: before.unicodeScalars.count + 1),
            severity: .warning,
            kind: .malformedDesktopEntry(
              reason: "value of '\(String(decoding: bytes[first..<keyEnd], as: UTF8.self))' "
                + "has an invalid escape; it is unreadable")))
        continue
      }
      if let locale {
        groups[group, default: [:]][key, default: Value()].localized[locale] = value
      } else {
        groups[group, default: [:]][key, default: Value()].untranslated = value
      }
    }
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }

  private mutating func error(_ location: SourceLocation, _ reason: String) {
    diagnostics.append(
      Diagnostic(
        file: file, location: location, severity: .error,
        kind: .malformedDesktopEntry(reason: reason + "; GLib refuses the file")))
  }

  /// The name of a group line (`[Desktop Entry]`, spaces and tabs after it allowed), or
  /// nil where GLib takes it for no group: no `]`, something after it, a name with `[`,
  /// `]` or a control character, or none.
  static func groupName(_ line: ArraySlice<UInt8>) -> String? {
    guard line.first == UInt8(ascii: "["),
      let close = line.firstIndex(of: UInt8(ascii: "]"))
    else { return nil }
    let name = line[(line.startIndex + 1)..<close]
    guard line[(close + 1)...].allSatisfy(isBlank), !name.isEmpty,
      !name.contains(where: { $0 == UInt8(ascii: "[") || $0 < 0x20 || $0 == 0x7F })
    else { return nil }
    return String(decoding: name, as: UTF8.self)
  }

  /// A key and its locale (`Name[de_DE@euro]` → Name, de_DE@euro), or nil where GLib
  /// refuses the name: empty, with a space at either end, or a locale of anything but
  /// letters, digits, `-`, `_`, `.` and `@`, or something after it.
  static func keyName(_ text: ArraySlice<UInt8>) -> (key: String, locale: String?)? {
    let keyEnd =
      text.firstIndex { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") } ?? text.endIndex
    let key = text[..<keyEnd]
    guard let head = key.first, let tail = key.last, head != UInt8(ascii: " "),
      tail != UInt8(ascii: " ")
    else { return nil }
    guard keyEnd < text.endIndex else { return (String(decoding: key, as: UTF8.self), nil) }
    guard text[keyEnd] == UInt8(ascii: "["), text.last == UInt8(ascii: "]") else { return nil }
    let locale = text[(keyEnd + 1)..<(text.endIndex - 1)]
    // Letters beyond ASCII as GLib's g_unichar_isalnum takes them.
    guard
      locale.allSatisfy({ byte in
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
          || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
          || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte >= 0x80
          || [UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "@")].contains(
            byte)
      })
    else { return nil }
    return (String(decoding: key, as: UTF8.self), String(decoding: locale, as: UTF8.self))
  }

  /// A value with its escapes decoded (`\s`, `\n`, `\t`, `\r`, `\\`), or nil for one GLib
  /// does not read: another escape, or a `\` at the end.
  static func unescaped(_ value: Substring) -> String? {
    guard value.utf8.contains(UInt8(ascii: "\\")) else { return String(value) }
    var result = ""
    var escaping = false
    for character in value {
      if escaping {
        switch character {
        case "s": result.append(" ")
        case "n": result.append("\n")
        case "t": result.append("\t")
        case "r": result.append("\r")
        case "\\": result.append("\\")
        default: return nil
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return escaping ? nil : result
  }
}
