import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI

extension WindowController {
  /// Offers the Programs view: the programs running with Parlance's GTK module, each
  /// with a language combo box that switches it live. The list is read at once, again
  /// whenever `switching` reports that a program started, ended or changed language,
  /// and when the user asks ("Refresh").
  package func enablePrograms(_ switching: ProgramSwitching) {
    let view = ProgramsView(switching: switching)
    programSwitching = view
    model.listsPrograms = true
    scheduleRender()
    // After the first frame: the bus is not on the way to it.
    _ = Gtk.idle { [weak self, weak view] in
      guard let self, let view else { return }
      view.watch = switching.watch { [weak self] in self?.refreshPrograms() }
      self.refreshPrograms()
    }
  }

  /// Lists the running programs again, off the GTK thread.
  package func refreshPrograms() {
    programSwitching?.refresh(inbox: inbox) { [weak self] result in
      self?.listed(result)
    }
  }

  /// Whether a listing or a switch of a program is under way.
  package var isUpdatingPrograms: Bool { programSwitching?.isBusy ?? false }

  /// Switches the program with `id` to the combo entry `choice` (`system` or a tag), off
  /// the GTK thread, after any switch of it under way (the last pick winning). A failure
  /// keeps the program as it was and shows why in the info bar.
  package func chooseLanguage(_ choice: String, forProgram id: String) {
    guard let view = programSwitching,
      let index = model.programs.firstIndex(where: { $0.id == id }),
      let preference = try? LanguagePreference(choice)
    else { return }
    // The combo shows the pick until the switch answers; a render meanwhile keeps it.
    model.programs[index].choice = choice
    let program = model.programs[index]
    view.choose(program, preference, inbox: inbox) { [weak self] result in
      self?.switched(program, result)
    }
  }

  private func listed(_ result: Result<[RunningProgram], ProgramSwitchingError>) {
    guard let view = programSwitching else { return }
    switch result {
    case .success(var programs):
      view.listingFailure = nil
      // A program whose switch is under way keeps the entry the user picked.
      for index in programs.indices {
        if let pick = view.pendingChoice(programs[index].id) { programs[index].choice = pick }
      }
      guard programs != model.programs else { return }
      model.programs = programs
      scheduleRender()
    case .failure(let error):
      if !model.programs.isEmpty {
        model.programs = []
        scheduleRender()
      }
      // Said once, not at each listing that fails the same way (no session bus).
      guard view.listingFailure != error.description else { return }
      view.listingFailure = error.description
      report(.key("error.programs.list", table: "Errors"), details: [error.description])
    }
  }

  private func switched(
    _ program: RunningProgram, _ result: Result<RunningProgram, ProgramSwitchingError>
  ) {
    guard let index = model.programs.firstIndex(where: { $0.id == program.id }) else { return }
    switch result {
    case .success(let now):
      if programSwitching?.pendingChoice(program.id) == nil, model.programs[index] != now {
        model.programs[index] = now
        scheduleRender()
      }
    case .failure(let error):
      report(
        .key("error.program.switch", table: "Errors", ["program": .string(program.name)]),
        details: [error.description])
      refreshPrograms()
    }
  }
}

/// The Programs view's side of the window: the app's route to the programs, one worker
/// for listing and one per program for switching (each keeping only the newest request),
/// and the watch that says when to list again. Results come back through the window's
/// inbox, in order, on the GTK thread.
@MainActor
final class ProgramsView {
  let switching: ProgramSwitching
  var watch: AnyObject?
  private var lister: LatestWins<MainLoopInbox>?
  private var switchers: [String: LatestWins<LanguagePreference>] = [:]
  /// The entry picked for each program whose switch has not answered yet, with the
  /// ticket of that pick.
  private var picks: [String: (choice: String, ticket: UInt64)] = [:]
  /// Why the last listing failed, until one succeeds.
  var listingFailure: String?

  init(switching: ProgramSwitching) {
    self.switching = switching
  }

  var isBusy: Bool {
    !(lister?.isIdle ?? true) || switchers.values.contains { !$0.isIdle }
  }

  func pendingChoice(_ id: String) -> String? { picks[id]?.choice }

  func refresh(
    inbox: MainLoopInbox,
    _ done: @escaping @MainActor @Sendable (Result<[RunningProgram], ProgramSwitchingError>) -> Void
  ) {
    let list = switching.list
    let lister =
      self.lister
      ?? LatestWins<MainLoopInbox>(name: "parlance-programs") { inbox, _ in
        let result = list()
        inbox.post { [done] in done(result) }
      }
    self.lister = lister
    lister.submit(inbox)
  }

  func choose(
    _ program: RunningProgram, _ preference: LanguagePreference, inbox: MainLoopInbox,
    _ done: @escaping @MainActor @Sendable (Result<RunningProgram, ProgramSwitchingError>) -> Void
  ) {
    let choose = switching.choose
    let id = program.id
    let switcher =
      switchers[id]
      ?? LatestWins<LanguagePreference>(name: "parlance-program-switch") {
        [weak self] preference, ticket in
        let result = choose(program, preference)
        inbox.post {
          guard let self else { return }
          // Only the newest pick's answer settles the program's entry.
          if let pick = self.picks[id], pick.ticket <= ticket { self.picks[id] = nil }
          done(result)
        }
      }
    switchers[id] = switcher
    picks[id] = (choice(of: preference), switcher.submit(preference))
  }

  private func choice(of preference: LanguagePreference) -> String {
    switch preference {
    case .followSystem: ViewNode.ChoiceItem.systemLanguageID
    case .pinned(let tag): tag.identifier
    }
  }
}
