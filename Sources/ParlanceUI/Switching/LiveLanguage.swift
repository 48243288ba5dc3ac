import Foundation
import Parlance
import ParlanceGtk

/// The one route of a live language switch: from a pick to the render that shows it.
///
/// A window, a preview or an example owns one and gives it every pick (`choose(_:)`).
/// It runs the switches off the GTK thread on one worker that keeps only the newest pick
/// (`LatestWins`), so the language chosen last is the one shown; it brings everything
/// that comes back — switch results, change notifications, reloads after a save — to the
/// GTK thread through one `MainLoopInbox`, in the order it happened; and at the end of each
/// batch it sets the process's layout direction to the language's and calls `onUpdate`
/// once: the owner's one render trigger. Never inside a widget's own signal handler, so
/// the combo box that made a pick is never rebuilt beneath it.
///
/// It keeps the problem to show (a failed switch, a catalog broken by a save) and the
/// latest failures, at most `failureLimit`.
///
///     let language = LiveLanguage(localizer: localizer)
///     language.onUpdate = { render() }        // once per batch of news
///     combo.onChanged { language.choose(combo.activeID ?? "system") }
@MainActor
public final class LiveLanguage {
  /// What went wrong, for an info bar: a message and up to five `file:line:column` lines.
  public struct Problem: Equatable, Sendable {
    /// Why it is shown, which says what clears it.
    public enum Cause: Equatable, Sendable {
      /// A switch failed; the next switch that succeeds clears it.
      case switchFailed
      /// A save broke a catalog; the reload that reads it whole again clears it.
      case brokenCatalog
      /// The owner reported it (`report(_:details:)`); the user closes it, or another
      /// problem replaces it.
      case reported
    }
    /// The message, in the owner's own texts (table `Errors`).
    public let message: LocalizedText
    /// The first errors, one `file:line:column: error: …` line each.
    public let details: [String]
    /// What caused it.
    public let cause: Cause
  }

  /// The translations switched (another folder's, after `follow(_:)`).
  public private(set) var localizer: Localizer
  /// The route from other threads to the GTK thread; the owner may post its own news
  /// on it, to arrive in order with the switches'.
  public let inbox: MainLoopInbox
  /// Called on the GTK thread at the end of each batch of news (one render per batch,
  /// however many switches, notifications and reloads it held).
  public var onUpdate: @MainActor () -> Void = {}
  /// The problem to show, until what caused it is mended or the user closes it.
  public private(set) var problem: Problem? {
    didSet { changeCount += 1 }
  }
  /// The latest switches that failed, newest last: at most `failureLimit`, so a window
  /// left open for days does not grow with every failed pick.
  public private(set) var failures: [LocalizerError] = []
  /// How many failures `failures` keeps.
  public static let failureLimit = 10
  /// The folders watched for saves (`watch(_:)`), in the order they were added.
  public private(set) var watchers: [TranslationWatcher] = []
  /// Reloads finished so far, over all watched folders.
  public private(set) var reloadCount = 0
  /// Changes the owner shows beyond the localizer's revision: each switch result, failed
  /// ones too (a failed pick's menu goes back to the language in use), and each problem
  /// shown or hidden. An owner that renders only what changed compares it with the count
  /// of its last render.
  public private(set) var changeCount = 0

  private let persisting: Bool
  private let followers: [Localizer]
  private var observation: ObservationToken?
  private var pickedTicket: UInt64 = 0
  private var settledTicket: UInt64 = 0
  /// The problem the user closed: the very same problem again (a save of another file
  /// while this one is still broken) stays closed.
  private var closedProblem: Problem?

  /// One pick: the language, and the localizer it switches (the one followed then).
  private struct Pick: Sendable {
    let preference: LanguagePreference
    let localizer: Localizer
  }

  private lazy var switcher = LatestWins<Pick>(name: "parlance-switch") {
    [weak self, inbox, persisting, followers] pick, ticket in
    let result: Result<LanguageChange, LocalizerError>
    do throws(LocalizerError) {
      result = .success(
        try pick.localizer.switchLanguage(to: pick.preference, persisting: persisting))
    } catch {
      result = .failure(error)
    }
    if case .success = result {
      for follower in followers { Self.follow(pick.preference, with: follower) }
    }
    inbox.post { self?.switched(ticket: ticket, result) }
  }

  /// The route of `localizer`'s switches.
  ///
  /// - Parameters:
  ///   - localizer: the translations to switch and observe.
  ///   - persisting: whether a pick is stored as the user's choice (the Parlance window)
  ///     or not (a preview, an example).
  ///   - followers: localizers switched after each successful switch to the same choice,
  ///     or to their development language when they lack it (a tool bar's own texts
  ///     beside the interface it previews).
  public init(localizer: Localizer, persisting: Bool = true, followers: [Localizer] = []) {
    self.localizer = localizer
    self.persisting = persisting
    self.followers = followers
    self.inbox = MainLoopInbox()
    observation = observe(localizer)
    inbox.onBatchEnd = { [weak self] in self?.batchEnded() }
    setDirection()
  }

  /// True from a pick until the result of the newest pick has arrived.
  public var isSwitching: Bool { settledTicket < pickedTicket }

  /// The layout direction of the current language.
  public var direction: LayoutDirection { LayoutDirection(of: localizer.snapshot().language) }

  /// Switches to the menu entry `id` (`system` or a language tag), off the GTK thread,
  /// after the switch under way, replacing any pick still waiting. An id that is neither
  /// is ignored. A failure keeps the language and becomes the problem shown.
  public func choose(_ id: String) {
    guard let preference = try? LanguagePreference(id) else { return }
    choose(preference)
  }

  /// Switches to `preference`; see `choose(_:)` with an id.
  public func choose(_ preference: LanguagePreference) {
    pickedTicket = switcher.submit(Pick(preference: preference, localizer: localizer))
  }

  /// Reloads the catalogs whenever a catalog file of `folder` is saved: the texts show
  /// at once; a save that breaks a file keeps the last good catalog and becomes the
  /// problem shown, with its `file:line:column` errors, until a save mends it.
  ///
  /// - Throws: `GtkError` when the folder cannot be watched.
  public func watch(_ folder: URL) throws(GtkError) {
    let watcher = try TranslationWatcher(folder: folder, localizer: localizer, inbox: inbox)
    watcher.onReload = { [weak self] result in self?.reloaded(result) }
    watchers.append(watcher)
  }

  /// Switches `localizer` from now on instead (another folder of translations), and
  /// stops watching the folders of the one before; the problem shown is cleared.
  public func follow(_ localizer: Localizer) {
    stop()
    self.localizer = localizer
    observation = observe(localizer)
    closedProblem = nil
    problem = nil
    setDirection()
  }

  /// Shows a problem of the owner's own (a program it could not switch, a file it could
  /// not open) in the same place as the switches' problems.
  public func report(_ message: LocalizedText, details: [String]) {
    show(Problem(message: message, details: details, cause: .reported))
  }

  /// Hides the problem, as an info bar's close button does, until another one comes.
  public func dismissProblem() {
    closedProblem = problem
    problem = nil
  }

  /// Stops observing and watching; picks still running finish and are delivered.
  public func stop() {
    for watcher in watchers { watcher.stop() }
    watchers = []
    observation = nil
  }

  private func observe(_ localizer: Localizer) -> ObservationToken {
    // Nothing to do per notification: the batch end shows the new revision. Posting it
    // keeps it in order with the results around it.
    localizer.observe { [inbox] _ in inbox.post {} }
  }

  private func batchEnded() {
    setDirection()
    onUpdate()
  }

  private func setDirection() {
    let direction = direction
    if Widget.defaultDirection != direction { Widget.defaultDirection = direction }
  }

  /// The result of a switch, on the GTK thread, in the order the switches ran.
  private func switched(ticket: UInt64, _ result: Result<LanguageChange, LocalizerError>) {
    // Picks that were replaced never run: this result settles every earlier ticket too.
    settledTicket = max(settledTicket, ticket)
    changeCount += 1
    switch result {
    case .success:
      if problem?.cause == .switchFailed { problem = nil }
    case .failure(let error):
      failures.append(error)
      if failures.count > Self.failureLimit {
        failures.removeFirst(failures.count - Self.failureLimit)
      }
      show(Self.problem(for: error, current: localizer.language))
    }
  }

  private func reloaded(_ result: Localizer.ReloadResult) {
    reloadCount += 1
    guard let (tag, errors) = result.failures.min(by: { $0.key < $1.key }) else {
      closedProblem = nil
      if problem?.cause == .brokenCatalog { problem = nil }
      return
    }
    let file =
      errors.first.map { URL(fileURLWithPath: $0.file).lastPathComponent } ?? tag.identifier
    show(
      Problem(
        message: .key(
          "error.catalog.details", table: "Errors",
          ["count": MessageArgument(errors.count), "file": .string(file)]),
        details: Self.firstErrors(errors), cause: .brokenCatalog))
  }

  private func show(_ problem: Problem) {
    guard problem != closedProblem else { return }
    closedProblem = nil
    self.problem = problem
  }

  private static func problem(for error: LocalizerError, current: LanguageTag) -> Problem {
    switch error {
    case .catalogFailed(let tag, let diagnostics):
      Problem(
        message: .key(
          "error.catalog.load", table: "Errors",
          ["language": .string(tag.nativeName), "current": .string(current.nativeName)]),
        details: firstErrors(diagnostics), cause: .switchFailed)
    case .unavailableLanguage(let tag, _):
      Problem(
        message: .key("error.language.unknown", table: "Errors", ["tag": .string(tag.identifier)]),
        details: [], cause: .switchFailed)
    case .resources(let resourceError):
      Problem(message: .verbatim(resourceError.description), details: [], cause: .switchFailed)
    }
  }

  private static func firstErrors(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.filter { $0.severity == .error }.prefix(5).map(\.description)
  }

  /// Switches a follower along: to the same choice, or to its development language when
  /// it has no texts in that one.
  private nonisolated static func follow(
    _ preference: LanguagePreference, with follower: Localizer
  ) {
    do {
      try follower.switchLanguage(to: preference, persisting: false)
    } catch {
      _ = try? follower.switchLanguage(to: .pinned(follower.developmentLanguage), persisting: false)
    }
  }
}
