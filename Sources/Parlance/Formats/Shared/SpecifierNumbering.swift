/// Rewrites of printf specifiers that String Catalog variations need.
///
/// Specifiers are read with `PrintfSpecifier`, the grammar `MessageTemplate` reads them
/// with: what is rewritten is exactly what the template will read.
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
    // Read in place and written once: a catalog numbers every form of every plural key.
    var source = text
    return source.withUTF8 { bytes in
      guard bytes.contains(UInt8(ascii: "%")) else { return (text, nil) }
      var output: [UInt8] = []
      output.reserveCapacity(bytes.count + 8)
      var next = 1
      var firstNumeric: (position: Int, type: String)?
      var index = 0
      while index < bytes.count {
        guard let specifier = PrintfSpecifier(scanning: bytes, at: index) else {
          output.append(bytes[index])
          index += 1
          continue
        }
        guard specifier.kind != .percent else {
          output += bytes[index..<specifier.end]
          index = specifier.end
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
          appendDecimal(position, to: &output)
          output.append(UInt8(ascii: "$"))
          output += bytes[(index + 1)..<specifier.end]
        }
        if firstNumeric == nil, specifier.isNumeric, let type = specifier.type {
          firstNumeric = (position, type)
        }
        index = specifier.end
      }
      return (String(decoding: output, as: UTF8.self), firstNumeric)
    }
  }

  /// The digits of a positive `value`, as `String(value)` writes them.
  private static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
    let start = output.count
    var rest = value
    repeat {
      output.append(UInt8(truncatingIfNeeded: 0x30 + rest % 10))
      rest /= 10
    } while rest > 0
    output[start...].reverse()
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
      guard let specifier = PrintfSpecifier(scanning: bytes, at: index) else {
        output.append(bytes[index])
        index += 1
        continue
      }
      if case .variable(let name) = specifier.kind, let replacement = replacements[name] {
        output += Array(replacement.utf8)
      } else {
        output += bytes[index..<specifier.end]
      }
      index = specifier.end
    }
    return String(decoding: output, as: UTF8.self)
  }
}
