import Parlance
import ParlanceGtk

/// Switches a running program that has Parlance's GTK module (`parlance run`) to another
/// language: reads back what its windows show, decides each text with the program's own
/// catalogs (`ProgramCatalogs`), and sets the new texts in place with gettext switched
/// for the process; nothing the program holds is rebuilt. Each text set is given a
/// recipe (`Retranslator.Recipe`), so that a later switch is one round trip the program
/// makes by itself, the controller deciding only the texts it has not seen (a dialog
/// opened since, a text the program set again).
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
    /// The texts no catalog has (a name, a number) that the program kept as they are
    /// by itself, known from an earlier switch; those met for the first time are in
    /// `left`, as `.unknown`.
    public let kept: Int
    /// The texts this process decided; 0 when the program made every text itself from
    /// what earlier switches kept (its recipes).
    public let decided: Int
    /// The texts left as they were, with the class and property showing each and why.
    public let left: [(text: LiveBus.Text, reason: Retranslator.Unresolved)]
    /// The program's `LANGUAGE` now: gettext's names for `to` and its fallbacks.
    public let languages: [String]

    /// The program as it describes itself after the switch, without asking it: its
    /// `LANGUAGE` and the list of languages it has shown.
    package var programAfter: LiveBus.Program { program.switched(to: languages) }
  }

  /// A switch that could not be made: the program has no catalog in the language, or
  /// did not answer. Its texts are as they were.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    /// What went wrong, naming the program.
    public let description: String

    package init(description: String) {
      self.description = description
    }
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

  /// Switches `program` to `preference`, with its `catalogs` when the caller keeps them
  /// (the window does, between switches), else read now.
  ///
  /// - Throws: `Failure` when the program has no catalog in the language (nothing is
  ///   changed then), and when it does not answer or is gone.
  public static func run(
    _ program: LiveBus.Program, to preference: LanguagePreference,
    catalogs kept: ProgramCatalogs? = nil,
    environment: [String: String] = ProcessEnvironment.variables(),
    timeout: Duration = LiveBus.timeout
  ) throws(Failure) -> Outcome {
    try run(
      program, to: preference, catalogs: kept, environment: environment, timeout: timeout,
      marking: { _ in })
  }

  /// The steps of a switch, in order.
  package enum Step: Sendable {
    /// The catalogs are read (or were kept).
    case catalogs
    /// The program answered Switch: it made its texts itself, or listed those it could not.
    case collected
    /// Every text is decided.
    case decided
    /// Apply answered.
    case applied
  }

  /// The program described again, with its catalogs: what a switch that began from an
  /// earlier description needs before it decides texts.
  package typealias Refreshing = (LiveBus.Program) throws(Failure) -> (
    program: LiveBus.Program, catalogs: ProgramCatalogs
  )

  /// How a switch asks the program to switch by itself: `LiveBus.switchLanguage` (bus
  /// name, gettext's languages, right to left, timeout), or a caller's call that asks
  /// more at once (`LiveScreenshots`: the reading after it too).
  package typealias Asking = (String, [String], Bool, Duration) throws(LiveBus.Failure) ->
    LiveBus.SelfSwitch

  /// `run(_:to:catalogs:environment:timeout:)`, calling `mark` as each step ends
  /// (parlance-bench times them).
  ///
  /// With `refreshing`, `program` may be an earlier description (the window keeps one
  /// per program from its listing): Switch is asked of it at once, and only when the
  /// program lists texts to decide is it described again (the catalogs it opened since,
  /// the languages it has shown) before they are decided. With `asking`, Switch is
  /// asked that way.
  package static func run(
    _ program: LiveBus.Program, to preference: LanguagePreference, catalogs kept: ProgramCatalogs?,
    environment: [String: String], timeout: Duration, refreshing: Refreshing? = nil,
    asking: Asking? = nil, marking mark: (Step) -> Void
  ) throws(Failure) -> Outcome {
    var program = program
    var catalogs: ProgramCatalogs
    if let kept { catalogs = kept } else { catalogs = try self.catalogs(of: program) }
    mark(.catalogs)
    let target = language(preference, for: catalogs, environment: environment)
    try requireCatalog(of: target, in: catalogs, for: program)
    var source = catalogs.shownLanguage(gettextLanguages: program.languages)
    let destination = catalogs.destination(of: target)
    let texts: [LiveBus.Text]
    do throws(LiveBus.Failure) {
      let answer: LiveBus.SelfSwitch
      if let asking {
        answer = try asking(
          program.busName, destination.gettextLanguages, destination.isRightToLeft, timeout)
      } else {
        answer = try LiveBus.switchLanguage(
          program.busName, languages: destination.gettextLanguages,
          rightToLeft: destination.isRightToLeft, timeout: timeout)
      }
      switch answer {
      case .switched(let applied, let kept):
        mark(.collected)
        mark(.decided)
        mark(.applied)
        return Outcome(
          program: program, from: source, to: destination.language, applied: applied,
          kept: kept, decided: 0, left: [], languages: destination.gettextLanguages)
      case .pending(let pending): texts = pending
      }
    } catch {
      throw failure(program, error)
    }
    if let refreshing {
      (program, catalogs) = try refreshing(program)
      source = catalogs.shownLanguage(gettextLanguages: program.languages)
    }
    mark(.collected)
    let plan: ProgramCatalogs.Plan
    do {
      plan = try decide(
        texts, of: program, with: catalogs, from: source, to: target,
        earlier: earlierLanguages(of: program, in: catalogs),
        asked: asked(by: program, deciding: texts, timeout: timeout), timeout: timeout)
    } catch {
      throw Failure(description: "\(program.name): \(error.description)")
    }
    mark(.decided)
    let applied: Int
    do {
      applied = try LiveBus.apply(
        program.busName, languages: plan.gettextLanguages, rightToLeft: plan.isRightToLeft,
        changes: plan.changes.map { (texts[$0.index].id, $0.text, $0.message, $0.recipe) }
          + plan.left.filter { !$0.recipe.isEmpty || !$0.message.isEmpty }.map {
            (texts[$0.index].id, $0.text, $0.message, $0.recipe)
          },
        timeout: timeout)
    } catch {
      throw failure(program, error)
    }
    mark(.applied)
    return Outcome(
      program: program, from: source, to: plan.language, applied: applied, kept: 0,
      decided: texts.count, left: plan.left.map { (texts[$0.index], $0.reason) },
      languages: plan.gettextLanguages)
  }

  /// What each of `texts` becomes (`ProgramCatalogs.plan`), of several messages that
  /// show a text those the program asked gettext for (`AskedRecords`); where several
  /// still show a text the program built from a GtkBuilder file (it has an id), decided
  /// again with the messages the program's files give it there (`InterfaceDeclarations`,
  /// read only then: a later switch has the message remembered).
  static func decide(
    _ texts: [LiveBus.Text], of program: LiveBus.Program, with catalogs: ProgramCatalogs,
    from source: LanguageTag, to target: LanguageTag, earlier: [LanguageTag],
    asked: Set<String>, timeout: Duration
  ) throws(LocalizerError) -> ProgramCatalogs.Plan {
    let plan = try catalogs.plan(
      texts.map { ProgramCatalogs.Text($0) }, from: source, to: target, earlier: earlier,
      asked: asked)
    guard
      plan.left.contains(where: { left in
        guard case .ambiguous = left.reason else { return false }
        return !texts[left.index].builderID.isEmpty
      })
    else { return plan }
    let declarations = InterfaceDeclarations.of(program, timeout: timeout)
    return try catalogs.plan(
      texts.map { text in
        ProgramCatalogs.Text(
          text, declared: declarations.keys(of: text.builderID, property: text.property))
      }, from: source, to: target, earlier: earlier, asked: asked)
  }

  /// The messages `program` asked gettext for (`AskedRecords`), read when there are
  /// `texts` to decide; none when it keeps no record (a module too old to answer).
  static func asked(
    by program: LiveBus.Program, deciding texts: [LiveBus.Text], timeout: Duration
  ) -> Set<String> {
    texts.isEmpty ? [] : AskedRecords.shared.messages(of: program, timeout: timeout) ?? []
  }

  /// The languages `program` showed before, the latest first (its module's history).
  static func earlierLanguages(of program: LiveBus.Program, in catalogs: ProgramCatalogs)
    -> [LanguageTag]
  {
    program.history.reversed().map { catalogs.shownLanguage(gettextLanguages: $0) }
  }

  /// The catalogs of `program`'s domains, in every language installed.
  package static func catalogs(of program: LiveBus.Program) throws(Failure) -> ProgramCatalogs {
    do {
      return try ProgramCatalogs(
        catalogPaths: program.catalogs, textDomain: program.textDomain,
        textDomainDirectory: program.textDomainDirectory)
    } catch {
      throw Failure(description: "\(program.name): \(error.description)")
    }
  }

  /// Throws unless `target` is the development language or one `catalogs` have.
  package static func requireCatalog(
    of target: LanguageTag, in catalogs: ProgramCatalogs, for program: LiveBus.Program
  ) throws(Failure) {
    guard target != catalogs.localizer.developmentLanguage, catalogs.language(for: target) == nil
    else { return }
    let names = catalogs.languages.map(\.identifier).joined(separator: ", ")
    throw Failure(
      description: "\(program.name) has no translation in \(target) (it has \(names))")
  }

  /// What `program`'s windows show now, what each becomes from `source` to `target`, and
  /// the messages the program asked gettext for, which decided it.
  static func collect(
    _ program: LiveBus.Program, deciding catalogs: ProgramCatalogs, from source: LanguageTag,
    to target: LanguageTag, timeout: Duration, marking mark: (Step) -> Void = { _ in }
  ) throws(Failure) -> (texts: [LiveBus.Text], plan: ProgramCatalogs.Plan, asked: Set<String>) {
    let texts: [LiveBus.Text]
    do {
      texts = try LiveBus.collect(program.busName, timeout: timeout)
    } catch {
      throw failure(program, error)
    }
    mark(.collected)
    let asked = asked(by: program, deciding: texts, timeout: timeout)
    do {
      let plan = try decide(
        texts, of: program, with: catalogs, from: source, to: target, earlier: [],
        asked: asked, timeout: timeout)
      return (texts, plan, asked)
    } catch {
      throw Failure(description: "\(program.name): \(error.description)")
    }
  }

  private static func failure(_ program: LiveBus.Program, _ error: LiveBus.Failure) -> Failure {
    Failure(description: "\(program.name) (pid \(program.pid)): \(error.description)")
  }
}

extension LiveBus.Text {
  /// A stock item's label, which GTK makes itself (`stock`, or `stock:` and its
  /// message's context where it is not "Stock label").
  var isStockItem: Bool { property == "stock" || property.hasPrefix("stock:") }

  /// The context of a stock item's label in GTK's catalog: "Stock label", or the one
  /// its property names; nil for other texts.
  var stockContext: String? {
    guard isStockItem else { return nil }
    return property.hasPrefix("stock:") ? String(property.dropFirst(6)) : "Stock label"
  }
}

extension ProgramCatalogs.Text {
  /// A text a program's module read, for a plan, with the catalog keys its interface
  /// file gives its place.
  init(_ text: LiveBus.Text, declared: Set<String> = []) {
    self.init(
      text: text.text, message: text.message, replaced: text.replacedMessage,
      isToolkitItem: text.isStockItem, isOwnModel: text.property.hasPrefix("own-"),
      group: Int(text.group), declared: declared, isMarkup: text.property.hasSuffix("markup"),
      isDescription: text.property.contains("tooltip") || text.property.hasSuffix("description"))
  }
}
