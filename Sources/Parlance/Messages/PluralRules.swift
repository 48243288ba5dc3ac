import CParlanceICU

/// The CLDR plural rules of one language, from ICU.
///
/// Rules are chosen by the language of the message (the app's language), never by the
/// process locale. One instance per language and kind is kept for the life of the
/// process (`PluralRules.cardinal(for:)`), and the categories of 0…1999 are computed
/// once, so selecting for an integer is an array read: CLDR's integer rules look at
/// `n % 10`, `n % 100` and small ranges, so above 999 the category of `n` is that of
/// `1000 + n % 1000` — checked against ICU for each language when its rules are made
/// (French, whose millions are `many`, fails the check and keeps asking ICU).
public final class PluralRules: Sendable {
  /// Which plural rules: for counting or for ordering.
  public enum Kind: Hashable, Sendable {
    /// "1 file, 2 files"
    case cardinal
    /// "1st, 2nd, 3rd, 4th"
    case ordinal
  }

  /// The language the rules are for.
  public let language: LanguageTag
  /// Cardinal or ordinal.
  public let kind: Kind
  /// The categories this language uses, in CLDR order.
  public let categories: [PluralCategory]

  private let handle: RulesHandle
  private let smallIntegers: [PluralCategory]
  /// Whether `category(1000 + n % 1000)` is the category of every `n ≥ 1000`.
  private let isPeriodicAboveThousand: Bool

  private static let cache = Lock<[CacheKey: PluralRules]>([:])

  private struct CacheKey: Hashable {
    let language: String
    let kind: Kind
  }

  /// The cardinal rules of `language`, shared and cached.
  public static func cardinal(for language: LanguageTag) -> PluralRules {
    rules(for: language, kind: .cardinal)
  }

  /// The ordinal rules of `language`, shared and cached.
  public static func ordinal(for language: LanguageTag) -> PluralRules {
    rules(for: language, kind: .ordinal)
  }

  /// The `kind` rules of `language`, shared and cached.
  /// - Parameters:
  ///   - language: the language.
  ///   - kind: cardinal or ordinal.
  /// - Returns: the rules, made once per language and kind.
  public static func rules(for language: LanguageTag, kind: Kind) -> PluralRules {
    let key = CacheKey(language: language.identifier, kind: kind)
    if let cached = cache.withLock({ $0[key] }) { return cached }
    let rules = PluralRules(language: language, kind: kind)
    return cache.withLock { cache in
      if let raced = cache[key] { return raced }
      cache[key] = rules
      return rules
    }
  }

  private init(language: LanguageTag, kind: Kind) {
    self.language = language
    self.kind = kind
    let handle = RulesHandle(language: language, ordinal: kind == .ordinal)
    self.handle = handle
    let set = parlance_plural_categories(handle.pointer)
    self.categories = PluralCategory.allCases.filter { set & (1 << UInt32($0.index)) != 0 }
    let table = (0..<2000).map {
      PluralCategory(index: Int(parlance_plural_select_integer(handle.pointer, Int64($0))))
    }
    self.smallIntegers = table
    let samples: [Int64] =
      Array(2000..<3200) + Array(stride(from: 10_000, to: 1_000_000, by: 997))
      + [1_000_000, 1_000_001, 1_000_002, 2_000_000, 10_000_000, 1_000_000_000, 1_000_000_021]
    self.isPeriodicAboveThousand = samples.allSatisfy { n in
      table[1000 + Int(n % 1000)]
        == PluralCategory(index: Int(parlance_plural_select_integer(handle.pointer, n)))
    }
  }

  /// The category of an integer: ru 1 → one, 2 → few, 5 → many, 21 → one.
  public func category(for value: Int64) -> PluralCategory {
    if value >= 0 {
      if value < Int64(smallIntegers.count) { return smallIntegers[Int(value)] }
      if isPeriodicAboveThousand { return smallIntegers[1000 + Int(value % 1000)] }
    }
    return PluralCategory(index: Int(parlance_plural_select_integer(handle.pointer, value)))
  }

  /// The category of a decimal as written, visible fraction digits included:
  /// en "1" → one but "1.0" → other; ru "1.5" → other. Nil for a malformed number.
  public func category(forDecimal text: String) -> PluralCategory? {
    let index = parlance_plural_select_decimal(handle.pointer, text)
    return index < 0 ? nil : PluralCategory(index: Int(index))
  }

  /// The category of a double, written in its shortest form (`1.5`, `2`).
  public func category(for value: Double) -> PluralCategory {
    if let integer = Int64(exactly: value) { return category(for: integer) }
    return category(forDecimal: String(value)) ?? .other
  }
}

/// Owns the ICU rules handle; ICU's rules are immutable and safe to share.
private final class RulesHandle: @unchecked Sendable {
  let pointer: UnsafeMutableRawPointer?

  init(language: LanguageTag, ordinal: Bool) {
    pointer = parlance_plural_rules_open(language.identifier, ordinal ? 1 : 0)
  }

  deinit {
    parlance_plural_rules_close(pointer)
  }
}
