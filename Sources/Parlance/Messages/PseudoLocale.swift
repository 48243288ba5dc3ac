/// Machine-made "translations" that show layout problems before real ones arrive.
///
/// - `en-XA` (accented): every letter accented, about 35% longer, bracketed, so that
///   clipped, concatenated or hard-coded text stands out:
///   `Hello #{name}!` → `[Ĥéļļö #{name}! one two]`.
/// - `ar-XB` (bidi): each run of text forced right to left with U+202E … U+202C, in a
///   right-to-left language, so the layout flips and the text reads mirrored.
///
/// Placeholders are never touched, and the result is deterministic so screenshots compare.
public enum PseudoLocale: String, CaseIterable, Sendable {
  case accented = "en-XA"
  case bidi = "ar-XB"

  /// The language tag the pseudo-locale is selected by.
  public var tag: LanguageTag {
    switch self {
    case .accented:
      LanguageTag(language: "en", script: nil, region: "XA", variants: [], extensions: nil)
    case .bidi:
      LanguageTag(language: "ar", script: nil, region: "XB", variants: [], extensions: nil)
    }
  }

  /// The pseudo-locale of `tag` (`en-XA`, `ar-XB`); nil for any other tag.
  /// - Parameter tag: a language tag.
  public init?(_ tag: LanguageTag) {
    guard let match = Self.allCases.first(where: { $0.tag == tag }) else { return nil }
    self = match
  }

  /// The catalog of this pseudo-locale, made from the development language's.
  public func transform(_ catalog: LanguageCatalog) -> LanguageCatalog {
    var tables: [String: CatalogTable] = [:]
    for (name, table) in catalog.tables {
      var transformed = CatalogTable(minimumCapacity: table.count)
      for (key, entry) in table.entries {
        transformed[key] = CatalogEntry(message: transform(entry.message), origin: entry.origin)
      }
      tables[name] = transformed
    }
    return LanguageCatalog(language: tag, tables: tables, diagnostics: [], files: catalog.files)
  }

  /// The message as this pseudo-locale shows it, placeholders kept.
  /// - Parameter message: a message of the development language.
  /// - Returns: the transformed message.
  public func transform(_ message: Message) -> Message {
    switch message {
    case .text(let template):
      return .text(MessageTemplate(transform(template)))
    case .plural(let plural):
      return .plural(
        PluralMessage(
          format: transform(plural.format),
          variables: plural.variables.values.map { variable in
            (
              variable.name, variable.valueType, variable.argumentIndex + 1,
              variable.forms.mapValues { transform($0, wraps: false) }
            )
          }))
    case .indexedPlural(let forms, let rule):
      return .indexedPlural(forms: forms.map { MessageTemplate(transform($0)) }, rule: rule)
    }
  }

  /// The pseudo form of Pango markup: tags and entities are kept as they are, only the
  /// text between them changes, so the markup still parses.
  /// `<b>Bold</b> text` → `[<b>Ɓöļð</b> ţéẋţ one]` (en-XA). The result is template
  /// source, like `transform(_:)`'s.
  public func transform(markup: String) -> String {
    var output = ""
    var letters = 0
    var text = ""
    func flush() {
      guard !text.isEmpty else { return }
      letters += text.unicodeScalars.filter { $0.properties.isAlphabetic }.count
      output += transform(MessageTemplate(text), wraps: false)
      text = ""
    }
    var characters = markup.makeIterator()
    while let character = characters.next() {
      guard character == "<" || character == "&" else {
        text.append(character)
        continue
      }
      flush()
      let end: Character = character == "<" ? ">" : ";"
      output.append(character)
      while let next = characters.next() {
        output.append(next)
        if next == end { break }
      }
    }
    flush()
    guard self == .accented else { return output }
    return "[" + output + Self.padding(for: letters) + "]"
  }

  /// The source of the transformed template.
  public func transform(_ template: MessageTemplate, wraps: Bool = true) -> String {
    var output = ""
    var letters = 0
    let parts: [MessageTemplate.Segment] =
      template.segments.isEmpty && !template.source.isEmpty
      ? [.literal(template.source)] : template.segments
    for segment in parts {
      switch segment {
      case .literal(let text):
        letters += text.unicodeScalars.filter { $0.properties.isAlphabetic }.count
        output += escaped(literal(text))
      case .named(let name):
        output += "#{\(name)}"
      case .format(let specifier):
        output += specifier.text
      case .variable(let name, let index):
        output += "%\(index + 1)$#@\(name)@"
      }
    }
    guard self == .accented, wraps else { return output }
    return "[" + output + Self.padding(for: letters) + "]"
  }

  private func literal(_ text: String) -> String {
    switch self {
    case .accented:
      return String(String.UnicodeScalarView(text.unicodeScalars.map { Self.accents[$0] ?? $0 }))
    case .bidi:
      return text.isEmpty ? text : "\u{202E}" + text + "\u{202C}"
    }
  }

  /// Literal text written back into template syntax.
  private func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%%")
  }

  /// About 35% more letters, as words, so that longer languages' layouts can be judged.
  static func padding(for letters: Int) -> String {
    let wanted = (letters * 35 + 99) / 100
    guard wanted > 0 else { return "" }
    let words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    var result = ""
    var index = 0
    while result.count < wanted {
      result += " " + words[index % words.count]
      index += 1
    }
    return result
  }

  private static let accents: [Unicode.Scalar: Unicode.Scalar] = {
    let plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    let accented = "áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
    return Dictionary(
      uniqueKeysWithValues: zip(plain.unicodeScalars, accented.unicodeScalars))
  }()
}

extension LanguageTag {
  /// True for the pseudo-locale regions `XA`, `XB`, `XC`: never matched by negotiation
  /// unless asked for exactly.
  public var isPseudoLocale: Bool {
    region == "XA" || region == "XB" || region == "XC"
  }
}
