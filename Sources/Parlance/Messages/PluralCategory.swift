/// A CLDR plural category: which form of a word a number takes in a language.
///
/// English has `one` (1 file) and `other` (0, 2, 1.5 files); Russian adds `few`
/// (2 файла) and `many` (5 файлов); Arabic uses all six.
public enum PluralCategory: String, CaseIterable, Hashable, Sendable, Codable, Comparable {
  case zero
  case one
  case two
  case few
  case many
  case other

  /// The category named `rawValue` (`"few"`); nil for any other text.
  ///
  /// Written out: a String Catalog names a category for every form it has, and the
  /// compiler's generic string switch took a tenth of reading a catalog's plurals.
  public init?(rawValue: String) {
    switch rawValue.utf8.count {
    case 3:
      if rawValue == "one" {
        self = .one
      } else if rawValue == "two" {
        self = .two
      } else if rawValue == "few" {
        self = .few
      } else {
        return nil
      }
    case 4:
      if rawValue == "zero" {
        self = .zero
      } else if rawValue == "many" {
        self = .many
      } else {
        return nil
      }
    case 5:
      guard rawValue == "other" else { return nil }
      self = .other
    default:
      return nil
    }
  }

  /// The category's name, as a literal a reader compares bytes with.
  var name: StaticString {
    switch self {
    case .zero: "zero"
    case .one: "one"
    case .two: "two"
    case .few: "few"
    case .many: "many"
    case .other: "other"
    }
  }

  /// CLDR order, as the ICU shim numbers them (also a cheap checksum for benchmarks).
  package var index: Int {
    switch self {
    case .zero: 0
    case .one: 1
    case .two: 2
    case .few: 3
    case .many: 4
    case .other: 5
    }
  }

  init(index: Int) {
    self = Self.allCases.indices.contains(index) ? Self.allCases[index] : .other
  }

  /// Orders categories as CLDR does: zero, one, two, few, many, other.
  /// - Parameters:
  ///   - lhs: a category.
  ///   - rhs: another category.
  /// - Returns: true when `lhs` comes first.
  public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
    lhs.index < rhs.index
  }
}
