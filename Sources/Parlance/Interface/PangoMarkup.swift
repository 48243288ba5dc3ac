/// Checks text the way Pango's markup parser will take it (`pango_parse_markup`), without
/// Pango: a label whose markup does not parse shows nothing useful, so `lint` reports a
/// translation that breaks markup its source had right.
///
/// Markup is XML content: the tags `b big i s sub sup small tt u span markup`, `span`
/// with Pango's attributes, the five XML entities and character references.
/// Example: `<b>Fetter</b> Text` is fine; `<b>Fetter Text` is "unexpected end … <b>";
/// `<blink>x</blink>` is "unknown tag".
public enum PangoMarkup {
  static let tags: Set<String> = [
    "b", "big", "i", "s", "sub", "sup", "small", "tt", "u", "span", "markup",
  ]
  static let spanAttributes: Set<String> = [
    "font", "font_desc", "font_family", "face", "size", "style", "weight", "variant", "stretch",
    "foreground", "fgcolor", "color", "background", "bgcolor", "underline", "underline_color",
    "rise", "strikethrough", "strikethrough_color", "fallback", "lang", "letter_spacing",
    "gravity", "gravity_hint", "font_features", "alpha", "fgalpha", "bgalpha", "allow_breaks",
    "insert_hyphens", "show", "line_height", "text_transform", "segment", "baseline_shift",
    "font_scale", "overline", "overline_color",
  ]

  /// Why `text` is not valid Pango markup, or nil when it is.
  public static func problem(in text: String) -> String? {
    switch XMLReader.parse(Array(("<markup>" + text + "</markup>").utf8)) {
    case .failure(let failure): return readable(failure.reason)
    case .success(let root): return problem(in: root)
    }
  }

  /// The reader's reason without positions inside the wrapped text: `</markup> does not
  /// close <b> opened at 1:9` → `<b> is not closed`.
  private static func readable(_ reason: String) -> String {
    var text = reason
    if let range = text.range(of: " opened at ") {
      text = String(text[..<range.lowerBound])
    }
    if text.hasPrefix("</markup> does not close ") {
      return String(text.dropFirst("</markup> does not close ".count)) + " is not closed"
    }
    return text
  }

  private static func problem(in element: XMLTree.Element) -> String? {
    guard tags.contains(element.name) else { return "unknown tag <\(element.name)>" }
    if element.name != "span", let attribute = element.attributes.first {
      return "<\(element.name)> takes no attribute '\(attribute.name)'"
    }
    if let unknown = element.attributes.first(where: {
      !spanAttributes.contains($0.name.replacingOccurrences(of: "-", with: "_"))
    }) {
      return "unknown <span> attribute '\(unknown.name)'"
    }
    for child in element.elements {
      if let problem = problem(in: child) { return problem }
    }
    return nil
  }
}

/// The access key of a mnemonic label: the character after the first single `_`
/// (`__` is a literal underscore). `"_Open"` → `o`, `"Save __As"` → nil.
public enum AccessKey {
  /// The access key of `text`, lowercased; nil when it has none.
  /// - Parameter text: a label's text with `_` before its access key.
  /// - Returns: the key, or nil.
  public static func of(_ text: String) -> Character? {
    var characters = text.makeIterator()
    while let character = characters.next() {
      guard character == "_" else { continue }
      guard let next = characters.next() else { return nil }
      if next != "_" { return Character(next.lowercased()) }
    }
    return nil
  }
}
