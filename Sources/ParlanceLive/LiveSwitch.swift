import Parlance
import ParlanceGtk

/// Switches a running program that has Parlance's GTK module (`parlance run`) to another
/// language: reads back what its windows show, decides each text with the program's own
/// catalogs (`ProgramCatalogs`), and sets the new texts in place with gettext switched
/// for the process. One round trip for the texts, one for the changes; nothing the
/// program holds is rebuilt.
public enum LiveSwitch {
  /// What a switch did.
  public struct Outcome: Sendable {
    /// The program switched.
    public let program: LiveBus.Program
    /// The language it was in.
    public let from: LanguageTag
    /// The language it is in now.
    public let to: LanguageTag
    /// The texts set.
    public let applied: Int
    /// The texts left as they were, with the class and property showing each and why.
    public let left: [(text: LiveBus.Text, reason: Retranslator.Unresolved)]
  }

  /// A switch that could not be made: the program has no catalog in the language, or
  /// did not answer. Its texts are as they were.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    /// What went wrong, naming the program.
    public let description: String
  }

  /// The language `preference` means for `catalogs`: the tag, or for `system` the first
  /// of the user's languages (`environment`) the program has a catalog of.
  public static func language(
    _ preference: LanguagePreference, for catalogs: ProgramCatalogs,
    environment: [String: String] = ProcessEnvironment.variables()
  ) -> LanguageTag {
    switch preference {
    case .pinned(let tag): return tag
    case .followSystem:
      let system = SystemLanguages.current(environment: environment)
      let chain = LanguageNegotiator.negotiate(
        requested: system, available: catalogs.languages,
        default: catalogs.localizer.developmentLanguage)
      return chain.languages.first ?? catalogs.localizer.developmentLanguage
    }
  }

  /// Switches `program` to `preference`.
  ///
  /// - Throws: `Failure` when the program has no catalog in the language (nothing is
  ///   changed then), and when it does not answer or is gone.
  public static func run(
    _ program: LiveBus.Program, to preference: LanguagePreference,
    environment: [String: String] = ProcessEnvironment.variables(),
    timeout: Duration = LiveBus.timeout
  ) throws(Failure) -> Outcome {
    let catalogs: ProgramCatalogs
    do {
      catalogs = try ProgramCatalogs(
        catalogPaths: program.catalogs, textDomain: program.textDomain,
        textDomainDirectory: program.textDomainDirectory)
    } catch {
      throw Failure(description: "\(program.name): \(error.description)")
    }
    let target = language(preference, for: catalogs, environment: environment)
    let development = catalogs.localizer.developmentLanguage
    guard target == development || catalogs.language(for: target) != nil else {
      let names = catalogs.languages.map(\.identifier).joined(separator: ", ")
      throw Failure(
        description: "\(program.name) has no translation in \(target) (it has \(names))")
    }
    let source = catalogs.shownLanguage(gettextLanguages: program.languages)
    let texts: [LiveBus.Text]
    do {
      texts = try LiveBus.collect(program.busName, timeout: timeout)
    } catch {
      throw failure(program, error)
    }
    let plan: ProgramCatalogs.Plan
    do {
      plan = try catalogs.plan(
        texts.map {
          ProgramCatalogs.Text(
            text: $0.text, message: $0.message, isToolkitItem: $0.property == "stock",
            group: Int($0.group))
        }, from: source, to: target)
    } catch {
      throw Failure(description: "\(program.name): \(error.description)")
    }
    let applied: Int
    do {
      applied = try LiveBus.apply(
        program.busName, languages: plan.gettextLanguages, rightToLeft: plan.isRightToLeft,
        changes: plan.changes.map { (texts[$0.index].id, $0.text, $0.message) },
        timeout: timeout)
    } catch {
      throw failure(program, error)
    }
    return Outcome(
      program: program, from: source, to: plan.language, applied: applied,
      left: plan.left.map { (texts[$0.index], $0.reason) })
  }

  private static func failure(_ program: LiveBus.Program, _ error: LiveBus.Failure) -> Failure {
    Failure(description: "\(program.name) (pid \(program.pid)): \(error.description)")
  }
}
