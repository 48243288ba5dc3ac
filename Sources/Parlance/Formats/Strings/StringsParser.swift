import Foundation

/// One key/value pair of a `.strings` file (or of a plain `.plist` catalog), in file order.
public struct StringsEntry: Hashable, Sendable {
  /// The lookup key, escapes decoded.
  public var key: String
  /// The value, escapes decoded.
  public var value: String
  /// Where the key starts (its opening quote when quoted); `1:1` in a property-list file.
  public var location: SourceLocation

  /// An entry of `key` with `value`, written at `location`.
  public init(key: String, value: String, location: SourceLocation) {
    self.key = key
    self.value = value
    self.location = location
  }
}

/// The entries of a `.strings` file and the problems found while reading it.
public struct StringsFile: Hashable, Sendable {
  /// Every entry in file order, duplicates included.
  public var entries: [StringsEntry]
  /// Sorted by location.
  public var diagnostics: [Diagnostic]

  /// A file with `entries` and `diagnostics`.
  public init(entries: [StringsEntry] = [], diagnostics: [Diagnostic] = []) {
    self.entries = entries
    self.diagnostics = diagnostics
  }

  /// The entries by key; for a duplicated key the last value wins, as with Apple's tools.
  public var table: [String: String] {
    var table = [String: String](minimumCapacity: entries.count)
    for entry in entries {
      table[entry.key] = entry.value
    }
    return table
  }
}

/// Reads Apple `.strings` files: old-style text, or compiled binary or XML property lists.
///
/// The text grammar is Apple's: `"key" = "value";` with `/* */` and `//` comments,
/// unquoted keys and values (`NSCameraUsageDescription = "…";`), the shortcut `"key";`
/// (the value is the key), and C-like escapes; the entries may be wrapped in `{ }`.
/// Apple's parser rejects a whole file for one mistake; this one reports an error at the
/// mistake's line and column and resumes at the next `;` or the next line that starts a
/// key, so the rest of the file still loads.
///
/// Escapes: `\n \t \r \" \\ \' \/ \? \a \b \f \v`; `\0`…`\377` octal (up to three digits,
/// the value taken as a code point); `\U` or `\u` with one to four hex digits, where two
/// escaped UTF-16 surrogates in a row make one scalar. Any other escaped character is kept,
/// with a warning, as Apple keeps it.
public enum StringsParser {
  /// Parses the bytes of a `.strings` file.
  ///
  /// `file` is only the path shown in diagnostics. Text may be UTF-8 (with or without a
  /// BOM) or UTF-16 (with a BOM, or recognizably UTF-16 without one). A binary (`bplist00`)
  /// or XML property list goes through `PropertyListSerialization`; its entries have no
  /// position, so they all get location `1:1`, and come in key order.
  /// Time is linear in the size of the input, whatever the input.
  public static func parse(_ bytes: [UInt8], file: String) -> StringsFile {
    if bytes.starts(with: binaryPropertyListMagic) {
      return parsePropertyList(bytes, file: file)
    }
    let decoded = TextDecoding.decodeUnicode(bytes)
    if isXMLPropertyList(decoded.utf8) {
      return parsePropertyList(bytes, file: file)
    }
    return decoded.utf8.withUnsafeBufferPointer { text in
      var scanner = StringsScanner(text: text, file: file)
      if let offset = decoded.firstInvalidOffset {
        // Its own locator: the scanner's walks forward from the start of the text.
        var locator = LineLocator()
        scanner.report(
          .invalidEncoding(charset: decoded.encodingName), .error,
          at: locator.location(of: offset, in: text))
      }
      scanner.scanFile()
      return scanner.finish()
    }
  }

  /// Parses the contents of a `.strings` file held in `data`.
  ///
  /// See `parse(_:file:)` for `[UInt8]`.
  public static func parse(_ data: Data, file: String) -> StringsFile {
    parse([UInt8](data), file: file)
  }

  /// Reads and parses a `.strings` file; diagnostics name it by `url.path`.
  ///
  /// Throws only when the file cannot be read.
  public static func parse(contentsOf url: URL) throws -> StringsFile {
    let data = try Data(contentsOf: url)
    return parse(data, file: url.path)
  }

  private static let binaryPropertyListMagic = Array("bplist00".utf8)

  private static func isXMLPropertyList(_ text: [UInt8]) -> Bool {
    guard let start = text.firstIndex(where: { !isASCIIWhitespace($0) }) else { return false }
    let rest = text[start...]
    return rest.starts(with: "<?xml".utf8) || rest.starts(with: "<!DOCTYPE".utf8)
      || rest.starts(with: "<plist".utf8)
  }

  private static func parsePropertyList(_ bytes: [UInt8], file: String) -> StringsFile {
    let start = SourceLocation(line: 1, column: 1)
    func failure(_ reason: String) -> Diagnostic {
      Diagnostic(
        file: file, location: start, severity: .error,
        kind: .invalidPropertyList(reason: reason))
    }
    let data = Data(bytes)
    if let reason = BinaryPlistSize.refusal(data) {
      return StringsFile(diagnostics: [failure(reason)])
    }
    let plist: Any
    do {
      plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      // Foundation's messages on Linux are generic; the kind of file is what helps.
      let kind = bytes.starts(with: binaryPropertyListMagic) ? "binary" : "XML"
      return StringsFile(diagnostics: [failure("the \(kind) property list cannot be read")])
    }
    guard let dictionary = plist as? [String: Any] else {
      return StringsFile(diagnostics: [failure(PlistReadError.topLevelProblem(plist))])
    }
    var file = StringsFile()
    for key in dictionary.keys.sorted() {
      if let value = dictionary[key] as? String {
        file.entries.append(StringsEntry(key: key, value: value, location: start))
      } else {
        file.diagnostics.append(failure("the value of '\(key)' is not a string"))
      }
    }
    return file
  }
}

@inline(__always)
private func isASCIIWhitespace(_ byte: UInt8) -> Bool {
  byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
}
