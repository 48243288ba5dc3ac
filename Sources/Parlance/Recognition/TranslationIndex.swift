/// The way back from a text on screen to the message it was made from, for one table in
/// one language: every (context, msgid, plural form) whose translation is that text, and
/// for printf messages the arguments a shown text was made with.
///
/// ```
/// German gtk30:  "_Abbrechen"        → _Cancel
///                "Abbrechen"         → _Cancel (the mnemonic as an accessible name reads it)
///                "3 Dateien"         → "%d file" form 1, arguments ["3"], count 3
///                "Öffnen"            → "Open" and Verb|"Open": both, never one guessed
/// Arabic:        "مستندان"            → "%d document" form 2, count 2 (no number shown)
/// The source:    "Cancel"            → "Cancel"; "5 files" → "%d file" form 1, count 5
/// ```
///
/// Texts are compared as `ShownTextForm.normalized` makes them (no mnemonic marker,
/// padding or markup); an exact match is listed before one that only matches normalized.
/// Built once per table and language (`Localizer.translationIndex(for:table:)`), read
/// from any thread.
public final class TranslationIndex: Sendable {
  /// A message a shown text can be made from.
  public struct Match: Hashable, Sendable {
    /// The catalog key: `msgid`, or `msgctxt` U+0004 `msgid`.
    public let key: String
    /// The plural form shown, for a plural message (in the index's language's forms;
    /// for the source, 0 is `msgid` and 1 `msgid_plural`).
    public let form: Int?
    /// The printf arguments the text was made with, by position, as shown; empty when
    /// the text is the message itself.
    public let arguments: [String]
    /// The same arguments as values for rendering another language's form: numbers
    /// where the message has a number conversion (`"1,204"` → 1204), else the text.
    public let values: [MessageArgument]
    /// The count a plural form implies: the number shown, or for a form that shows
    /// none (Arabic's dual) the smallest number that takes it.
    public let count: UInt64?
    /// Whether the text is the translation exactly, mnemonic and padding included.
    package let isExact: Bool

    /// The `msgctxt`, when the key has one.
    public var context: String? { CatalogEntry.context(ofKey: key) }

    /// What the shown text wrote before a number's fraction: "," where a number of a
    /// floating-point conversion has a comma and no point (a program whose numbers follow
    /// its locale: "1,5 MB"), else ".". Rendering the message again writes it the same.
    var decimalSeparator: String {
      for (text, value) in zip(arguments, values) {
        if case .double = value, text.contains(","), !text.contains(".") { return "," }
      }
      return "."
    }

    /// The `msgid` without its context.
    public var msgid: String { CatalogEntry.msgid(ofKey: key) }

    /// A match of message `key` (form `form`), made with `arguments` (`values` typed)
    /// and implying `count`; `isExact` when the text is the translation itself.
    public init(
      key: String, form: Int?, arguments: [String], values: [MessageArgument], count: UInt64?,
      isExact: Bool
    ) {
      self.key = key
      self.form = form
      self.arguments = arguments
      self.values = values
      self.count = count
      self.isExact = isExact
    }
  }

  /// One form of one message, as indexed.
  private struct Form: Sendable {
    let key: String
    let form: Int?
    let text: String
    let rule: PluralForms?
  }

  private struct Template: Sendable {
    let form: Form
    let pattern: PrintfPattern
  }

  /// Forms by normalized text.
  private let forms: [String: [Form]]
  /// The printf forms, and where each is filed: by the first scalars of its leading
  /// literal, else of its trailing one, else (no literal at either end) always tried.
  private let templates: [Template]
  private let byLeading: [[UInt8]: [Int]]
  private let byTrailing: [[UInt8]: [Int]]
  private let unanchored: [Int]
  /// How many bytes of a literal file a template: short enough that a shown text's
  /// first few bytes find it with `anchorLengths` lookups.
  private static let anchorLength = 4

  /// The number of forms indexed.
  public let count: Int
  /// Every form, for merging indexes.
  private let all: [Form]

  /// The messages of several indexes in one (a language's own catalog and the msgids
  /// its texts fall back to).
  public convenience init(merging indexes: [TranslationIndex]) {
    self.init(indexes.flatMap(\.all))
  }

  /// The translations of `table`: each message's text, and each form of a plural one.
  public convenience init(translationsOf table: CatalogTable) {
    // A compiled file is read once in place, without the table it would build.
    let messages: [(key: String, forms: [String], rule: PluralForms?)] =
      if let (entries, rule) = table.compiledMessages {
        entries.map { ($0.key, $0.forms, $0.plural == nil ? nil : rule) }
      } else {
        table.entries.map { key, entry in
          if case .indexedPlural(let templates, let rule) = entry.message {
            (key, templates.map(\.source), rule)
          } else {
            (key, [entry.value], nil)
          }
        }
      }
    var forms: [Form] = []
    for (key, texts, rule) in messages {
      if let rule {
        for (index, text) in texts.enumerated() {
          forms.append(Form(key: key, form: index, text: text, rule: rule))
        }
      } else {
        forms.append(Form(key: key, form: nil, text: texts.first ?? "", rule: nil))
      }
    }
    self.init(forms)
  }

  /// The source texts of `table`: each message's msgid (without its context), and a
  /// plural message's `msgid_plural` as its form 1 — what a program shows in its
  /// development language, where it has no catalog.
  public convenience init(sourceOf table: CatalogTable) {
    let messages: [(key: String, plural: String?)]
    if let (entries, _) = table.compiledMessages {
      messages = entries.map { ($0.key, $0.plural) }
    } else {
      let plurals = table.sourcePlurals
      messages = table.keys.map { ($0, plurals[$0]) }
    }
    var forms: [Form] = []
    for (key, plural) in messages {
      let msgid = CatalogEntry.msgid(ofKey: key)
      if let plural {
        forms.append(Form(key: key, form: 0, text: msgid, rule: .germanic))
        forms.append(Form(key: key, form: 1, text: plural, rule: .germanic))
      } else {
        forms.append(Form(key: key, form: nil, text: msgid, rule: nil))
      }
    }
    self.init(forms)
  }

  private init(_ all: [Form]) {
    var forms: [String: [Form]] = [:]
    forms.reserveCapacity(all.count)
    var shared: Set<String> = []
    var printf: [Template] = []
    for form in all {
      let normalized = ShownTextForm.normalized(form.text)
      let bucket = forms.index(forKey: normalized)
      if let bucket {
        forms.values[bucket].append(form)
        shared.insert(normalized)
      } else {
        forms[normalized] = [form]
      }
      if normalized.utf8.contains(UInt8(ascii: "%")), let pattern = PrintfPattern(normalized) {
        printf.append(Template(form: form, pattern: pattern))
      } else if normalized.utf8.contains(UInt8(ascii: "{")),
        let pattern = PrintfPattern(
          braces: normalized, fields: BraceFormat.fields(of: CatalogEntry.msgid(ofKey: form.key)))
      {
        // A message filled by `str.format` (Python), `String.Format` (C#), `fmt`.
        printf.append(Template(form: form, pattern: pattern))
      }
    }
    // In key order, so that ambiguous matches come in the same order every time: the few
    // texts of several forms, and the printf forms (tried in the order filed).
    func inKeyOrder(_ one: Form, _ other: Form) -> Bool {
      (one.key, one.form ?? -1) < (other.key, other.form ?? -1)
    }
    for text in shared { forms[text]?.sort(by: inKeyOrder) }
    printf.sort { inKeyOrder($0.form, $1.form) }
    var byLeading: [[UInt8]: [Int]] = [:]
    var byTrailing: [[UInt8]: [Int]] = [:]
    var unanchored: [Int] = []
    for (index, template) in printf.enumerated() {
      let leading = template.pattern.leadingLiteral
      let trailing = template.pattern.trailingLiteral
      if !leading.isEmpty {
        byLeading[Array(leading.prefix(Self.anchorLength)), default: []].append(index)
      } else if !trailing.isEmpty {
        byTrailing[Array(trailing.suffix(Self.anchorLength)), default: []].append(index)
      } else {
        unanchored.append(index)
      }
    }
    self.forms = forms
    self.templates = printf
    self.byLeading = byLeading
    self.byTrailing = byTrailing
    self.unanchored = unanchored
    self.count = all.count
    self.all = all
  }

  /// `text` as the index compares it: without mnemonic markers, padding and markup.
  public static func comparableForm(of text: String) -> String {
    ShownTextForm.normalized(text)
  }

  /// Every message whose translation (or a form of it) is `text`: those it is exactly
  /// first, then those it is once both are normalized. Empty when none is.
  public func messages(showing text: String) -> [Match] {
    messages(showing: text, normalized: ShownTextForm.normalized(text))
  }

  /// `messages(showing:)` of `text`, whose normalized form the caller has made.
  func messages(showing text: String, normalized: String) -> [Match] {
    guard let found = forms[normalized] else { return [] }
    let matches = found.map { form in
      Match(
        key: form.key, form: form.form, arguments: [], values: [],
        count: Self.count(of: form, shown: nil), isExact: form.text == text)
    }
    return matches.filter(\.isExact) + matches.filter { !$0.isExact }
  }

  /// `messages(showing:)`, else every printf message that makes `text` with some
  /// arguments, with those arguments.
  ///
  /// A plural form that shows a number must show one that takes it (`"1 Dateien"` is
  /// not form 1 of "%d file" in German) unless no message fits otherwise.
  public func recognize(_ text: String) -> [Match] {
    recognize(text, normalized: ShownTextForm.normalized(text))
  }

  /// `recognize(_:)` of `text`, whose normalized form the caller has made.
  func recognize(_ text: String, normalized form: String) -> [Match] {
    let exact = messages(showing: text, normalized: form)
    if !exact.isEmpty { return exact }
    let found = printfMessages(showing: Array(form.utf8))
    // GLib writes the spaces of a size it formats as no-break spaces (`g_format_size`:
    // "1,5 MB" is "%.1f MB"): the message's spaces, where nothing matched as written.
    guard found.isEmpty, form.unicodeScalars.contains("\u{A0}") else { return found }
    return printfMessages(showing: Array(form.replacingOccurrences(of: "\u{A0}", with: " ").utf8))
  }

  /// Every printf message that makes the normalized text `normalized` with some
  /// arguments, with those arguments.
  private func printfMessages(showing normalized: [UInt8]) -> [Match] {
    var candidates: Set<Int> = Set(unanchored)
    for length in 1...Self.anchorLength where length <= normalized.count {
      candidates.formUnion(byLeading[Array(normalized.prefix(length))] ?? [])
      candidates.formUnion(byTrailing[Array(normalized.suffix(length))] ?? [])
    }
    var consistent: [Match] = []
    var others: [Match] = []
    for index in candidates.sorted() {
      let template = templates[index]
      guard let arguments = template.pattern.match(normalized) else { continue }
      let shown = template.pattern.firstIntegerArgument(in: arguments)
      let count = Self.count(of: template.form, shown: shown)
      let match = Match(
        key: template.form.key, form: template.form.form, arguments: arguments,
        values: template.pattern.values(of: arguments), count: count, isExact: false)
      if let rule = template.form.rule, let form = template.form.form, let shown,
        rule.index(for: shown) != form
      {
        others.append(match)
      } else {
        consistent.append(match)
      }
    }
    return consistent.isEmpty ? others : consistent
  }

  /// The count a form implies: `shown` when given, else for a plural form the smallest
  /// number that takes it.
  private static func count(of form: Form, shown: UInt64?) -> UInt64? {
    if let shown { return shown }
    guard let rule = form.rule, let index = form.form else { return nil }
    return (0...1_000).first { rule.index(for: UInt64($0)) == index }.map(UInt64.init)
  }
}

extension PrintfPattern {
  /// `arguments` as values: numbers where the pattern reads a number.
  func values(of arguments: [String]) -> [MessageArgument] {
    var kinds = [Kind?](repeating: nil, count: arguments.count)
    for case .argument(let index, let kind, _) in pieces where index < kinds.count {
      kinds[index] = kind
    }
    return zip(arguments, kinds).map { text, kind in
      switch kind {
      case .integer?:
        if text.hasPrefix("-"), let value = Self.integerValue(of: String(text.dropFirst())) {
          return .integer(-Int64(clamping: value))
        }
        return Self.integerValue(of: text).map { .unsigned($0) } ?? .string(text)
      case .number?:
        let plain = text.replacingOccurrences(of: ",", with: ".")
        return Double(plain).map { .double($0) } ?? .string(text)
      default:
        return .string(text)
      }
    }
  }

  /// The value of the first integer argument in `arguments`: the count a plural
  /// message shows, usually.
  func firstIntegerArgument(in arguments: [String]) -> UInt64? {
    for case .argument(let index, .integer, _) in pieces where index < arguments.count {
      if let value = Self.integerValue(of: arguments[index]) { return value }
    }
    return nil
  }
}
