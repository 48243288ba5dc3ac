/// A plural message of the common shape, flattened at load time so that rendering it is
/// byte copies into one string of the exact size.
///
/// The shape: a format of text and `%#@variables@` only, whose forms are text with at
/// most one integer conversion of the variable's own argument ("%d files", "%1$d файл",
/// or "ملفان" with no number). Anything else — named placeholders, other conversions,
/// isolation, a non-integer argument — renders through the general path.
struct CompiledPlural: Sendable {
  /// A run of `bytes`.
  struct Span: Sendable {
    let start: Int
    let end: Int
    var count: Int { end - start }
  }

  enum Part: Sendable {
    case text(Span)
    case variable(Int)
  }

  struct Form: Sendable {
    let prefix: Span
    let hasNumber: Bool
    let suffix: Span
  }

  struct Variable: Sendable {
    let argumentIndex: Int
    /// By category index (zero … other); a missing form falls back to `other`.
    let forms: [Form?]
  }

  let bytes: [UInt8]
  let parts: [Part]
  let variables: [Variable]

  /// A form as the compiled message keeps it: the text before its number, whether it
  /// has one, the text after. Nil inside: a form the compiled message cannot take.
  typealias Shape = (prefix: String, hasNumber: Bool, suffix: String)?

  /// How the bytes of a form split: the range before its number, whether it has one,
  /// and the range after.
  typealias ByteShape = (prefix: Range<Int>, hasNumber: Bool, suffix: Range<Int>)

  /// The shape of a form from its bytes where it is text alone or text around one `%`
  /// (the template parser's reading of those, without its segments): `.some(nil)` for a
  /// form the compiled message cannot take; nil when the bytes alone do not tell.
  private static func shape(of bytes: UnsafeBufferPointer<UInt8>, argumentIndex: Int)
    -> ByteShape??
  {
    var percent: Int?
    for (index, byte) in bytes.enumerated() {
      // `#` may begin a named placeholder; a second `%` may be `%%` or another one.
      if byte == UInt8(ascii: "#") || (byte == UInt8(ascii: "%") && percent != nil) {
        return nil
      }
      if byte == UInt8(ascii: "%") { percent = index }
    }
    guard let percent else { return (0..<bytes.count, false, bytes.count..<bytes.count) }
    guard let specifier = PrintfSpecifier(scanning: bytes, at: percent),
      case .conversion(let conversion) = specifier.kind
    else { return nil }
    guard conversion.isSimple, conversion.isDecimalInteger,
      (specifier.position.map { $0 - 1 } ?? argumentIndex) == argumentIndex
    else { return .some(nil) }
    return (0..<percent, true, specifier.end..<bytes.count)
  }

  /// The shape of a form written `source`, read from its bytes where they tell, else from
  /// the template parsed.
  static func shape(of source: String, argumentIndex: Int) -> Shape {
    var text = source
    let read = text.withUTF8 { bytes in
      Self.shape(of: bytes, argumentIndex: argumentIndex).map { shape in
        shape.map { shape in
          let text = { (range: Range<Int>) in
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
          }
          return (text(shape.prefix), shape.hasNumber, text(shape.suffix))
        }
      }
    }
    if let read { return read }
    return Self.shape(
      of: MessageTemplate(source, implicitArgument: argumentIndex), argumentIndex: argumentIndex)
  }

  /// The shape of a parsed form.
  static func shape(of template: MessageTemplate, argumentIndex: Int) -> Shape {
    var prefix = ""
    var suffix = ""
    var number = false
    let pieces = template.segments.isEmpty ? [.literal(template.source)] : template.segments
    for piece in pieces {
      switch piece {
      case .literal(let text):
        if number { suffix += text } else { prefix += text }
      case .format(let specifier)
      where !number && specifier.isSimple && specifier.argumentIndex == argumentIndex
        && specifier.isDecimalInteger:
        number = true
      default:
        return nil
      }
    }
    return (prefix, number, suffix)
  }

  /// `variablesInOrder`: for each `%#@name@` of the format, its variable (its argument,
  /// and its forms' texts in CLDR order, whose specifiers without position read that
  /// argument); nil for a variable the message does not define. A form of text alone, or
  /// of text around one `%` that is an integer conversion, is read from its bytes
  /// (`shape(of:argumentIndex:)`); any other is parsed into a template first.
  init?(format: MessageTemplate, variablesInOrder: [PluralVariable?]) {
    // Sized once: a catalog makes one of these per plural key, and each growth of an
    // array is an allocation more to make and to free. (`bytes` goes to helpers as
    // `inout`: captured by a nested function, each access to it was checked at run time.)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(
      format.source.utf8.count
        + variablesInOrder.reduce(0) { total, variable in
          total + (variable?.sources.reduce(0) { $0 + ($1?.utf8.count ?? 0) } ?? 0)
        })
    var parts: [Part] = []
    parts.reserveCapacity(format.segments.isEmpty ? 1 : format.segments.count)
    var ordinal = 0
    let segments = format.segments.isEmpty ? [.literal(format.source)] : format.segments
    for segment in segments {
      switch segment {
      case .literal(let text): parts.append(.text(Self.append(text, to: &bytes)))
      case .variable:
        parts.append(.variable(ordinal))
        ordinal += 1
      case .named, .format: return nil
      }
    }
    var variables: [Variable] = []
    variables.reserveCapacity(variablesInOrder.count)
    for variable in variablesInOrder {
      guard let variable else { return nil }
      var forms: [Form?] = []
      forms.reserveCapacity(variable.sources.count)
      for source in variable.sources {
        guard let source else {
          forms.append(nil)
          continue
        }
        guard let form = Self.form(source, argumentIndex: variable.argumentIndex, into: &bytes)
        else { return nil }
        forms.append(form)
      }
      guard forms[5] != nil else { return nil }
      variables.append(Variable(argumentIndex: variable.argumentIndex, forms: forms))
    }
    self.bytes = bytes
    self.parts = parts
    self.variables = variables
  }

  /// The form written `source`, its texts added to `bytes`: copied where its bytes tell
  /// its shape, else from its template parsed; nil when the compiled message cannot take it.
  private static func form(_ source: String, argumentIndex: Int, into bytes: inout [UInt8])
    -> Form?
  {
    var text = source
    let read = text.withUTF8 { utf8 -> Form?? in
      guard let shape = Self.shape(of: utf8, argumentIndex: argumentIndex) else { return nil }
      guard let shape else { return .some(nil) }
      return Form(
        prefix: append(utf8, shape.prefix, to: &bytes), hasNumber: shape.hasNumber,
        suffix: append(utf8, shape.suffix, to: &bytes))
    }
    if let read { return read }
    guard
      let (prefix, number, suffix) = Self.shape(
        of: MessageTemplate(source, implicitArgument: argumentIndex), argumentIndex: argumentIndex)
    else { return nil }
    return Form(
      prefix: append(prefix, to: &bytes), hasNumber: number, suffix: append(suffix, to: &bytes))
  }

  private static func append(_ text: String, to bytes: inout [UInt8]) -> Span {
    let start = bytes.count
    bytes.append(contentsOf: text.utf8)
    return Span(start: start, end: bytes.count)
  }

  private static func append(
    _ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to bytes: inout [UInt8]
  ) -> Span {
    let start = bytes.count
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[range]))
    return Span(start: start, end: bytes.count)
  }

  /// The message, or nil when an argument is missing or not an integer (the general path
  /// then renders it, and says what is wrong).
  func render(_ arguments: [MessageArgument], rules: PluralRules) -> String? {
    // At most a handful of variables: choose every form first, to size the string.
    withUnsafeTemporaryAllocation(of: (form: Form, number: Int64).self, capacity: variables.count) {
      chosen -> String? in
      guard let base = chosen.baseAddress else { return nil }
      var total = 0
      for (index, variable) in variables.enumerated() {
        guard variable.argumentIndex < arguments.count,
          let number = arguments[variable.argumentIndex].exactInteger
        else { return nil }
        let category =
          number == 0 && variable.forms[0] != nil
          ? PluralCategory.zero : rules.category(for: number)
        guard let form = variable.forms[category.index] ?? variable.forms[5] else { return nil }
        if form.hasNumber && number < 0 { return nil }  // "%u" of a negative: the general path
        (base + index).initialize(to: (form, number))
        total +=
          form.prefix.count + form.suffix.count
          + (form.hasNumber ? Self.digitCount(number) : 0)
      }
      for part in parts {
        if case .text(let span) = part { total += span.count }
      }
      return bytes.withUnsafeBufferPointer { source in
        String(unsafeUninitializedCapacity: total) { output in
          var offset = 0
          func copy(_ span: Span) {
            for index in span.start..<span.end {
              output[offset] = source[index]
              offset += 1
            }
          }
          for part in parts {
            switch part {
            case .text(let span): copy(span)
            case .variable(let ordinal):
              let (form, number) = base[ordinal]
              copy(form.prefix)
              if form.hasNumber {
                var value = number
                let digits = Self.digitCount(value)
                var position = offset + digits - 1
                repeat {
                  output[position] = UInt8(truncatingIfNeeded: 0x30 + value % 10)
                  value /= 10
                  position -= 1
                } while value > 0
                offset += digits
              }
              copy(form.suffix)
            }
          }
          return offset
        }
      }
    }
  }

  private static func digitCount(_ value: Int64) -> Int {
    var count = 1
    var rest = value / 10
    while rest > 0 {
      count += 1
      rest /= 10
    }
    return count
  }
}
