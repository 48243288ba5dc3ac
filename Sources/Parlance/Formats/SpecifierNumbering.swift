/// Rewrites of printf specifiers that String Catalog variations need.
///
/// A form of a plural variation is a whole format string: in `%@ has %lld files` the
/// `%@` is argument 1 and `%lld` argument 2. A form of a `PluralMessage` instead reads the
/// variable's own argument with every specifier that has no position, so the catalog's
/// forms get explicit positions first: `%@ has %lld files` → `%1$@ has %2$lld files`.
enum SpecifierNumbering {
  /// `text` with a position in each specifier that has none, counted as printf counts
  /// them (specifiers with a position do not advance the count), and the position and
  /// type (`lld`) of the first numeric specifier.
  static func number(_ text: String) -> (text: String, firstNumeric: (position: Int, type: String)?)
  {
    let bytes = Array(text.utf8)
    guard bytes.contains(UInt8(ascii: "%")) else { return (text, nil) }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 8)
    var next = 1
    var firstNumeric: (position: Int, type: String)?
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "%"), index + 1 < bytes.count else {
        output.append(bytes[index])
        index += 1
        continue
      }
      if bytes[index + 1] == UInt8(ascii: "%") {
        output += [UInt8(ascii: "%"), UInt8(ascii: "%")]
        index += 2
        continue
      }
      guard let specifier = parseSpecifier(bytes, at: index) else {
        output.append(bytes[index])
        index += 1
        continue
      }
      let position: Int
      if let explicit = specifier.position {
        position = explicit
        output += bytes[index..<specifier.end]
      } else {
        position = next
        next += 1
        output.append(UInt8(ascii: "%"))
        output += Array("\(position)$".utf8)
        output += bytes[(index + 1)..<specifier.end]
      }
      if firstNumeric == nil, specifier.isNumeric {
        firstNumeric = (position, specifier.type)
      }
      index = specifier.end
    }
    return (String(decoding: output, as: UTF8.self), firstNumeric)
  }

  /// `text` with each `%arg` (a substitution's own argument) replaced by `specifier`;
  /// `%%arg` is an escaped percent sign followed by "arg" and stays.
  static func replacingArg(in text: String, with specifier: String) -> String {
    guard text.contains("%arg") else { return text }
    let bytes = Array(text.utf8)
    let replacement = Array(specifier.utf8)
    var output: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%"), index + 1 < bytes.count,
        bytes[index + 1] == UInt8(ascii: "%")
      {
        output += [UInt8(ascii: "%"), UInt8(ascii: "%")]
        index += 2
      } else if bytes[index...].starts(with: "%arg".utf8) {
        output += replacement
        index += 4
      } else {
        output.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// `format` with each `%#@name@` (or `%2$#@name@`) of `replacements` replaced by
  /// its text: `"Followed by %#@names@%#@count@"` with `names` → `""` gives
  /// `"Followed by %#@count@"`.
  static func replacingVariables(in format: String, with replacements: [String: String]) -> String {
    let bytes = Array(format.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "%"), index + 1 < bytes.count else {
        output.append(bytes[index])
        index += 1
        continue
      }
      if bytes[index + 1] == UInt8(ascii: "%") {
        output += [UInt8(ascii: "%"), UInt8(ascii: "%")]
        index += 2
        continue
      }
      guard let specifier = parseSpecifier(bytes, at: index) else {
        output.append(bytes[index])
        index += 1
        continue
      }
      if let name = specifier.variableName, let replacement = replacements[name] {
        output += Array(replacement.utf8)
      } else {
        output += bytes[index..<specifier.end]
      }
      index = specifier.end
    }
    return String(decoding: output, as: UTF8.self)
  }

  private struct Specifier {
    var position: Int?
    /// Length modifier and conversion: `lld`, `@`, `f`.
    var type: String
    var isNumeric: Bool
    /// Offset just past the specifier.
    var end: Int
    /// The name of a `%#@name@` variable.
    var variableName: String? = nil
  }

  /// The same grammar as `MessageTemplate`: `%[n$][flags][width][.precision][length]conv`
  /// and `%[n$]#@name@`.
  private static func parseSpecifier(_ bytes: [UInt8], at start: Int) -> Specifier? {
    var index = start + 1
    func digits() -> Int? {
      var value: Int?
      while index < bytes.count, bytes[index].isASCIIDigit, (value ?? 0) < 100_000 {
        value = (value ?? 0) * 10 + Int(bytes[index] - 0x30)
        index += 1
      }
      return value
    }
    var position: Int?
    if let number = digits(), index < bytes.count, bytes[index] == UInt8(ascii: "$"), number >= 1 {
      position = number
      index += 1
    } else {
      index = start + 1
    }
    if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "#"),
      bytes[index + 1] == UInt8(ascii: "@")
    {
      guard let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: "@")), close > index + 2
      else { return nil }
      return Specifier(
        position: position, type: "@", isNumeric: false, end: close + 1,
        variableName: String(decoding: bytes[(index + 2)..<close], as: UTF8.self))
    }
    while index < bytes.count, FormatSpecifier.flagBytes.contains(bytes[index]) { index += 1 }
    _ = digits()
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      _ = digits()
    }
    let typeStart = index
    while index < bytes.count, FormatSpecifier.lengthBytes.contains(bytes[index]),
      index - typeStart < 2
    {
      index += 1
    }
    guard index < bytes.count, FormatSpecifier.conversions.contains(bytes[index]) else {
      return nil
    }
    let conversion = bytes[index]
    index += 1
    return Specifier(
      position: position, type: String(decoding: bytes[typeStart..<index], as: UTF8.self),
      isNumeric: Self.numericConversions.contains(conversion), end: index)
  }

  private static let numericConversions: Set<UInt8> = Set("dDiuUxXoOfFeEgGaA".utf8)
}
