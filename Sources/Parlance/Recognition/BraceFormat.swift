/// The replacement fields of a message a program fills with `str.format` (Python),
/// `String.Format` (C#) or `fmt::format` (C++) instead of printf: `{path}`, `{0}`, `{}`,
/// with a conversion or a format spec after the name (`{count:d}`, `{name!r}`), `{{`
/// and `}}` being literal braces.
///
/// ```
/// msgid "File not found: {path}"       fields ["path"]
/// msgstr "Fichier non trouvé : {path}"  with ["/etc/x"] → "Fichier non trouvé : /etc/x"
/// msgid "{0} of {1}"                    fields ["0", "1"]
/// ```
///
/// A field's argument is named by its msgid: the first field named there is argument 0
/// (an automatic `{}` is the next number), whatever order a translation puts them in.
/// gettext cannot make such a text (no printf), so it has no recipe.
public enum BraceFormat {
  /// The distinct fields of `msgid` in the order they first appear; empty when it has
  /// none, or printf conversions (a printf message whose text holds braces), or a brace
  /// that opens no well-formed field.
  public static func fields(of msgid: String) -> [String] {
    guard msgid.utf8.contains(UInt8(ascii: "{")),
      !msgid.utf8.contains(UInt8(ascii: "%")) || PrintfPattern(msgid) == nil,
      let pieces = pieces(of: msgid)
    else { return [] }
    var fields: [String] = []
    for case .field(let name, _) in pieces where !fields.contains(name) { fields.append(name) }
    return fields
  }

  /// `text` (a translation of a message whose msgid has `fields`) with each field
  /// replaced by its argument; nil where it names a field the msgid has not.
  public static func render(_ text: String, fields: [String], arguments: [String]) -> String? {
    guard let pieces = pieces(of: text) else { return nil }
    var result = ""
    for piece in pieces {
      switch piece {
      case .literal(let literal): result += literal
      case .field(let name, _):
        guard let index = fields.firstIndex(of: name), index < arguments.count else { return nil }
        result += arguments[index]
      }
    }
    return result
  }

  /// A piece of a text: literal text, or a field by name with the kind of value its
  /// format spec reads.
  enum Piece: Equatable {
    case literal(String)
    case field(String, PrintfPattern.Kind)
  }

  /// `text` as literal pieces and fields; nil for a `{` or `}` that is neither doubled
  /// nor a field's.
  static func pieces(of text: String) -> [Piece]? {
    var pieces: [Piece] = []
    var literal = ""
    var automatic = 0
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      if character == "}" {
        guard next < text.endIndex, text[next] == "}" else { return nil }
        literal.append("}")
        index = text.index(after: next)
        continue
      }
      guard character == "{" else {
        literal.append(character)
        index = next
        continue
      }
      if next < text.endIndex, text[next] == "{" {
        literal.append("{")
        index = text.index(after: next)
        continue
      }
      guard let close = text[next...].firstIndex(of: "}") else { return nil }
      let inside = text[next..<close]
      guard !inside.contains("{") else { return nil }
      let nameEnd = inside.firstIndex { $0 == ":" || $0 == "!" } ?? inside.endIndex
      var name = String(inside[..<nameEnd])
      guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
        return nil
      }
      if name.isEmpty {
        name = String(automatic)
        automatic += 1
      }
      let spec = inside[nameEnd...]
      let kind: PrintfPattern.Kind =
        spec.hasSuffix("d")
        ? .integer
        : spec.last.map { "fFeEgG%".contains($0) } == true ? .number : .text
      if !literal.isEmpty { pieces.append(.literal(literal)) }
      literal = ""
      pieces.append(.field(name, kind))
      index = text.index(after: close)
    }
    if !literal.isEmpty { pieces.append(.literal(literal)) }
    return pieces
  }
}

extension PrintfPattern {
  /// The pattern of `template`, a text whose msgid's replacement fields are `fields`
  /// (`BraceFormat`): each field an argument, by its place in `fields`; nil when it has
  /// none, names another, or has no letter of its own (`{name}` alone would take any
  /// text for it).
  init?(braces template: String, fields: [String]) {
    guard !fields.isEmpty, let pieces = BraceFormat.pieces(of: template) else { return nil }
    var made: [Piece] = []
    var hasWords = false
    for piece in pieces {
      switch piece {
      case .literal(let text):
        hasWords = hasWords || text.contains(where: \.isLetter)
        made.append(.literal(Array(text.utf8)))
      case .field(let name, let kind):
        guard let index = fields.firstIndex(of: name) else { return nil }
        made.append(.argument(index: index, kind: kind))
      }
    }
    guard hasWords, made.contains(where: { if case .argument = $0 { true } else { false } })
    else { return nil }
    self.init(pieces: made, argumentCount: fields.count)
  }
}
