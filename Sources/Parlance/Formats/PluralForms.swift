/// Placeholder until the gettext parser lands: a `Plural-Forms` rule.
public struct PluralForms: Hashable, Sendable {
  public let count: Int
  public let source: String

  public func index(for n: UInt64) -> Int { n == 1 ? 0 : min(1, count - 1) }
}
