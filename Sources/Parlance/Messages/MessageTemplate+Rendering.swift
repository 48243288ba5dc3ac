#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Something a message needed but was not given, found while rendering.
public enum RenderProblem: Hashable, Sendable, CustomStringConvertible {
  case missingNamedArgument(String)
  case missingArgument(FormatSpecifier)
  case wrongArgumentType(FormatSpecifier, MessageArgument)
  /// A `%#@name@` with no definition, or no number to choose its form.
  case missingVariable(String)

  /// The problem in lowercase, as the reporter prints it.
  public var description: String {
    switch self {
    case .missingNamedArgument(let name): "no value for placeholder '#{\(name)}'"
    case .missingArgument(let specifier): "no argument for '\(specifier)'"
    case .wrongArgumentType(let specifier, let argument):
      "argument '\(argument)' does not fit '\(specifier)'"
    case .missingVariable(let name): "no plural form for '%#@\(name)@'"
    }
  }
}

/// How inserted values are written into a message.
public struct RenderOptions: Hashable, Sendable {
  /// Wrap every inserted value in U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL
  /// ISOLATE, so a Latin name inside Arabic text (or the reverse) keeps its own order.
  public var isolatesArguments: Bool

  /// What a floating-point conversion (`%.1f`) writes before the fraction: "." as printf
  /// in the C locale does, or the mark of another locale's numbers ("," in German), as a
  /// program whose numbers follow its locale wrote them.
  public var decimalSeparator: String

  /// Options that isolate inserted values, or not.
  /// - Parameters:
  ///   - isolatesArguments: wrap every inserted value in U+2068 … U+2069.
  ///   - decimalSeparator: what `%f`, `%e`, `%g` write before the fraction.
  public init(isolatesArguments: Bool = false, decimalSeparator: String = ".") {
    self.isolatesArguments = isolatesArguments
    self.decimalSeparator = decimalSeparator
  }
}

extension MessageTemplate {
  /// Substitutes the arguments in one pass.
  ///
  /// A value is inserted as is and never scanned again, so a name containing `#{x}` or
  /// `%d` stays literal. A placeholder without a value stays visible (`#{name}`), a
  /// missing or mistyped printf argument shows `[missing %2$d]` or
  /// `[%d: not a number: "abc"]`; each is appended to `problems`.
  public func render(
    arguments: [MessageArgument] = [], named: [String: MessageArgument] = [:],
    options: RenderOptions = RenderOptions(), problems: inout [RenderProblem]
  ) -> String {
    render(
      arguments: arguments, named: named, options: options,
      substitutingVariables: { _, _ in nil }, problems: &problems)
  }

  /// `render`, with `%#@name@` variables replaced by `substitute(name, argumentIndex)`;
  /// a variable it has no text for stays visible and is a problem.
  func render(
    arguments: [MessageArgument] = [], named: [String: MessageArgument] = [:],
    options: RenderOptions = RenderOptions(),
    substitutingVariables substitute: (String, Int) -> String?,
    problems: inout [RenderProblem]
  ) -> String {
    if isPlain { return source }
    if hasOnlyNamedPlaceholders, !options.isolatesArguments,
      let fast = renderNamed(named, problems: &problems)
    {
      return fast
    }
    var output = ""
    output.reserveCapacity(source.utf8.count + 16 * segments.count)
    append(
      to: &output, arguments: arguments, named: named, options: options,
      substitute: { name, index, output in
        guard let text = substitute(name, index) else { return false }
        output += text
        return true
      }, problems: &problems)
    return output
  }

  /// Appends the rendered template to `output`; a variable is written by `substitute`
  /// straight into `output` (false when it has no text: it then stays visible).
  ///
  /// Plural messages render their forms through this into the one output string,
  /// without a string of their own per form.
  func append(
    to output: inout String, arguments: [MessageArgument], named: [String: MessageArgument],
    options: RenderOptions, substitute: (String, Int, inout String) -> Bool,
    problems: inout [RenderProblem]
  ) {
    if isPlain {
      output += source
      return
    }
    for segment in segments {
      switch segment {
      case .literal(let text):
        output += text
      case .named(let name):
        if let value = named[name] {
          append(value.description, to: &output, options)
        } else {
          problems.append(.missingNamedArgument(name))
          output += "#{\(name)}"
        }
      case .format(let specifier):
        guard specifier.argumentIndex < arguments.count else {
          problems.append(.missingArgument(specifier))
          output += "[missing \(specifier.text)]"
          continue
        }
        let argument = arguments[specifier.argumentIndex]
        if var text = specifier.format(argument) {
          if specifier.valueType == .floatingPoint, options.decimalSeparator != "." {
            text = text.replacingOccurrences(of: ".", with: options.decimalSeparator)
          }
          append(text, to: &output, options)
        } else {
          problems.append(.wrongArgumentType(specifier, argument))
          output += "[\(specifier.text): not \(specifier.valueType.noun): \"\(argument)\"]"
        }
      case .variable(let name, let index):
        if !substitute(name, index, &output) {
          problems.append(.missingVariable(name))
          output += "%#@\(name)@"
        }
      }
    }
  }

  /// The common case — literal text and `#{name}` placeholders only — written straight
  /// into one buffer of the exact size: no growing, no per-piece append bookkeeping.
  /// Nil when a value or a literal is not contiguous UTF-8 (the general path copes).
  private func renderNamed(
    _ named: [String: MessageArgument], problems: inout [RenderProblem]
  ) -> String? {
    withUnsafeTemporaryAllocation(of: String.self, capacity: segments.count) { pieces in
      guard let base = pieces.baseAddress else { return nil }
      var count = 0
      var total = 0
      var found: [RenderProblem] = []
      defer { base.deinitialize(count: count) }
      for segment in segments {
        let piece: String
        switch segment {
        case .literal(let text):
          piece = text
        case .named(let name):
          if let value = named[name] {
            piece = value.description
          } else {
            found.append(.missingNamedArgument(name))
            piece = "#{\(name)}"
          }
        case .format, .variable:
          return nil
        }
        total += piece.utf8.count
        (base + count).initialize(to: piece)
        count += 1
      }
      var contiguous = true
      let result = String(unsafeUninitializedCapacity: total) { buffer in
        var offset = 0
        for index in 0..<count {
          let copied = pieces[index].utf8.withContiguousStorageIfAvailable { bytes in
            UnsafeMutableRawBufferPointer(
              rebasing: UnsafeMutableRawBufferPointer(buffer)[offset...]
            )
            .copyMemory(from: UnsafeRawBufferPointer(bytes))
            return bytes.count
          }
          guard let copied else {
            contiguous = false
            return 0
          }
          offset += copied
        }
        return offset
      }
      guard contiguous else { return nil }
      problems += found
      return result
    }
  }

  /// `render` for callers that do not collect problems.
  public func render(
    arguments: [MessageArgument] = [], named: [String: MessageArgument] = [:],
    options: RenderOptions = RenderOptions()
  ) -> String {
    var problems: [RenderProblem] = []
    return render(arguments: arguments, named: named, options: options, problems: &problems)
  }

  private func append(_ value: String, to output: inout String, _ options: RenderOptions) {
    if options.isolatesArguments {
      output.unicodeScalars.append("\u{2068}")
      output += value
      output.unicodeScalars.append("\u{2069}")
    } else {
      output += value
    }
  }
}

extension FormatSpecifier.ValueType {
  fileprivate var noun: String {
    switch self {
    case .object: "a value"
    case .signedInteger, .unsignedInteger: "an integer"
    case .floatingPoint: "a number"
    case .character: "a character"
    case .cString: "a string"
    case .pointer: "a pointer"
    }
  }
}

extension FormatSpecifier {
  /// The argument as this conversion writes it; nil when the type does not fit.
  ///
  /// Formatting is ours, with typed values: nothing is read through a C vararg of
  /// the wrong type. Numbers use the C locale's digits and separators, like printf.
  func format(_ argument: MessageArgument) -> String? {
    switch valueType {
    case .object:
      return pad(argument.description)
    case .cString:
      guard case .string(let text) = argument else { return nil }
      return pad(precision.map { String(text.prefix($0)) } ?? text)
    case .character:
      switch argument {
      case .string(let text): return text.first.map { pad(String($0)) }
      default:
        guard let code = argument.exactInteger, let scalar = Unicode.Scalar(UInt32(clamping: code))
        else { return nil }
        return pad(String(Character(scalar)))
      }
    case .signedInteger:
      guard let value = argument.exactInteger else { return nil }
      if isSimple { return String(value) }
      return cFormat("lld", value)
    case .unsignedInteger:
      guard let value = argument.exactUnsigned else { return nil }
      let conversion = conversion == "U" ? "u" : (conversion == "O" ? "o" : String(conversion))
      if isSimple, conversion == "u" { return String(value) }
      return cFormat("ll" + conversion, value)
    case .floatingPoint:
      guard let value = argument.doubleValue else { return nil }
      return cFormat(String(conversion), value)
    case .pointer:
      return nil
    }
  }

  private func pad(_ text: String) -> String {
    guard !isSimple else { return text }
    let parts = parts
    guard let width = parts.width, text.count < width else { return text }
    let padding = String(repeating: " ", count: width - text.count)
    return parts.flags.contains("-") ? text + padding : padding + text
  }

  /// printf with a format we build ourselves from validated parts and one typed value.
  private func cFormat(_ conversion: String, _ value: some CVarArg) -> String? {
    let parts = parts
    var format = "%" + parts.flags.filter { $0 != "'" }
    if let width = parts.width { format += String(width) }
    if let precision = parts.precision { format += "." + String(precision) }
    format += conversion
    return withVaList([value]) { arguments in
      var buffer = [CChar](repeating: 0, count: 128)
      let count = vsnprintf(&buffer, buffer.count, format, arguments)
      guard count >= 0 else { return nil }
      if Int(count) < buffer.count {
        return String(
          decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
      // Very wide fields: ask for the exact size.
      return withVaList([value]) { again in
        var large = [CChar](repeating: 0, count: Int(count) + 1)
        _ = vsnprintf(&large, large.count, format, again)
        return String(
          decoding: large.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
    }
  }
}
