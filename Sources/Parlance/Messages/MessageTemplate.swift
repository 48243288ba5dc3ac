/// A message parsed once into literal runs and the arguments between them.
///
/// Understands named placeholders `#{name}`, printf specifiers with positions
/// (`%@ %d %ld %lld %u %f %.2f %1$@ %2$d %%`) and `.stringsdict` variables
/// (`%#@files@`, `%2$#@folders@`). Anything else that looks like a specifier but is not
/// one stays as literal text and is listed in `problems`, for lint.
///
/// Example: `"#{name} has %1$d new %2$@"` → `[named(name), " has ", %1$d, " new ", %2$@]`.
public struct MessageTemplate: Hashable, Sendable {
  enum Segment: Hashable, Sendable {
    case literal(String)
    case named(String)
    case format(FormatSpecifier)
    case variable(name: String, argumentIndex: Int)
  }

  /// A part of the template that looks like a placeholder but is not a valid one.
  public struct Problem: Hashable, Sendable {
    /// Offset in Unicode scalars from the start of the template.
    public let offset: Int
    /// The text that is not a valid placeholder.
    public let text: String
  }

  /// The template, shared: a copy of a template (out of a catalog entry, into a render)
  /// is one reference, not five.
  ///
  /// A template of up to `eagerLimit` bytes is parsed when it is made. A longer one is
  /// parsed the first time something reads its parts: a catalog's 10 MB value costs its
  /// reader a copy, not four million segments (128 MB) that nothing may ever render.
  private final class Storage: @unchecked Sendable {
    let source: String
    let implicitArgument: Int?
    /// Whether the template is parsed on first use rather than when it is made.
    let isLong: Bool
    /// A short template's parse, made in `init`; a long one's is `late`. A constant, so
    /// that rendering reads its parts with no access check and no copy.
    let eager: Parsed
    /// A long template's parse, made once by the first thread to ask, and read and
    /// written only holding `Storage.locks`' mutex for this storage (pthread mutexes,
    /// which ThreadSanitizer models).
    private var late: Parsed?
    private static let locks = StripedLock()

    init(source: String, implicitArgument: Int?) {
      self.source = source
      self.implicitArgument = implicitArgument
      isLong = source.utf8.count > MessageTemplate.eagerLimit
      eager = isLong ? Parsed() : Parsed(source, implicitArgument: implicitArgument)
    }

    /// A long template's parse, made if need be (out of line: rendering a short one
    /// inlines only the test of `isLong`).
    @inline(never)
    func lateParsed() -> Parsed {
      if let parsed = Self.locks.withLock(for: self, { late }) { return parsed }
      // Parsed outside the lock; a thread that lost the race drops its copy.
      let made = Parsed(source, implicitArgument: implicitArgument)
      return Self.locks.withLock(for: self) {
        if let first = late { return first }
        late = made
        return made
      }
    }
  }

  /// Templates longer than this many bytes of UTF-8 are parsed on first use.
  static let eagerLimit = 4096

  /// The parts of a template, its problems and the shapes rendering takes.
  private struct Parsed: Sendable {
    let segments: [Segment]
    let problems: [Problem]
    let isPlain: Bool
    let hasOnlyNamedPlaceholders: Bool

    /// No parse yet (a long template's `eager`, never read).
    init() {
      segments = []
      problems = []
      isPlain = true
      hasOnlyNamedPlaceholders = true
    }

    init(_ source: String, implicitArgument: Int?) {
      var text = source
      (segments, problems) = text.withUTF8 { bytes in
        var parser = TemplateParser(bytes, implicitArgument: implicitArgument)
        return parser.parse()
      }
      hasOnlyNamedPlaceholders = segments.allSatisfy {
        switch $0 {
        case .literal, .named: true
        case .format, .variable: false
        }
      }
      switch segments.first {
      case nil: isPlain = true
      case .literal(let text): isPlain = segments.count == 1 && text == source
      default: isPlain = false
      }
    }
  }

  private let storage: Storage

  /// The text as written by the translator.
  public var source: String { storage.source }
  var segments: [Segment] {
    storage.isLong ? storage.lateParsed().segments : storage.eager.segments
  }
  /// The parts that look like placeholders but are not valid ones, in order.
  public var problems: [Problem] {
    storage.isLong ? storage.lateParsed().problems : storage.eager.problems
  }

  /// True when the template has no placeholder and no escape: rendering returns `source`.
  package var isPlain: Bool {
    storage.isLong ? storage.lateParsed().isPlain : storage.eager.isPlain
  }
  /// True when every placeholder is a `#{name}`: rendering takes its fastest path.
  var hasOnlyNamedPlaceholders: Bool {
    storage.isLong
      ? storage.lateParsed().hasOnlyNamedPlaceholders : storage.eager.hasOnlyNamedPlaceholders
  }

  /// Whether two templates have the same source and parse.
  /// - Parameters:
  ///   - lhs: a template.
  ///   - rhs: another template.
  /// - Returns: true when they are equal.
  public static func == (lhs: MessageTemplate, rhs: MessageTemplate) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.source == rhs.source && lhs.segments == rhs.segments)
  }

  /// Hashes the source.
  /// - Parameter hasher: the hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(source)
  }

  /// The names of the `#{name}` placeholders, in order of appearance.
  public var placeholderNames: [String] {
    segments.compactMap { if case .named(let name) = $0 { name } else { nil } }
  }

  /// The printf specifiers, in order of appearance (`%%` excluded).
  public var formatSpecifiers: [FormatSpecifier] {
    segments.compactMap { if case .format(let specifier) = $0 { specifier } else { nil } }
  }

  /// The `%#@name@` variables with the argument each one reads.
  public var variables: [(name: String, argumentIndex: Int)] {
    segments.compactMap {
      if case .variable(let name, let index) = $0 { (name, index) } else { nil }
    }
  }

  /// Parses `source`; what is not a valid placeholder is kept as text and listed in
  /// `problems`.
  /// - Parameter source: the text as written by the translator.
  public init(_ source: String) {
    self.init(source, implicitArgument: nil)
  }

  /// A template whose specifiers without position (`%d`) all read argument
  /// `implicitArgument`: the form "%d files" of a plural variable reads the variable's
  /// argument, wherever the variable stands in the message.
  init(_ source: String, implicitArgument: Int?) {
    storage = Storage(source: source, implicitArgument: implicitArgument)
  }
}

/// Two passes over the UTF-8 bytes of a long template: one counts the segments, the
/// other makes them into an array of that size (a short one takes the second alone).
///
/// Nothing per placeholder but its segment: a 10 MB value of two million placeholders
/// makes four million segments of 32 bytes (`FormatSpecifier` is that small) holding
/// small strings, and no other allocation. Counting first costs a scan, and spares
/// the copies and page faults of an array that doubles its way up to 128 MB.
private struct TemplateParser {
  let bytes: UnsafeBufferPointer<UInt8>
  /// False while counting: nothing is made, only `segmentCount` grows.
  var building = false
  var segmentCount = 0
  var segments: [MessageTemplate.Segment] = []
  var problems: [MessageTemplate.Problem] = []
  var literalStart = 0
  /// The literal text since the last placeholder, appended to in place: rebuilding a
  /// `.literal` segment for each `%%` made `%%%%…` quadratic.
  var pendingLiteral = ""
  var hasPendingLiteral = false
  /// How far `scalarOffset(of:)` has counted, so that each problem counts on from the last.
  var countedBytes = 0
  var countedScalars = 0
  var nextImplicitArgument = 0
  let implicitArgument: Int?

  /// Below this many bytes the array grows by doubling, which costs less than a scan.
  static let countingThreshold = 4096

  init(_ bytes: UnsafeBufferPointer<UInt8>, implicitArgument: Int?) {
    self.bytes = bytes
    self.implicitArgument = implicitArgument
  }

  mutating func parse() -> ([MessageTemplate.Segment], [MessageTemplate.Problem]) {
    // Fast path: most messages have no placeholder at all, and need no segment array
    // (`isPlain` renders them as their source).
    // (One pass over both bytes, eight at a time: a 10 MB key of a String Catalog is
    // its own source text, and two byte-by-byte searches were half of its reading.)
    if bytes.firstOffset(of: UInt8(ascii: "%"), or: UInt8(ascii: "#"), from: 0) == bytes.count {
      return ([], [])
    }
    if bytes.count <= Self.countingThreshold {
      // Most templates with a placeholder have a few segments: one allocation.
      segments.reserveCapacity(4)
    } else {
      scan()
      segments.reserveCapacity(segmentCount)
      segmentCount = 0
      literalStart = 0
      nextImplicitArgument = 0
    }
    building = true
    scan()
    return (segments, problems)
  }

  private mutating func scan() {
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "#"):
        if let end = namedPlaceholderEnd(at: index) {
          flushLiteral(upTo: index)
          appendPendingLiteral()
          if building { segments.append(.named(text(index + 2, end - 1))) }
          segmentCount += 1
          index = end
          literalStart = end
        } else {
          index += 1
        }
      case UInt8(ascii: "%"):
        if let specifier = PrintfSpecifier(scanning: bytes, at: index) {
          if specifier.kind == .percent {
            flushLiteral(upTo: index + 1)  // `%%` keeps one "%"
          } else {
            flushLiteral(upTo: index)
            appendPendingLiteral()
            if building {
              let segment = segment(for: specifier, at: index)
              segments.append(segment)
            }
            segmentCount += 1
          }
          index = specifier.end
          literalStart = index
        } else {
          if building {
            problems.append(
              MessageTemplate.Problem(
                offset: scalarOffset(of: index), text: text(index, min(index + 2, bytes.count))))
          }
          index += 1
        }
      default:
        index += 1
      }
    }
    flushLiteral(upTo: bytes.count)
    appendPendingLiteral()
  }

  private func text(_ start: Int, _ end: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
  }

  private mutating func flushLiteral(upTo end: Int) {
    guard literalStart < end else { return }
    if building {
      if hasPendingLiteral {
        pendingLiteral += text(literalStart, end)
      } else {
        pendingLiteral = text(literalStart, end)
      }
    }
    hasPendingLiteral = true
  }

  private mutating func appendPendingLiteral() {
    guard hasPendingLiteral else { return }
    if building {
      segments.append(.literal(pendingLiteral))
      pendingLiteral = ""
    }
    segmentCount += 1
    hasPendingLiteral = false
  }

  /// Problems come in order, so counting on from the previous one keeps `%!%!%!…` linear.
  private mutating func scalarOffset(of byteIndex: Int) -> Int {
    countedScalars += bytes[countedBytes..<byteIndex].reduce(0) {
      $0 + (($1 & 0xC0) == 0x80 ? 0 : 1)
    }
    countedBytes = byteIndex
    return countedScalars
  }

  /// The end of the `#{name}` at `start` (a name of ASCII letters, digits, `_`, `.`, `-`).
  private func namedPlaceholderEnd(at start: Int) -> Int? {
    guard start + 2 < bytes.count, bytes[start + 1] == UInt8(ascii: "{") else { return nil }
    var index = start + 2
    while index < bytes.count, bytes[index].isPlaceholderNameByte { index += 1 }
    guard index > start + 2, index < bytes.count, bytes[index] == UInt8(ascii: "}") else {
      return nil
    }
    return index + 1
  }

  /// The segment of the specifier read at `start`, not `%%`.
  private mutating func segment(for specifier: PrintfSpecifier, at start: Int)
    -> MessageTemplate.Segment
  {
    switch specifier.kind {
    case .variable(let name):
      return .variable(name: name, argumentIndex: takeArgument(specifier.position))
    case .conversion(let conversion):
      return .format(
        FormatSpecifier(
          text: text(start, specifier.end), argumentIndex: takeArgument(specifier.position),
          position: specifier.position, conversion: conversion))
    case .percent:
      return .literal("%")  // not reached: `%%` is literal text
    }
  }

  private mutating func takeArgument(_ position: Int?) -> Int {
    if let position { return position - 1 }
    if let implicitArgument { return implicitArgument }
    defer { nextImplicitArgument += 1 }
    return nextImplicitArgument
  }
}

extension UInt8 {
  fileprivate var isPlaceholderNameByte: Bool {
    isASCIIAlphanumeric || self == UInt8(ascii: "_") || self == UInt8(ascii: ".")
      || self == UInt8(ascii: "-")
  }
}
