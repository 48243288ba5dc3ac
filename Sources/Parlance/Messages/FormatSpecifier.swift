/// One printf conversion of a message: `%@`, `%2$lld`, `%-8.2f`.
///
/// What it reads; its grammar is `PrintfSpecifier`'s.
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

  /// 1-based position written in the template (`%2$d` → 2), nil for `%d`.
  public let explicitPosition: Int?
  /// 0-based index of the argument it reads, after counting the implicit ones.
  public let argumentIndex: Int
  public let flags: String
  public let width: Int?
  public let precision: Int?
  /// `h`, `hh`, `l`, `ll`, `q`, `z`, `t`, `j`, `L` or empty.
  public let length: String
  /// The conversion character: `@`, `d`, `f`, …
  public let conversion: Character
  /// The text as written in the template.
  public let text: String

  /// What kind of value it reads; decided once, when the template is parsed.
  public let valueType: ValueType
  /// No flags, width or precision: the common `%d`, written without printf.
  let isSimple: Bool

  init(
    explicitPosition: Int?, argumentIndex: Int, flags: String, width: Int?, precision: Int?,
    length: String, conversion: Character, text: String
  ) {
    self.explicitPosition = explicitPosition
    self.argumentIndex = argumentIndex
    self.flags = flags
    self.width = width
    self.precision = precision
    self.length = length
    self.conversion = conversion
    self.text = text
    self.valueType = Self.valueType(of: conversion)
    self.isSimple = flags.isEmpty && width == nil && precision == nil
  }

  private static func valueType(of conversion: Character) -> ValueType {
    switch conversion {
    case "@": .object
    case "d", "i", "D": .signedInteger
    case "u", "x", "X", "o", "U", "O": .unsignedInteger
    case "f", "F", "e", "E", "g", "G", "a", "A": .floatingPoint
    case "c", "C": .character
    case "s", "S": .cString
    default: .pointer
    }
  }

  public var description: String { text }
}
