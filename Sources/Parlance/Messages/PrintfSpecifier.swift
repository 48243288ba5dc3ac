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
    case conversion(Conversion)
    case variable(name: String)
  }

  /// The parts of a conversion, as offsets into the scanned bytes: nothing is copied out
  /// while scanning (a template of 10 MB may hold two million specifiers).
  struct Conversion: Hashable, Sendable {
    /// The flags are the bytes `flagsStart..<flagsEnd`.
    let flagsStart: Int
    let flagsEnd: Int
    let width: Int?
    let precision: Int?
    let length: Length
    let conversion: UInt8

    /// No flags, width or precision: the common `%d`, written without printf.
    var isSimple: Bool { flagsStart == flagsEnd && width == nil && precision == nil }

    /// `%d`, `%i` or `%u`: an integer written in decimal digits.
    var isDecimalInteger: Bool {
      conversion == UInt8(ascii: "d") || conversion == UInt8(ascii: "i")
        || conversion == UInt8(ascii: "u")
    }
  }

  /// The length modifier of a conversion.
  enum Length: UInt8, Hashable, Sendable {
    case none, h, hh, l, ll, q, z, t, j, L

    /// The modifier as written: `ll`, or empty.
    var text: String {
      switch self {
      case .none: ""
      case .h: "h"
      case .hh: "hh"
      case .l: "l"
      case .ll: "ll"
      case .q: "q"
      case .z: "z"
      case .t: "t"
      case .j: "j"
      case .L: "L"
      }
    }

    /// The modifier of the bytes `start..<end` (at most two length bytes); nil when they
    /// are none (`hl`, `qq`).
    init?(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) {
      switch end - start {
      case 0: self = .none
      case 1:
        switch bytes[start] {
        case UInt8(ascii: "h"): self = .h
        case UInt8(ascii: "l"): self = .l
        case UInt8(ascii: "q"): self = .q
        case UInt8(ascii: "z"): self = .z
        case UInt8(ascii: "t"): self = .t
        case UInt8(ascii: "j"): self = .j
        case UInt8(ascii: "L"): self = .L
        default: return nil
        }
      default:
        guard bytes[start] == bytes[start + 1] else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "h"): self = .hh
        case UInt8(ascii: "l"): self = .ll
        default: return nil
        }
      }
    }
  }

  /// The position written before `$`, from 1; nil when there is none.
  let position: Int?
  let kind: Kind
  /// The offset just past the specifier.
  let end: Int

  /// The specifier that starts with the `%` at `start`; nil when the text there is none.
  init?(scanning bytes: [UInt8], at start: Int) {
    guard let specifier = bytes.withUnsafeBufferPointer({ Self(scanning: $0, at: start) }) else {
      return nil
    }
    self = specifier
  }

  /// The specifier that starts with the `%` at `start`; nil when the text there is none.
  init?(scanning bytes: UnsafeBufferPointer<UInt8>, at start: Int) {
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
      let name = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<end]), as: UTF8.self)
      self.init(position: position, kind: .variable(name: name), end: end + 1)
      return
    }

    let flagsStart = index
    while index < bytes.count, bytes[index].isFlagByte { index += 1 }
    let flagsEnd = index
    let width = digits()
    var precision: Int?
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      precision = digits() ?? 0
    }
    let lengthStart = index
    while index < bytes.count, bytes[index].isLengthByte, index - lengthStart < 2 {
      index += 1
    }
    guard let length = Length(bytes, lengthStart, index), index < bytes.count,
      bytes[index].isConversionByte
    else { return nil }
    self.init(
      position: position,
      kind: .conversion(
        Conversion(
          flagsStart: flagsStart, flagsEnd: flagsEnd, width: width, precision: precision,
          length: length, conversion: bytes[index])),
      end: index + 1)
  }

  private init(position: Int?, kind: Kind, end: Int) {
    self.position = position
    self.kind = kind
    self.end = end
  }

  /// Length and conversion of a conversion (`lld`, `@`); nil for the other kinds.
  var type: String? {
    guard case .conversion(let conversion) = kind else { return nil }
    return conversion.length.text + String(Unicode.Scalar(conversion.conversion))
  }

  /// Whether it is a conversion of a number (integer or floating point).
  var isNumeric: Bool {
    guard case .conversion(let conversion) = kind else { return false }
    return conversion.conversion.isNumericConversionByte
  }
}

extension UInt8 {
  /// `-+ #0'`
  fileprivate var isFlagByte: Bool {
    switch self {
    case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: " "), UInt8(ascii: "#"),
      UInt8(ascii: "0"), UInt8(ascii: "'"):
      true
    default: false
    }
  }

  /// `hlqztjL`
  fileprivate var isLengthByte: Bool {
    switch self {
    case UInt8(ascii: "h"), UInt8(ascii: "l"), UInt8(ascii: "q"), UInt8(ascii: "z"),
      UInt8(ascii: "t"), UInt8(ascii: "j"), UInt8(ascii: "L"):
      true
    default: false
    }
  }

  /// `dDiuUxXoOfFeEgGaA`
  fileprivate var isNumericConversionByte: Bool {
    switch self {
    case UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "i"), UInt8(ascii: "u"),
      UInt8(ascii: "U"), UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "o"),
      UInt8(ascii: "O"), UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"),
      UInt8(ascii: "E"), UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "a"),
      UInt8(ascii: "A"):
      true
    default: false
    }
  }

  /// `@ c C s S p` and the numeric conversions.
  fileprivate var isConversionByte: Bool {
    switch self {
    case UInt8(ascii: "@"), UInt8(ascii: "c"), UInt8(ascii: "C"), UInt8(ascii: "s"),
      UInt8(ascii: "S"), UInt8(ascii: "p"):
      true
    default: isNumericConversionByte
    }
  }

  fileprivate var isVariableNameByte: Bool {
    isASCIIAlphanumeric || self == UInt8(ascii: "_") || self == UInt8(ascii: ".")
      || self == UInt8(ascii: "-")
  }
}
