import Foundation
import Parlance
import ParlanceGtk
import ParlanceLive
import ParlanceUI
import ParlanceWindow

/// The window's Programs view over the session bus: the programs started with
/// `parlance run`, switched as `parlance switch` does (the choice remembered for the
/// program's next `parlance run`).
enum LivePrograms {
  /// The route the window's Programs view takes.
  static func switching() -> ProgramSwitching {
    let catalogs = CatalogCache()
    return ProgramSwitching(
      list: {
        do {
          let programs = try LiveBus.programs()
          catalogs.keep(only: Set(programs.map(\.busName)))
          return .success(programs.compactMap { row($0, catalogs) })
        } catch {
          return .failure(ProgramSwitchingError("\(error)"))
        }
      },
      choose: { chosen, preference in
        // Only the program switched is asked, however many run; as the listing described
        // it, unless it lists texts to decide (then it is described again first).
        let described: LiveBus.Program
        if let kept = catalogs.program(chosen.id) {
          described = kept
        } else {
          do {
            described = try LiveBus.describe(chosen.id)
          } catch {
            return .failure(
              ProgramSwitchingError("\(chosen.name) (pid \(chosen.pid)) has ended"))
          }
        }
        let outcome: LiveSwitch.Outcome
        do {
          outcome = try LiveSwitch.run(
            described, to: preference, catalogs: catalogs.catalogs(of: described),
            environment: ProcessEnvironment.variables(), timeout: LiveBus.timeout,
            refreshing: { program throws(LiveSwitch.Failure) in
              try catalogs.describe(program)
            }, marking: { _ in })
        } catch {
          return .failure(ProgramSwitchingError("\(error)"))
        }
        ProgramChoices().remember(preference, for: described.name)
        var now = chosen
        now.choice =
          preference == .followSystem ? ViewNode.ChoiceItem.systemLanguageID : outcome.to.identifier
        return .success(now)
      },
      watch: { changed in
        do {
          return try LiveBus.watch(changed)
        } catch {
          standardError(
            "parlance: warning: programs started later are not listed: \(error)")
          return nil
        }
      })
  }

  /// The row of `program`: its languages, and the entry its combo box shows — "System
  /// language" when that is the choice remembered for it, else the language it shows.
  private static func row(_ program: LiveBus.Program, _ cache: CatalogCache) -> RunningProgram? {
    guard let catalogs = cache.catalogs(of: program) else { return nil }
    let shown = catalogs.shownLanguage(gettextLanguages: program.languages)
    let store = ProgramChoices().store(for: program.name)
    let followsSystem =
      FileManager.default.fileExists(atPath: store.fileURL.path)
      && store.load().preference == .followSystem
    return RunningProgram(
      id: program.busName, pid: program.pid, name: program.name, languages: catalogs.languages,
      choice: followsSystem ? ViewNode.ChoiceItem.systemLanguageID : shown.identifier)
  }
}

/// Each running program's latest description and its catalogs, read again only when it
/// opens other `.mo` files: neither a listing nor a switch reads a program's installed
/// catalogs each time, and a switch asks the program without describing it first.
private final class CatalogCache: Sendable {
  private let state = Lock([String: (program: LiveBus.Program, catalogs: ProgramCatalogs)]())

  /// The catalogs of `program`, which becomes its latest description.
  func catalogs(of program: LiveBus.Program) -> ProgramCatalogs? {
    if let kept = state.withLock({ $0[program.busName] }), kept.program.catalogs == program.catalogs
    {
      state.withLock { $0[program.busName] = (program, kept.catalogs) }
      return kept.catalogs
    }
    guard
      let read = try? ProgramCatalogs(
        catalogPaths: program.catalogs, textDomain: program.textDomain,
        textDomainDirectory: program.textDomainDirectory)
    else { return nil }
    state.withLock { $0[program.busName] = (program, read) }
    return read
  }

  /// The latest description of the program with bus name `busName`.
  func program(_ busName: String) -> LiveBus.Program? {
    state.withLock { $0[busName]?.program }
  }

  /// `program` described again now, with its catalogs.
  func describe(
    _ program: LiveBus.Program
  ) throws(LiveSwitch.Failure) -> (program: LiveBus.Program, catalogs: ProgramCatalogs) {
    let now: LiveBus.Program
    do {
      now = try LiveBus.describe(program.busName)
    } catch {
      throw LiveSwitch.Failure(description: "\(program.name) (pid \(program.pid)): \(error)")
    }
    guard let catalogs = catalogs(of: now) else {
      throw LiveSwitch.Failure(description: "\(program.name): its catalogs cannot be read")
    }
    return (now, catalogs)
  }

  /// Forgets the programs that ended.
  func keep(only running: Set<String>) {
    state.withLock { cached in cached = cached.filter { running.contains($0.key) } }
  }
}
