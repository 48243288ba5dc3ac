import Foundation

/// A property-list value as far as a `.stringsdict` needs it: a string, a dictionary,
/// or something else (a number, an array, a date), which a reader only reports.
///
/// Dictionaries are Swift dictionaries, so names compare as Swift strings do, as they
/// did when the values came from `PropertyListSerialization`.
enum PlistValue: Sendable {
  case string(String)
  case dictionary([String: PlistValue])
  case other

  /// A value `PropertyListSerialization` returned.
  init(_ value: Any) {
    if let text = value as? String {
      self = .string(text)
    } else if let dictionary = value as? [String: Any] {
      self = .dictionary(dictionary.mapValues(PlistValue.init))
    } else {
      self = .other
    }
  }

  var string: String? {
    if case .string(let text) = self { text } else { nil }
  }

  var dictionary: [String: PlistValue]? {
    if case .dictionary(let dictionary) = self { dictionary } else { nil }
  }
}
