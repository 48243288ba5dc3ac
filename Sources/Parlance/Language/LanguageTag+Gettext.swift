extension LanguageTag {
  /// The language of an installed locale folder as gettext names it
  /// (`/usr/share/locale/<name>/LC_MESSAGES`), or nil for a folder that is no language.
  ///
  /// `language[_TERRITORY][.codeset][@modifier]`, where a four-letter territory is a
  /// script (`zh_Hans`), a modifier names a script or variant, and a territory that
  /// decides the script (Chinese, or a script other than the language's usual one) puts
  /// the script in the tag, so that the two catalogs of a language in two scripts are two
  /// languages:
  ///
  /// ```
  /// de → de        pt_BR → pt-BR       sr@latin, sr@Latn → sr-Latn    ca@valencia → ca-valencia
  /// zh_CN → zh-Hans    zh_TW → zh-Hant    zh_HK → zh-Hant-HK    az_IR → az-Arab
  /// uz@cyrillic → uz-Cyrl    tt@iqtelif → tt-Latn    sr@ije → sr-ijekavsk
  /// en@quot, en@boldquot → nil (English with other quotation marks, not a language)
  /// locale.alias, C → nil
  /// ```
  public init?(gettextLocale name: String) {
    var base = name
    var modifier: String?
    if let at = name.firstIndex(of: "@") {
      base = String(name[..<at])
      modifier = String(name[name.index(after: at)...]).lowercased()
    }
    if let dot = base.firstIndex(of: ".") { base = String(base[..<dot]) }
    guard !base.isEmpty, base.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "_") }),
      let parsed = try? LanguageTag(base)
    else { return nil }
    var script = parsed.script
    var variants = parsed.variants
    if let modifier {
      guard let meaning = Self.gettextModifiers[modifier] else { return nil }
      script = meaning.script ?? script
      if let variant = meaning.variant, !variants.contains(variant) { variants.append(variant) }
    }
    var region = parsed.region
    if script == nil, let territory = region {
      let likely = parsed.maximized.script
      let usual = LanguageTag(
        language: parsed.language, script: nil, region: nil, variants: [], extensions: nil
      ).maximized.script
      if let likely, likely != usual || parsed.language == "zh" {
        script = likely
        // The script's own territory goes without saying: zh-Hans, not zh-Hans-CN.
        let scriptOnly = LanguageTag(
          language: parsed.language, script: likely, region: nil, variants: [], extensions: nil)
        if scriptOnly.maximized.region == territory { region = nil }
      }
    }
    self.init(
      language: parsed.language, script: script, region: region, variants: variants,
      extensions: nil)
  }

  /// The name gettext gives this language's folder and `LANGUAGE` entry: `de`, `pt_BR`,
  /// `sr@latin`, `zh_CN` for zh-Hans, `zh_TW` for zh-Hant, `az_IR` for az-Arab,
  /// `ca@valencia`.
  public var gettextLocaleName: String {
    var region = self.region
    var modifier = variants.lazy.compactMap { Self.gettextVariantModifiers[$0] }.first
    if let script {
      let plain = LanguageTag(
        language: language, script: nil, region: region, variants: [], extensions: nil)
      if plain.maximized.script != script, let named = Self.gettextScriptModifiers[script],
        language != "zh"
      {
        modifier = modifier ?? named
      } else if region == nil {
        // A script gettext names by its territory: zh-Hant → zh_TW, az-Arab → az_IR.
        region = maximized.region
      }
    }
    var name = language
    if let region { name += "_" + region }
    if let modifier { name += "@" + modifier }
    return name
  }

  /// The modifier gettext folders use for a script, and for a variant.
  private static let gettextScriptModifiers = [
    "Latn": "latin", "Cyrl": "cyrillic", "Deva": "devanagari", "Shaw": "shaw",
  ]
  private static let gettextVariantModifiers = ["valencia": "valencia", "ijekavsk": "ije"]

  /// What a gettext `@modifier` of a locale folder means.
  private static let gettextModifiers: [String: (script: String?, variant: String?)] = [
    "latin": ("Latn", nil), "latn": ("Latn", nil), "cyrillic": ("Cyrl", nil),
    "cyrl": ("Cyrl", nil), "devanagari": ("Deva", nil), "deva": ("Deva", nil),
    "arabic": ("Arab", nil), "arab": ("Arab", nil), "shaw": ("Shaw", nil),
    "iqtelif": ("Latn", nil), "valencia": (nil, "valencia"), "ije": (nil, "ijekavsk"),
    "ijekavian": (nil, "ijekavsk"), "ijekavianlatin": ("Latn", "ijekavsk"),
  ]
}
