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
    // Read in place and written once, straight into the new string: a catalog numbers
    // every form of every plural key.
    var source = text
    return source.withUTF8 { bytes in
      var percents = 0
      for byte in bytes where byte == UInt8(ascii: "%") { percents += 1 }
      guard percents > 0 else { return (text, nil) }
      var firstNumeric: (position: Int, type: String)?
      // Each position written is at most as long as `percents` and has a `$`.
      let longest = String(percents).utf8.count + 1
      let numbered = String(unsafeUninitializedCapacity: bytes.count + longest * percents) {
        output in
        var written = 0
        func write(_ run: UnsafeBufferPointer<UInt8>.SubSequence) {
          for byte in run {
            output[written] = byte
            written += 1
          }
        }
        var next = 1
        var index = 0
        // Bytes before `copied` are written; the rest is written in runs, up to where a
        // position goes in.
        var copied = 0
        while index < bytes.count {
          guard bytes[index] == UInt8(ascii: "%"),
            let specifier = PrintfSpecifier(scanning: bytes, at: index)
          else {
            index += 1
            continue
          }
          guard specifier.kind != .percent else {
            index = specifier.end
            continue
          }
          let position: Int
          if let explicit = specifier.position {
            position = explicit
          } else {
            position = next
            next += 1
            write(bytes[copied...index])
            written += writeDecimal(position, into: output, at: written)
            output[written] = UInt8(ascii: "$")
            written += 1
            copied = index + 1
          }
          if firstNumeric == nil, specifier.isNumeric, let type = specifier.type {
            firstNumeric = (position, type)
          }
          index = specifier.end
        }
        // Every specifier had its position: nothing is written, the text stays as it is.
        guard copied > 0 else { return 0 }
        write(bytes[copied..<bytes.count])
        return written
      }
      return (numbered.isEmpty ? text : numbered, firstNumeric)
    }
  }

  /// Writes the digits of a positive `value` into `output` at `offset`, as
  /// `String(value)` writes them; returns how many.
  private static func writeDecimal(
    _ value: Int, into output: UnsafeMutableBufferPointer<UInt8>, at offset: Int
  ) -> Int {
    var digits = 1
    var power = 10
    while power <= value {
      digits += 1
      power *= 10
    }
    var rest = value
    for place in stride(from: offset + digits - 1, through: offset, by: -1) {
      output[place] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
      rest /= 10
    }
    return digits
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
