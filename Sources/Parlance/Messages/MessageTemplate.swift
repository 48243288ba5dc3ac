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
    public let text: String
  }

  /// The parsed template, shared: a copy of a template (out of a catalog entry, into
  /// a render) is one reference, not five.
  private final class Storage: Sendable {
    let source: String
    let segments: [Segment]
    let problems: [Problem]
    let isPlain: Bool
    let hasOnlyNamedPlaceholders: Bool

    init(source: String, segments: [Segment], problems: [Problem]) {
      self.source = source
      self.segments = segments
      self.problems = problems
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
  var segments: [Segment] { storage.segments }
  public var problems: [Problem] { storage.problems }

  /// True when the template has no placeholder and no escape: rendering returns `source`.
  public var isPlain: Bool { storage.isPlain }
  /// True when every placeholder is a `#{name}`: rendering takes its fastest path.
  var hasOnlyNamedPlaceholders: Bool { storage.hasOnlyNamedPlaceholders }

  public static func == (lhs: MessageTemplate, rhs: MessageTemplate) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.source == rhs.source && lhs.segments == rhs.segments)
  }

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

  public init(_ source: String) {
    self.init(source, implicitArgument: nil)
  }

  /// A template whose specifiers without position (`%d`) all read argument
  /// `implicitArgument`: the form "%d files" of a plural variable reads the variable's
  /// argument, wherever the variable stands in the message.
  init(_ source: String, implicitArgument: Int?) {
    var parser = TemplateParser(source, implicitArgument: implicitArgument)
    let (segments, problems) = parser.parse()
    storage = Storage(source: source, segments: segments, problems: problems)
  }
}

/// Single pass over the UTF-8 bytes of a template.
private struct TemplateParser {
  let source: String
  let bytes: [UInt8]
  var segments: [MessageTemplate.Segment] = []
  var problems: [MessageTemplate.Problem] = []
  var literalStart = 0
  /// The literal text since the last placeholder, appended to in place: rebuilding a
  /// `.literal` segment for each `%%` made `%%%%…` quadratic.
  var pendingLiteral = ""
  /// How far `scalarOffset(of:)` has counted, so that each problem counts on from the last.
  var countedBytes = 0
  var countedScalars = 0
  var nextImplicitArgument = 0
  let implicitArgument: Int?

  init(_ source: String, implicitArgument: Int?) {
    self.source = source
    self.bytes = Array(source.utf8)
    self.implicitArgument = implicitArgument
  }

  mutating func parse() -> ([MessageTemplate.Segment], [MessageTemplate.Problem]) {
    // Fast path: most messages have no placeholder at all, and need no segment array
    // (`isPlain` renders them as their source).
    if !bytes.contains(UInt8(ascii: "%")) && !bytes.contains(UInt8(ascii: "#")) {
      return ([], [])
    }
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "#"):
        if let (name, end) = namedPlaceholder(at: index) {
          flushLiteral(upTo: index)
          appendSegment(.named(name))
          index = end
          literalStart = end
        } else {
          index += 1
        }
      case UInt8(ascii: "%"):
        if let specifier = PrintfSpecifier(scanning: bytes, at: index) {
          if let segment = segment(for: specifier, at: index) {
            flushLiteral(upTo: index)
            appendSegment(segment)
          } else {
            flushLiteral(upTo: index + 1)  // `%%` keeps one "%"
          }
          index = specifier.end
          literalStart = index
        } else {
          let end = min(index + 2, bytes.count)
          problems.append(
            MessageTemplate.Problem(
              offset: scalarOffset(of: index),
              text: String(decoding: bytes[index..<end], as: UTF8.self)))
          index += 1
        }
      default:
        index += 1
      }
    }
    flushLiteral(upTo: bytes.count)
    if !pendingLiteral.isEmpty { segments.append(.literal(pendingLiteral)) }
    return (segments, problems)
  }

  private mutating func flushLiteral(upTo end: Int) {
    guard literalStart < end else { return }
    pendingLiteral += String(decoding: bytes[literalStart..<end], as: UTF8.self)
  }

  private mutating func appendSegment(_ segment: MessageTemplate.Segment) {
    if !pendingLiteral.isEmpty {
      segments.append(.literal(pendingLiteral))
      pendingLiteral = ""
    }
    segments.append(segment)
  }

  /// Problems come in order, so counting on from the previous one keeps `%!%!%!…` linear.
  private mutating func scalarOffset(of byteIndex: Int) -> Int {
    countedScalars += bytes[countedBytes..<byteIndex].reduce(0) {
      $0 + (($1 & 0xC0) == 0x80 ? 0 : 1)
    }
    countedBytes = byteIndex
    return countedScalars
  }

  /// `#{name}` with a name of ASCII letters, digits, `_`, `.`, `-`.
  private func namedPlaceholder(at start: Int) -> (String, Int)? {
    guard start + 2 < bytes.count, bytes[start + 1] == UInt8(ascii: "{") else { return nil }
    var index = start + 2
    while index < bytes.count, bytes[index].isPlaceholderNameByte { index += 1 }
    guard index > start + 2, index < bytes.count, bytes[index] == UInt8(ascii: "}") else {
      return nil
    }
    return (String(decoding: bytes[(start + 2)..<index], as: UTF8.self), index + 1)
  }

  /// The segment of the specifier read at `start`; nil for `%%`, which is literal text.
  private mutating func segment(for specifier: PrintfSpecifier, at start: Int)
    -> MessageTemplate.Segment?
  {
    switch specifier.kind {
    case .variable(let name):
      return .variable(name: name, argumentIndex: takeArgument(specifier.position))
    case .conversion(let flags, let width, let precision, let length, let conversion):
      return .format(
        FormatSpecifier(
          explicitPosition: specifier.position, argumentIndex: takeArgument(specifier.position),
          flags: flags, width: width, precision: precision, length: length,
          conversion: Character(Unicode.Scalar(conversion)),
          text: String(decoding: bytes[start..<specifier.end], as: UTF8.self)))
    case .percent:
      return nil
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
