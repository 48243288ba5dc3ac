/// JSON written in the order the fields are given, so output matches the documentation.
indirect enum JSONOutput: CustomStringConvertible {
  case string(String)
  case number(Double)
  case bool(Bool)
  case null
  case array([JSONOutput])
  case object([(String, JSONOutput)])

  var description: String {
    switch self {
    case .string(let text): Self.quote(text)
    case .number(let value):
      value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    case .bool(let value): value ? "true" : "false"
    case .null: "null"
    case .array(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
    case .object(let fields):
      "{" + fields.map { Self.quote($0.0) + ": " + $0.1.description }.joined(separator: ", ")
        + "}"
    }
  }

  static func quote(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case let control where control.value < 0x20:
        let hex = String(control.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
