import Parlance

/// Why an interface could not be opened; nothing of it was built or shown.
public enum InterfaceError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file could not be read.
  case unreadable(file: String, reason: String)
  /// The file is not a well-formed interface (the diagnostics say where).
  case malformed([Diagnostic])
  /// GtkBuilder refused the file even after the rewrite and after leaving out what it
  /// named (its own message, at the element it points at).
  case refused(file: String, location: SourceLocation, reason: String)
  /// The file is for GTK 4 (its `<requires>` says so); Parlance builds GTK 3 files.
  case gtk4(file: String, location: SourceLocation, version: String)
  /// `--object ID` names no object of the file.
  case unknownObject(Diagnostic)
  /// There is no display to build widgets on.
  case noDisplay

  /// The message as the command line prints it (`file:line:column: …`).
  public var description: String {
    switch self {
    case .unreadable(let file, let reason): "\(file):1:1: error: cannot read file: \(reason)"
    case .malformed(let diagnostics):
      diagnostics.filter { $0.severity == .error }.map(\.description).joined(separator: "\n")
    case .refused(let file, let location, let reason):
      "\(file):\(location): error: GtkBuilder refused it: \(reason)"
    case .gtk4(let file, let location, let version):
      "\(file):\(location): error: this interface is for GTK \(version) (<requires lib=\"gtk\">); "
        + "Parlance builds GTK 3 interfaces"
    case .unknownObject(let diagnostic): diagnostic.description
    case .noDisplay: "cannot open the display (is DISPLAY set?)"
    }
  }
}
