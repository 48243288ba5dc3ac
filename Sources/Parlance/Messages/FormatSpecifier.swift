/// One printf conversion of a message: `%@`, `%2$lld`, `%-8.2f`.
///
/// What it reads; its grammar is `PrintfSpecifier`'s.
///
/// Stored in 32 bytes (its text, the argument, the position and the conversion): a
/// template keeps one per specifier, and a 10 MB value may hold two million. Flags,
/// width, precision and length are read again from the text when asked for, which
/// rendering does only for a specifier that has them (`isSimple` is false).
public struct FormatSpecifier: Hashable, Sendable, CustomStringConvertible {
  /// What kind of value the conversion reads.
  public enum ValueType: String, Hashable, Sendable {
    case object  // %@
    case signedInteger  // %d %i %D
    case unsignedInteger  // %u %x %X %o %U %O
    case floatingPoint  // %f %F %e %E %g %G %a %A
    case character  // %c %C
    case cString  // %s %S
    case pointer  // %p
  }

  /// The text as written in the template.
  public let text: String
  /// 0-based index of the argument it reads, after counting the implicit ones.
  package let argumentIndex: Int
  /// The position written in the template, 0 for none (positions are below a million).
  private let position: Int32
  private let conversionByte: UInt8
  /// What kind of value it reads; decided once, when the template is parsed.
  public let valueType: ValueType
  /// No flags, width or precision: the common `%d`, written without printf.
  let isSimple: Bool

  /// `%d`, `%i` or `%u`: an integer written in decimal digits.
  let isDecimalInteger: Bool

  /// The conversion character: `@`, `d`, `f`, …
  public var conversion: Character { Character(Unicode.Scalar(conversionByte)) }
  /// Any of `-+ #0'`, as written.
  public var flags: String { parts.flags }
  /// The field width as written (`%5d` → 5); nil when none.
  public var width: Int? { parts.width }
  /// The precision as written (`%.2f` → 2); nil when none.
  public var precision: Int? { parts.precision }
  /// `h`, `hh`, `l`, `ll`, `q`, `z`, `t`, `j`, `L` or empty.
  public var length: String { parts.length }

  /// `text` is the specifier as written, read by `PrintfSpecifier` as `specifier`.
  init(
    text: String, argumentIndex: Int, position: Int?, conversion: PrintfSpecifier.Conversion
  ) {
    self.text = text
    self.argumentIndex = argumentIndex
    self.position = Int32(clamping: position ?? 0)
    self.conversionByte = conversion.conversion
    self.valueType = Self.valueType(of: conversion.conversion)
    self.isSimple = conversion.isSimple
    self.isDecimalInteger = conversion.isDecimalInteger
  }

  /// Flags, width, precision and length, read again from the text.
  var parts: (flags: String, width: Int?, precision: Int?, length: String) {
    var text = text
    return text.withUTF8 { bytes in
      guard let specifier = PrintfSpecifier(scanning: bytes, at: 0),
        case .conversion(let conversion) = specifier.kind
      else { return ("", nil, nil, "") }
      let flags = String(
        decoding: UnsafeBufferPointer(
          rebasing: bytes[conversion.flagsStart..<conversion.flagsEnd]),
        as: UTF8.self)
      return (flags, conversion.width, conversion.precision, conversion.length.text)
    }
  }

  private static func valueType(of conversion: UInt8) -> ValueType {
    switch conversion {
    case UInt8(ascii: "@"): .object
    case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "D"): .signedInteger
    case UInt8(ascii: "u"), UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "o"),
      UInt8(ascii: "U"), UInt8(ascii: "O"):
      .unsignedInteger
    case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"),
      UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"):
      .floatingPoint
    case UInt8(ascii: "c"), UInt8(ascii: "C"): .character
    case UInt8(ascii: "s"), UInt8(ascii: "S"): .cString
    default: .pointer
    }
  }

  /// The specifier as written: `%1$@`.
  public var description: String { text }
}
