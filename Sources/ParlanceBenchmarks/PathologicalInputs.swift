import Foundation
import Parlance

/// The 10 MB inputs of docs/RELIABILITY.md, generated: what a broken disk, a runaway
/// script or a fuzzer could hand a parser. Every input is about `size` bytes.
enum PathologicalInputs {
  struct Input {
    let name: String
    /// Makes the bytes; called only for the inputs a run reads, so that a profile of one
    /// input (`PARLANCE_BENCH_ONLY`) is not swamped by the making of the others.
    let make: () -> Data
    /// What any reader must do with this input, timed beside the readers.
    let floor: Floor?

    init(name: String, data: @autoclosure @escaping () -> Data, floor: Floor? = nil) {
      self.name = name
      self.make = data
      self.floor = floor
    }
  }

  /// The work no reader of an input can skip, whatever else it does: a reader's ratio to
  /// Foundation cannot fall below the floor's.
  enum Floor {
    /// The longest text between two quotes (or between `>` and `<`) made a `String`: a
    /// reader that returns that text (one huge key or value) does at least this. (Not
    /// hashing it: a file of one key needs no table to tell its keys apart. Nor, for a
    /// file of many keys, each key made a `String`: a reader can tell a repeat by its
    /// bytes, as ours does.)
    case longestText

    /// The bytes of the text made.
    func run(_ data: Data, xml: Bool) -> Int {
      data.withUnsafeBytes { raw in Self.longestText(raw.bindMemory(to: UInt8.self), xml: xml) }
    }

    private static func next(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int)
      -> Int?
    {
      guard from < bytes.count, let base = bytes.baseAddress,
        let found = memchr(base + from, Int32(byte), bytes.count - from)
      else { return nil }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private static func longestText(_ bytes: UnsafeBufferPointer<UInt8>, xml: Bool) -> Int {
      var longest = 0..<0
      var index = 0
      let (open, close) = xml ? (UInt8(ascii: ">"), UInt8(ascii: "<")) : (0x22, 0x22)
      while let start = next(open, in: bytes, from: index),
        let end = next(close, in: bytes, from: start + 1)
      {
        if end - start - 1 > longest.count { longest = (start + 1)..<end }
        index = xml ? end : end + 1
      }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[longest]), as: UTF8.self)
        .utf8.count
    }
  }

  static let size = 10_000_000

  // MARK: String Catalogs

  static func xcstrings(size: Int = size) -> [Input] {
    let head = #"{"sourceLanguage" : "en", "strings" : {"#
    return [
      Input(name: "unterminated string", data: text(head + #""a" : {"comment" : ""#, "x", size)),
      Input(
        name: "one huge key", data: text(head + "\"", "k", size, then: "\" : {}}}"),
        floor: .longestText),
      Input(name: "10 MB of '['", data: text("", "[", size)),
      Input(name: "10 MB of '{'", data: text("", "{", size)),
      Input(name: "10 MB of '\"'", data: text("", "\"", size)),
      Input(name: "nested objects {\"a\":{\"a\":…", data: text("", #"{"a":"#, size)),
      Input(
        name: "one value of \\u00e9 escapes",
        data: text(head + unitOpen("a"), #"\u00e9"#, size, then: "\"}}}}}}")),
      Input(
        name: "one value of placeholders",
        data: text(head + unitOpen("a"), "%1$@ #{name} %@ ", size, then: "\"}}}}}}"),
        floor: .longestText),
      Input(name: "keys × 2 languages with plurals", data: pluralCatalog(size)),
      Input(name: "plain keys, one language", data: plainCatalog(size, trailingCommas: false)),
      Input(
        name: "duplicate keys", data: text(head, #""a" : {}, "#, size, then: #""a" : {}}}"#)),
      Input(
        name: "trailing commas after every member",
        data: plainCatalog(size, trailingCommas: true)),
      Input(name: "a catalog with a bad escape at the end", data: badEscapeAtTheEnd(size)),
    ]
  }

  private static func unitOpen(_ key: String) -> String {
    #""\#(key)" : {"localizations" : {"en" : {"stringUnit" : {"state" : "translated", "value" : ""#
  }

  /// Keys in `de` and `fr`, each a plural with `one`, `few`, `many` and `other`.
  private static func pluralCatalog(_ size: Int) -> Data {
    var parts: [String] = []
    var total = 0
    var index = 0
    while total < size {
      let forms = ["few", "many", "one", "other"].map {
        #""\#($0)" : {"stringUnit" : {"state" : "translated", "value" : "%lld Datei \#($0)"}}"#
      }.joined(separator: ", ")
      let plural = #"{"variations" : {"plural" : {\#(forms)}}}"#
      let part = #""key \#(index)" : {"localizations" : {"de" : \#(plural), "fr" : \#(plural)}}"#
      parts.append(part)
      total += part.utf8.count + 2
      index += 1
    }
    return Data(
      (#"{"sourceLanguage" : "en", "strings" : {"# + parts.joined(separator: ",\n") + "}}")
        .utf8)
  }

  /// One short `de` value per key; with `trailingCommas`, a `,` before every `}`.
  private static func plainCatalog(_ size: Int, trailingCommas: Bool) -> Data {
    let comma = trailingCommas ? "," : ""
    var parts: [String] = []
    var total = 0
    var index = 0
    while total < size {
      let part =
        #""key \#(index)" : {"localizations" : {"de" : {"stringUnit" : {"state" : "#
        + #""translated", "value" : "Wert \#(index)"\#(comma)}\#(comma)}\#(comma)}\#(comma)}"#
      parts.append(part)
      total += part.utf8.count + 2
      index += 1
    }
    return Data(
      (#"{"sourceLanguage" : "en", "strings" : {"# + parts.joined(separator: ",\n") + "}}")
        .utf8)
  }

  /// A valid catalog whose last value has `\x`, which JSON does not allow.
  private static func badEscapeAtTheEnd(_ size: Int) -> Data {
    var data = plainCatalog(size - 100, trailingCommas: false)
    data.removeLast(2)
    data.append(contentsOf: Array((",\n" + unitOpen("last") + #"bad \x"}}}}}}"#).utf8))
    return data
  }

  // MARK: Property lists

  static func stringsdict(size: Int = size) -> [Input] {
    let head = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<plist version=\"1.0\">\n<dict>\n"
    return [
      Input(name: "plural entries", data: pluralEntries(size)),
      Input(
        name: "plain string entries",
        data: text(head, "<key>k</key><string>v</string>\n", size, then: "</dict></plist>")),
      Input(name: "10 MB of '<dict>'", data: text("", "<dict>", size)),
      Input(name: "10 MB of '<'", data: text("", "<", size)),
      Input(
        name: "unterminated <string>",
        data: text(head + "<key>a</key><string>", "x", size)),
      Input(
        name: "one huge key",
        data: text(head + "<key>", "k", size, then: "</key><string>v</string></dict></plist>"),
        floor: .longestText),
      Input(
        name: "one value of &amp; entities",
        data: text(head + "<key>a</key><string>", "&amp;", size, then: "</string></dict></plist>")),
      Input(name: "unterminated comment", data: text(head + "<!--", "x", size)),
    ]
  }

  /// Entries with two plural variables each, as Crowdin exports them.
  private static func pluralEntries(_ size: Int) -> Data {
    var text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<plist version=\"1.0\">\n<dict>\n"
    var index = 0
    while text.utf8.count < size {
      text += Fixtures.stringsdictPluralEntry(
        key: "files.\(index)", format: "%#@files@ in %#@folders@")
      index += 1
    }
    text += "</dict>\n</plist>\n"
    return Data(text.utf8)
  }

  // MARK: Helpers

  /// `head`, then `unit` repeated until `size` bytes, then `then`.
  private static func text(_ head: String, _ unit: String, _ size: Int, then tail: String = "")
    -> Data
  {
    let head = Array(head.utf8)
    let unit = Array(unit.utf8)
    let tail = Array(tail.utf8)
    let repeats = max(0, (size - head.count + unit.count - 1) / unit.count)
    let count = head.count + repeats * unit.count + tail.count
    // Written in place: ten million appends of a one-byte unit take longer than the parse.
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      var at = buffer.initialize(fromContentsOf: head)
      for _ in 0..<repeats {
        at = buffer[at...].initialize(fromContentsOf: unit)
      }
      _ = buffer[at...].initialize(fromContentsOf: tail)
      initialized = count
    }
    return Data(bytes)
  }
}
