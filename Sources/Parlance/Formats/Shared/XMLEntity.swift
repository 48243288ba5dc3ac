/// The XML entities and character references of text that is XML content: property
/// lists read back by position, and Pango markup compared as plain text.
enum XMLEntity {
  /// The scalar `&name;` stands for: `amp lt gt quot apos`, `#65`, `#x41` (or `#X41`);
  /// nil for any other name.
  static func scalar(named name: String) -> Unicode.Scalar? {
    switch name {
    case "amp": return "&"
    case "lt": return "<"
    case "gt": return ">"
    case "quot": return "\""
    case "apos": return "'"
    default:
      guard name.hasPrefix("#") else { return nil }
      let digits = name.dropFirst()
      let value =
        digits.hasPrefix("x") || digits.hasPrefix("X")
        ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
      return value.flatMap(Unicode.Scalar.init)
    }
  }
}
