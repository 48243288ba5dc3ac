// The Codable model of the oracle (LegacyXCStringsParser): see there.

/// The JSON of a String Catalog, as the oracle decodes it (`.xcstrings`), as far as serving strings needs it.
///
/// Unknown fields are ignored (Xcode adds some with each version). Each string and each
/// localization decodes on its own (`LegacyLenient`), so one malformed entry costs that entry,
/// not the file.
struct LegacyXCStringsDocument: Decodable {
  var sourceLanguage: String?
  var version: String?
  var strings: [String: LegacyLenient<LegacyXCStringsEntry>]?
}

/// One key of `strings`.
struct LegacyXCStringsEntry: Decodable {
  var comment: String?
  var extractionState: String?
  var shouldTranslate: Bool?
  var localizations: [String: LegacyLenient<LegacyXCStringsNode>]?
}

/// A localization, or one branch of a variation: a unit, variations, or both.
struct LegacyXCStringsNode: Decodable {
  var stringUnit: LegacyXCStringsUnit?
  var variations: LegacyXCStringsVariations?
  var substitutions: [String: LegacyXCStringsSubstitution]?
}

struct LegacyXCStringsUnit: Decodable {
  var state: String?
  var value: String?
}

/// `plural` by CLDR category, `device` by `mac`, `iphone`, `other`…
struct LegacyXCStringsVariations: Decodable {
  var plural: [String: LegacyXCStringsNode]?
  var device: [String: LegacyXCStringsNode]?
}

/// A `%#@name@` of a value: which argument chooses the form, and its printf type.
struct LegacyXCStringsSubstitution: Decodable {
  var argNum: Int?
  var formatSpecifier: String?
  var variations: LegacyXCStringsVariations?
}

/// A value that decodes, or the reason it did not.
enum LegacyLenient<Value: Decodable>: Decodable {
  case value(Value)
  case invalid(reason: String)

  init(from decoder: any Decoder) throws {
    do {
      self = .value(try Value(from: decoder))
    } catch let error as DecodingError {
      self = .invalid(reason: error.legacyShortDescription(below: decoder.codingPath.count))
    }
  }
}

extension DecodingError {
  /// `'stringUnit.state' should be a string`-style text for diagnostics, with the
  /// path relative to the value at depth `depth` (0: the whole document).
  func legacyShortDescription(below depth: Int = 0) -> String {
    func path(_ context: Context) -> String {
      let components = context.codingPath.dropFirst(depth).map(\.stringValue)
      return components.isEmpty ? "the value" : components.joined(separator: ".")
    }
    func noun(_ type: Any.Type) -> String {
      switch type {
      case is String.Type: "a string"
      case is Int.Type, is Double.Type: "a number"
      case is Bool.Type: "a boolean"
      default: "an object"
      }
    }
    func quoted(_ path: String) -> String { path == "the value" ? path : "'\(path)'" }
    switch self {
    case .typeMismatch(let type, let context):
      return "\(quoted(path(context))) should be \(noun(type))"
    case .valueNotFound(let type, let context):
      return "\(quoted(path(context))) should be \(noun(type)), not null"
    case .keyNotFound(let key, _):
      return "'\(key.stringValue)' is missing"
    case .dataCorrupted(let context):
      return "\(quoted(path(context))): \(context.debugDescription.lowercased())"
    @unknown default:
      return "it cannot be decoded"
    }
  }
}
