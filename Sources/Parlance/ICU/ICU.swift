import CParlanceICU

/// Swift face of `CParlanceICU`: likely subtags, display names, direction.
///
/// Results are cached per tag: negotiation asks for the same few tags over and over.
enum ICU {
  private static let maximizedCache = Lock<[String: LanguageTag]>([:])

  /// `zh-TW` → `zh-Hant-TW`; the tag itself when ICU knows nothing better.
  static func maximize(_ tag: LanguageTag) -> LanguageTag {
    if let cached = maximizedCache.withLock({ $0[tag.identifier] }) { return cached }
    let result =
      callReturningText { out, capacity in
        parlance_icu_add_likely_subtags(tag.identifier, out, capacity)
      }
      .flatMap { try? LanguageTag($0) } ?? tag
    // Keep variants and extensions: likely subtags only fill language, script and region.
    let maximized = LanguageTag(
      language: result.language, script: result.script ?? tag.script,
      region: result.region ?? tag.region, variants: tag.variants, extensions: tag.extensions)
    maximizedCache.withLock { $0[tag.identifier] = maximized }
    return maximized
  }

  /// `zh-Hant-TW` → `zh-TW`.
  static func minimize(_ tag: LanguageTag) -> LanguageTag {
    callReturningText { out, capacity in
      parlance_icu_minimize_subtags(tag.identifier, out, capacity)
    }
    .flatMap { try? LanguageTag($0) } ?? tag
  }

  /// The name of `tag` written in `language`; nil when ICU has no name for it.
  static func displayName(of tag: LanguageTag, in language: LanguageTag) -> String? {
    let name = callReturningText { out, capacity in
      parlance_icu_display_name(tag.identifier, language.identifier, out, capacity)
    }
    // ICU echoes the code back when it knows no name.
    guard let name, name.lowercased() != tag.identifier.lowercased() else { return nil }
    return name
  }

  static func isRightToLeft(_ tag: LanguageTag) -> Bool {
    parlance_icu_is_right_to_left(tag.identifier) == 1
  }

  private static func callReturningText(
    _ body: (UnsafeMutablePointer<CChar>, Int32) -> Int32
  ) -> String? {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 512) { buffer -> String? in
      guard let base = buffer.baseAddress else { return nil }
      let length = body(base, Int32(buffer.count))
      guard length >= 0, Int(length) < buffer.count else { return nil }
      let bytes = UnsafeRawBufferPointer(start: base, count: Int(length))
      return String(decoding: bytes, as: UTF8.self)
    }
  }
}
