/// The languages a program showed before the one it shows, for the texts of one of
/// them that a switch left or the program set again (`ProgramCatalogs.plan`): a
/// retranslator from each to the target, made when first asked.
final class EarlierLanguages {
  let catalogs: ProgramCatalogs
  /// The languages the program showed before, the latest first, and the target.
  let languages: [LanguageTag]
  let target: LanguageTag
  /// The messages the program asked gettext for (`Retranslator.asked`).
  let asked: Set<String>
  private var retranslators: [LanguageTag: Retranslator?] = [:]

  init(
    catalogs: ProgramCatalogs, languages: [LanguageTag], target: LanguageTag,
    asked: Set<String> = []
  ) {
    self.catalogs = catalogs
    self.asked = asked
    var unique: [LanguageTag] = []
    for language in languages where !unique.contains(language) { unique.append(language) }
    self.languages = unique
    self.target = target
  }

  private func retranslator(from language: LanguageTag) -> Retranslator? {
    if let made = retranslators[language] { return made }
    var made = try? Retranslator(
      localizer: catalogs.localizer, tables: catalogs.domains, from: language, to: target,
      fallbacks: catalogs.fallbacks(for: target), msgidsOf: languages)
    made?.asked = asked
    made?.desktopEntries = catalogs.desktopEntries
    retranslators[language] = made
    return made
  }

  /// `text` decided in the language it is known to be in, when it is known to be a
  /// text of the catalogs that the language shown (`shown`) may not have: one a switch
  /// left (its place remembers the language, `ProgramCatalogs.leftMark`), or one the
  /// program set again after a switch set a message there (`Text.replaced`), tried in
  /// each language the program showed and the target, the remembered message first.
  /// Nil for any other text, and where no such language has it: a text of no message
  /// may be the user's, and is never taken for one of another language on a guess.
  func decide(_ text: ProgramCatalogs.Text, shownIn shown: LanguageTag) -> (
    outcome: Retranslator.Outcome, language: LanguageTag
  )? {
    if let language = ProgramCatalogs.leftLanguage(of: text.message) {
      guard language != shown, let retranslator = retranslator(from: language) else {
        return nil
      }
      return (retranslator.retranslate(text.text, declared: text.declared), language)
    }
    guard let replaced = Retranslator.ShownMessage(encoded: text.replaced) else { return nil }
    var found: (outcome: Retranslator.Outcome, language: LanguageTag)?
    for language in [shown] + languages.filter({ $0 != shown }) {
      guard let retranslator = retranslator(from: language) else { continue }
      let outcome = retranslator.retranslateWhole(
        text.text, remembered: nil, declared: text.declared)
      switch outcome {
      case .failure(.unknown): continue
      case .success(let (_, message, _)) where message?.match.key == replaced.match.key:
        return (outcome, language)
      case .failure(.ambiguous(let candidates)):
        // The message the switch set there, when it is one of them, decides.
        if let chosen = candidates.first(where: {
          $0.table == replaced.table && $0.match.key == replaced.match.key
        }) {
          return (retranslator.retranslate(text.text, remembered: chosen), language)
        }
        if found == nil { found = (outcome, language) }
      default:
        if found == nil { found = (outcome, language) }
      }
    }
    return found
  }
}
