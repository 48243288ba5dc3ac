/// One `%#@name@` variable of a plural message.
///
/// A class: rendering picks variables and their forms by reference, with no copy.
///
/// The forms are kept as text and parsed into templates the first time something asks
/// for them (the general render path, lint, a comparison): a catalog's plural messages
/// mostly render through `CompiledPlural`, which needs no template once it is built, and
/// 44,000 messages of four forms kept 350,000 template objects and arrays that a reload
/// then freed one by one.
public final class PluralVariable: Hashable, @unchecked Sendable {
  /// The name between `%#@` and `@`.
  public let name: String
  /// The printf type of its argument (`d`, `lld`, `f`), when the file says.
  public let valueType: String?
  /// The 0-based argument whose value chooses the form.
  package let argumentIndex: Int
  /// The forms by category; specifiers without position in them read `argumentIndex`.
  public var forms: [PluralCategory: MessageTemplate] {
    var forms: [PluralCategory: MessageTemplate] = [:]
    for (category, slot) in zip(PluralCategory.allCases, slots) {
      forms[category] = slot
    }
    return forms
  }
  /// The texts of the forms in CLDR order (zero … other), nil where there is none.
  let sources: [String?]
  /// The forms parsed, made once on first use; any thread may be first, and all then
  /// read the same object. Read and written only holding `Self.locks`' mutex for this
  /// variable: pthread mutexes, which ThreadSanitizer models. (`AtomicLazyReference`
  /// published them through atomics TSan cannot see in a debug build, as Synchronization
  /// is not compiled with it, and it reported the forms' first reads as races.)
  private var parsed: ParsedForms?
  private static let locks = StripedLock()

  /// The forms in CLDR order (zero … other), for lint and comparisons; rendering reads
  /// `parsedForms` once instead.
  var slots: [MessageTemplate?] { parsedForms.slots }

  struct SimpleForm: Sendable {
    let prefix: String
    let specifier: FormatSpecifier
    let suffix: String
  }

  /// The parsed forms and their shapes, shared by every thread that reads them.
  final class ParsedForms: Sendable {
    /// The forms in CLDR order (zero … other), read without hashing when rendering.
    let slots: [MessageTemplate?]
    /// For each slot, the form as `prefix %d suffix` when it is that simple (most forms
    /// are: "%d files", "%d файла"), so rendering it is two appends around the number.
    let shapes: [SimpleForm?]

    init(slots: [MessageTemplate?]) {
      self.slots = slots
      self.shapes = slots.map { $0.flatMap(PluralVariable.simpleForm) }
    }
  }

  /// A variable `name` with its `forms`, chosen by the value of argument `argumentIndex`.
  /// - Parameters:
  ///   - name: the name between `%#@` and `@`.
  ///   - valueType: the printf type of its argument, when the file says.
  ///   - argumentIndex: the 0-based argument whose value chooses the form.
  ///   - forms: the forms by category.
  public init(
    name: String, valueType: String?, argumentIndex: Int,
    forms: [PluralCategory: MessageTemplate]
  ) {
    let slots = PluralCategory.allCases.map { forms[$0] }
    self.name = name
    self.valueType = valueType
    self.argumentIndex = argumentIndex
    self.sources = slots.map { $0?.source }
    // Templates parsed by the caller stay as they are: parsing their sources again with
    // `implicitArgument` could number their specifiers otherwise.
    self.parsed = ParsedForms(slots: slots)
  }

  /// A variable whose forms, six texts in CLDR order, are parsed on first use; their
  /// specifiers without position read `argumentIndex`.
  init(name: String, valueType: String?, argumentIndex: Int, sources: [String?]) {
    self.name = name
    self.valueType = valueType
    self.argumentIndex = argumentIndex
    self.sources = sources
  }

  /// The parsed forms and their shapes, parsed by the first thread to ask; each read
  /// takes the lock, so a render reads it once.
  var parsedForms: ParsedForms {
    if let forms = Self.locks.withLock(for: self, { parsed }) { return forms }
    // Parsed outside the lock; a thread that lost the race drops its copy.
    return store(ParsedForms(slots: parseSources()))
  }

  /// The forms parsed now, whether or not they were parsed before; nothing is kept
  /// (`keep(_:)` keeps them).
  func parseForms() -> [MessageTemplate?] {
    if let forms = Self.locks.withLock(for: self, { parsed }) { return forms.slots }
    return parseSources()
  }

  /// Keeps `slots`, the result of `parseForms()`, so that the first use does not parse
  /// the forms again (a message the fast path cannot take renders through them).
  func keep(_ slots: [MessageTemplate?]) {
    _ = store(ParsedForms(slots: slots))
  }

  private func parseSources() -> [MessageTemplate?] {
    sources.map { $0.map { MessageTemplate($0, implicitArgument: argumentIndex) } }
  }

  /// Keeps `forms` unless another thread kept its own first; returns the ones kept.
  private func store(_ forms: ParsedForms) -> ParsedForms {
    Self.locks.withLock(for: self) {
      if let first = parsed { return first }
      parsed = forms
      return forms
    }
  }

  fileprivate static func simpleForm(_ template: MessageTemplate) -> SimpleForm? {
    var prefix = ""
    var specifier: FormatSpecifier?
    var suffix = ""
    for segment in template.segments {
      switch segment {
      case .literal(let text):
        if specifier == nil { prefix += text } else { suffix += text }
      case .format(let found)
      where specifier == nil && found.isSimple
        && (found.valueType == .signedInteger || found.valueType == .unsignedInteger)
        && found.isDecimalInteger:
        specifier = found
      default:
        return nil
      }
    }
    return specifier.map { SimpleForm(prefix: prefix, specifier: $0, suffix: suffix) }
  }

  /// Whether two variables have the same name, type, argument and forms.
  /// - Parameters:
  ///   - lhs: a variable.
  ///   - rhs: another variable.
  /// - Returns: true when they are equal.
  public static func == (lhs: PluralVariable, rhs: PluralVariable) -> Bool {
    lhs.name == rhs.name && lhs.valueType == rhs.valueType
      && lhs.argumentIndex == rhs.argumentIndex && lhs.sources == rhs.sources
      && lhs.slots == rhs.slots
  }

  /// Hashes the name, the argument and the forms.
  /// - Parameter hasher: the hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(argumentIndex)
    // What hashing the templates fed (a template hashes its source), without parsing.
    hasher.combine(sources)
  }
}
