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

  /// A value as far as a catalog needs it: a string, or what else it is.
  private enum Value {
    case string(String)
    case other(kind: String)

    /// A value `PropertyListSerialization` returned. `NSNumber` bridges to `Bool` too, so
    /// booleans are told apart by their Core Foundation type name.
    init(_ value: Any) {
      switch value {
      case let text as String: self = .string(text)
      case is [String: Any]: self = .other(kind: "a dictionary")
      case is [Any]: self = .other(kind: "an array")
      case is Date: self = .other(kind: "a date")
      case is Data: self = .other(kind: "data")
      case let number as NSNumber:
        let type = String(cString: number.objCType)
        self = .other(kind: type == "c" || type == "B" ? "a boolean" : "a number")
      default: self = .other(kind: "of another type")
      }
    }

    init(_ value: PlistValue) {
      switch value {
      case .string(let text): self = .string(text)
      case .dictionary: self = .other(kind: "a dictionary")
      case .other: self = .other(kind: "of another type")
      }
    }
  }

  private struct Reader {
    let file: String
    var locator: PlistKeyLocator?
    var entries: [StringsEntry] = []
    var diagnostics: [Diagnostic] = []

    init(file: String) {
      self.file = file
    }

    mutating func read(_ data: Data) {
      let bytes = [UInt8](data)
      let isBinary = bytes.starts(with: Array("bplist".utf8))
      let root: [String: Value]
      // Each string as written, when the reader saw them all (duplicates included).
      var written: [(key: String, location: SourceLocation, value: String)]?
      var located: [(location: SourceLocation, key: String, value: Value)]?
      if !isBinary, let read = PlistXMLReader.read(bytes, keepingStrings: true) {
        locator = read.locations
        located = read.located.map { ($0.location, $0.key, Value($0.value)) }
        guard let dictionary = read.root.dictionary else {
          return report(.invalidPropertyList(reason: "the top level is not a dictionary"))
        }
        root = dictionary.mapValues(Value.init)
        written = read.strings
      } else {
        if !isBinary {
          locator = PlistKeyLocator(utf8: TextDecoding.decodeUnicode(bytes).utf8)
        }
        let plist: Any
        do {
          plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
          return report(
            .invalidPropertyList(reason: PlistReadError.reason(for: error, binary: isBinary)),
            at: PlistReadError.location(in: error))
        }
        guard let dictionary = plist as? [String: Any] else {
          return report(.invalidPropertyList(reason: "the top level is not a dictionary"))
        }
        root = dictionary.mapValues(Value.init)
      }
      for duplicate in locator?.duplicates.listed ?? [] {
        report(
          .duplicateKey(duplicate.key, firstAt: duplicate.first), .warning, at: duplicate.again)
      }
      locator?.duplicates.countUnlisted(in: &diagnostics, file: file)
      // File order when the text says where each key is, else key order.
      let keys = (located ?? root.map { (location(of: $0.key), $0.key, $0.value) })
        .sorted { ($0.location, $0.key) < ($1.location, $1.key) }
      for (location, key, value) in keys {
        switch value {
        case .string(let text):
          if written == nil {
            entries.append(StringsEntry(key: key, value: text, location: location))
          }
        case .other(let kind):
          report(
            .invalidEntry(key: key, reason: "its value is \(kind), not a string"), at: location)
        }
      }
      // Every value of a key whose last value is a string, so that lint can compare them.
      for (key, location, text) in written ?? [] {
        if case .string = root[key] {
          entries.append(StringsEntry(key: key, value: text, location: location))
        }
      }
    }

    func finish() -> PlistFile {
      PlistFile(
        entries: entries,
        diagnostics: diagnostics.enumerated().sorted {
          ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
        }.map(\.element))
    }

    private func location(of key: String) -> SourceLocation {
      locator?.keys[key]?.location ?? SourceLocation(line: 1, column: 1)
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
