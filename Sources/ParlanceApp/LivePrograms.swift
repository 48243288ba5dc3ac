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
        // Only the program switched is asked, however many run.
        let program: LiveBus.Program
        do {
          program = try LiveBus.describe(chosen.id)
        } catch {
          return .failure(ProgramSwitchingError("\(chosen.name) (pid \(chosen.pid)) has ended"))
        }
        let outcome: LiveSwitch.Outcome
        do {
          outcome = try LiveSwitch.run(
            program, to: preference, catalogs: catalogs.catalogs(of: program))
        } catch {
          return .failure(ProgramSwitchingError("\(error)"))
        }
        ProgramChoices().remember(preference, for: program.name)
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

/// Each running program's catalogs, read again only when it opens other `.mo` files:
/// neither a listing nor a switch reads a program's installed catalogs each time.
private final class CatalogCache: Sendable {
  private let state = Lock([String: (files: [String], catalogs: ProgramCatalogs)]())

  func catalogs(of program: LiveBus.Program) -> ProgramCatalogs? {
    if let kept = state.withLock({ $0[program.busName] }), kept.files == program.catalogs {
      return kept.catalogs
    }
    guard
      let read = try? ProgramCatalogs(
        catalogPaths: program.catalogs, textDomain: program.textDomain,
        textDomainDirectory: program.textDomainDirectory)
    else { return nil }
    state.withLock { $0[program.busName] = (program.catalogs, read) }
    return read
  }

  /// Forgets the programs that ended.
  func keep(only running: Set<String>) {
    state.withLock { cached in cached = cached.filter { running.contains($0.key) } }
  }
}
