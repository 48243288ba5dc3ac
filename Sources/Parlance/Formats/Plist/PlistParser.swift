import Foundation

/// The entries of a plain property-list catalog (`ru_Localizable.plist`) and the problems
/// found while reading it.
public struct PlistFile: Hashable, Sendable {
  /// The string values in file order, a duplicated key's every value included (the last
  /// one wins in a table); binary property lists: key order, one value a key.
  public var entries: [StringsEntry]
  /// Sorted by location.
  public var diagnostics: [Diagnostic]

  /// A file with `entries` and `diagnostics`.
  public init(entries: [StringsEntry] = [], diagnostics: [Diagnostic] = []) {
    self.entries = entries
    self.diagnostics = diagnostics
  }
}

/// Reads plain property-list catalogs (seed S0's format): one dictionary of keys and
/// string values, XML or binary.
///
/// XML goes to our own reader (`PlistXMLReader`, the one `.stringsdict` files use), which
/// knows where every key is; what it does not take (another value type, CDATA, a byte
/// order mark, UTF-16) goes to `PropertyListSerialization`, with the keys found by
/// `PlistKeyLocator` in the decoded text. A binary property list has no positions: its
/// findings are at `1:1` and its entries in key order.
///
/// ```
/// <plist version="1.0"><dict>
///   <key>greeting</key><string>Привет</string>     entry 'greeting' at 2:3
///   <key>count</key><integer>3</integer>           error at 3:3: not a string
///   <key>menu</key><dict>…</dict>                  error at 4:3: nested dictionary
///   <key>greeting</key><string>Hi</string>         warning: duplicate; the last wins
/// ```
///
/// A value that is not a string (a number, a nested dictionary, an array, a date) is an
/// error at its key, and the entry is left out: nothing crashes, the rest loads.
public enum PlistParser {
  /// Parses the bytes of a property-list catalog; `file` is only the path shown in
  /// diagnostics. Time is linear in the size of the input.
  public static func parse(_ data: Data, file: String) -> PlistFile {
    var reader = Reader(file: file)
    reader.read(data)
    return reader.finish()
  }

  /// Reads and parses a property-list catalog; diagnostics name it by `url.path`.
  ///
  /// Throws only when the file cannot be read.
  public static func parse(contentsOf url: URL) throws -> PlistFile {
    let data = try Data(contentsOf: url)
    return parse(data, file: url.path)
  }

  private struct Reader {
    let file: String
    var entries: [StringsEntry] = []
    var diagnostics: [Diagnostic] = []

    init(file: String) {
      self.file = file
    }

    mutating func read(_ data: Data) {
      do {
        try PlistTape.reading(data, everyChild: true) { tape in self.read(tape) }
      } catch {
        report(.invalidPropertyList(reason: error.reason), at: error.location)
      }
    }

    private mutating func read(_ tape: PlistTape) {
      guard tape.isDictionary(0) else {
        return report(.invalidPropertyList(reason: PlistReadError.notADictionary))
      }
      tape.reportRepeats(in: &diagnostics, file: file)
      // Each name whose last value is not a string, where it was written last.
      for node in tape.entriesInFileOrder where tape.kind(node) != .string {
        report(
          .invalidEntry(
            key: tape.key(node), reason: "its value is \(tape.kind(node).description), not a string"
          ),
          at: tape.location(of: node))
      }
      // Every value of a name whose last value is a string, in file order, so that lint
      // can compare them.
      for (child, entry) in zip(tape.children(of: 0), tape.entryOfChild)
      where tape.kind(Int(tape.entries[Int(entry)])) == .string {
        if let text = tape.string(child) {
          entries.append(
            StringsEntry(key: tape.key(child), value: text, location: tape.location(of: child)))
        }
      }
      tape.resolveLocations(of: &entries, and: &diagnostics)
    }

    func finish() -> PlistFile {
      PlistFile(
        entries: entries,
        diagnostics: diagnostics.enumerated().sorted {
          ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
        }.map(\.element))
    }

    private mutating func report(
      _ kind: Diagnostic.Kind, _ severity: Diagnostic.Severity = .error,
      at location: SourceLocation = SourceLocation(line: 1, column: 1)
    ) {
      diagnostics.append(
        Diagnostic(file: file, location: location, severity: severity, kind: kind),
        upTo: Diagnostic.limitPerFile)
    }
  }
}
