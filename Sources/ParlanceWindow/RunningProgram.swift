import Parlance
import ParlanceUI

/// A program running with Parlance's GTK module (`parlance run`), as the window's
/// Programs view lists it: one row with a language combo box.
package struct RunningProgram: Sendable, Hashable {
  /// What names it to `ProgramSwitching` (its bus name); stable while it runs.
  package var id: String
  /// Its process id.
  package var pid: Int
  /// Its name (`mousepad`, `transmission-gtk`).
  package var name: String
  /// The languages it has catalogs for, besides its development language.
  package var languages: [LanguageTag]
  /// The entry its combo box shows: `system` or the tag of the language it shows.
  package var choice: String

  /// The row of the program `name` (process `pid`) known as `id`.
  package init(id: String, pid: Int, name: String, languages: [LanguageTag], choice: String) {
    self.id = id
    self.pid = pid
    self.name = name
    self.languages = languages
    self.choice = choice
  }
}

/// How the window reaches the programs running with the module; given by the app, which
/// talks to the session bus (ParlanceUI does not).
///
/// `list` and `choose` block until the programs answer (or a timeout ends the wait): the
/// window calls them off the GTK thread, one at a time per program.
package struct ProgramSwitching: Sendable {
  /// Every program running now, or why they cannot be listed.
  package var list: @Sendable () -> Result<[RunningProgram], ProgramSwitchingError>
  /// Switches `program` to the language `preference` means for it, remembers the choice,
  /// and returns the program as it is now.
  package var choose:
    @Sendable (_ program: RunningProgram, _ preference: LanguagePreference) -> Result<
      RunningProgram, ProgramSwitchingError
    >
  /// Calls `changed` on the GTK thread whenever a program starts, ends or changes its
  /// language, until the returned token is released; nil when nothing can be watched.
  package var watch: @MainActor (_ changed: @escaping @MainActor () -> Void) -> AnyObject?

  /// Switching through these three closures.
  package init(
    list: @escaping @Sendable () -> Result<[RunningProgram], ProgramSwitchingError>,
    choose:
      @escaping @Sendable (RunningProgram, LanguagePreference) -> Result<
        RunningProgram, ProgramSwitchingError
      >,
    watch: @escaping @MainActor (@escaping @MainActor () -> Void) -> AnyObject?
  ) {
    self.list = list
    self.choose = choose
    self.watch = watch
  }
}

/// Why programs could not be listed or one could not be switched, for a person: one
/// line naming the program.
package struct ProgramSwitchingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The line shown to the user.
  package let description: String

  /// The error saying `description`.
  package init(_ description: String) {
    self.description = description
  }
}
