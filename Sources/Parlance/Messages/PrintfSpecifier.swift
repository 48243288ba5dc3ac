/// One printf specifier as written in a message: the one grammar of specifiers.
///
/// `MessageTemplate` reads messages with it and `SpecifierNumbering` rewrites them with
/// it, so a rewrite never sees a specifier the template does not, or misses one it does.
///
/// ```
/// %%                                          an escaped percent sign
/// %[n$][flags][width][.precision][length]conversion
/// %[n$]#@name@                                a .stringsdict variable
/// ```
///
/// - `n`: a position from 1 (`%0$d` is no specifier); digits without `$` are the width.
/// - flags: any of `-+ #0'`; width and precision: digits (precision alone is 0).
/// - length: `h hh l ll q z t j L` or none; conversion: `@ d D i u U x X o O f F e E
///   g G a A c C s S p`.
/// - name: ASCII letters, digits, `_`, `.`, `-`, at least one.
///
/// Example: `"%2$-5.1lf"` at 0 → position 2, flags `-`, width 5, precision 1, `lf`,
/// ending at 9; `"%hld"` and `"%#@a b@"` are no specifier (nil).
struct PrintfSpecifier: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    case percent
    case conversion(
      flags: String, width: Int?, precision: Int?, length: String, conversion: UInt8)
    case variable(name: String)
  }

  /// The position written before `$`, from 1; nil when there is none.
  let position: Int?
  let kind: Kind
  /// The offset just past the specifier.
  let end: Int

  /// The specifier that starts with the `%` at `start`; nil when the text there is none.
  init?(scanning bytes: [UInt8], at start: Int) {
    guard start + 1 < bytes.count, bytes[start] == UInt8(ascii: "%") else { return nil }
    var index = start + 1
    if bytes[index] == UInt8(ascii: "%") {
      self.init(position: nil, kind: .percent, end: index + 1)
      return
    }
    func digits() -> Int? {
      var value: Int?
      // Six digits at most: enough for any position (`PluralMessage.maximumArgument`),
      // and no overflow whatever the text.
      while index < bytes.count, bytes[index].isASCIIDigit, (value ?? 0) < 100_000 {
        value = (value ?? 0) * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        index += 1
      }
      return value
    }
    var position: Int?
    if let number = digits(), index < bytes.count, bytes[index] == UInt8(ascii: "$") {
      guard number >= 1 else { return nil }
      position = number
      index += 1
    } else {
      index = start + 1
    }

    if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "#"),
      bytes[index + 1] == UInt8(ascii: "@")
    {
      let nameStart = index + 2
      var end = nameStart
      while end < bytes.count, bytes[end].isVariableNameByte { end += 1 }
      guard end > nameStart, end < bytes.count, bytes[end] == UInt8(ascii: "@") else {
        return nil
      }
      let name = String(decoding: bytes[nameStart..<end], as: UTF8.self)
      self.init(position: position, kind: .variable(name: name), end: end + 1)
      return
    }

    let flagsStart = index
    while index < bytes.count, Self.flagBytes.contains(bytes[index]) { index += 1 }
    let flags = String(decoding: bytes[flagsStart..<index], as: UTF8.self)
    let width = digits()
    var precision: Int?
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      precision = digits() ?? 0
    }
    let lengthStart = index
    while index < bytes.count, Self.lengthBytes.contains(bytes[index]), index - lengthStart < 2 {
      index += 1
    }
    let length = String(decoding: bytes[lengthStart..<index], as: UTF8.self)
    guard Self.lengths.contains(length), index < bytes.count,
      Self.conversions.contains(bytes[index])
    else { return nil }
    self.init(
      position: position,
      kind: .conversion(
        flags: flags, width: width, precision: precision, length: length,
        conversion: bytes[index]),
      end: index + 1)
  }

  private init(position: Int?, kind: Kind, end: Int) {
    self.position = position
    self.kind = kind
    self.end = end
  }

  /// Length and conversion of a conversion (`lld`, `@`); nil for the other kinds.
  var type: String? {
    guard case .conversion(_, _, _, let length, let conversion) = kind else { return nil }
    return length + String(Unicode.Scalar(conversion))
  }

  /// Whether it is a conversion of a number (integer or floating point).
  var isNumeric: Bool {
    guard case .conversion(_, _, _, _, let conversion) = kind else { return false }
    return Self.numericConversions.contains(conversion)
  }

  static let conversions: Set<UInt8> = Set("@dDiuUxXoOfFeEgGaAcCsSp".utf8)
  static let numericConversions: Set<UInt8> = Set("dDiuUxXoOfFeEgGaA".utf8)
  static let lengthBytes: Set<UInt8> = Set("hlqztjL".utf8)
  static let lengths: Set<String> = ["", "h", "hh", "l", "ll", "q", "z", "t", "j", "L"]
  static let flagBytes: Set<UInt8> = Set("-+ #0'".utf8)
}

extension UInt8 {
  fileprivate var isVariableNameByte: Bool {
    isASCIIAlphanumeric || self == UInt8(ascii: "_") || self == UInt8(ascii: ".")
      || self == UInt8(ascii: "-")
  }
}
