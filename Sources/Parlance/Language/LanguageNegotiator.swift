/// Matches the languages a user asks for against those a program has.
///
/// For each requested language in order, the available languages that fit it are
/// appended (once each): first the exact tag, then those equal after adding likely
/// subtags, then those with the same language and script (a region-less tag before
/// regional ones). The development language closes the chain. Examples, with
/// `available = [de, en, pt, sr-Latn, zh-Hans, zh-Hant]` and `default = en`:
///
/// ```
/// [zh-TW]      → [zh-Hant, en]     zh-TW ⇒ zh-Hant-TW ⇐ zh-Hant
/// [zh-CN]      → [zh-Hans, en]     zh-CN ⇒ zh-Hans-CN ⇐ zh-Hans
/// [zh-SG]      → [zh-Hans, en]     same language and script, Hans
/// [de-AT, fr]  → [de, en]
/// [sr-Latn-RS] → [sr-Latn, en]
/// [sr-RS]      → [en]              sr-RS is Cyrillic
/// [ja]         → [en]
/// ```
public enum LanguageNegotiator {
  /// The chain of available languages to look keys up in, for the `requested` ones.
  /// - Parameters:
  ///   - requested: the user's languages in order of preference.
  ///   - available: the languages the resources have.
  ///   - development: the language the app is written in, last in every chain; nil for none.
  /// - Returns: the chain, each language with why it is there.
  public static func negotiate(
    requested: [LanguageTag], available: [LanguageTag], default development: LanguageTag?
  ) -> FallbackChain {
    var links: [FallbackChain.Link] = []
    var chosen = Set<LanguageTag>()
    func add(_ tag: LanguageTag, _ reason: FallbackChain.Reason) {
      if chosen.insert(tag).inserted {
        links.append(FallbackChain.Link(language: tag, reason: reason))
      }
    }

    // A pseudo-locale serves only who asks for it by name.
    let candidates = available.sorted().filter { !$0.isPseudoLocale }
      .map { (tag: $0, maximized: $0.maximized) }
    for request in requested {
      if available.contains(request) {
        add(request, .exact(requested: request))
      }
      let wanted = request.maximized
      for candidate in candidates
      where candidate.maximized.language == wanted.language
        && candidate.maximized.script == wanted.script
        && candidate.maximized.region == wanted.region
        && candidate.maximized.variants == wanted.variants
      {
        add(candidate.tag, .likelySubtags(requested: request, maximized: wanted))
      }
      let sameScript = candidates.filter {
        $0.maximized.language == wanted.language && $0.maximized.script == wanted.script
      }
      // A tag without region is the language's general form: try it before the regions.
      let generalFirst = sameScript.sorted { lhs, rhs in
        if (lhs.tag.region == nil) != (rhs.tag.region == nil) { return lhs.tag.region == nil }
        return lhs.tag < rhs.tag
      }
      for candidate in generalFirst {
        add(
          candidate.tag,
          .sameLanguageAndScript(requested: request, script: wanted.script ?? "Zyyy"))
      }
    }
    // Even without a folder of its own, the development language is what the keys and
    // unlocalized resources are written in.
    if let development { add(development, .developmentLanguage) }
    return FallbackChain(links: links)
  }
}
