/// What a command leaves to the end of the process: `main` exits as soon as the command
/// returns, and the system then takes its memory and the X server its windows at once,
/// instead of one object at a time (destroying Transmission's PrefsDialog took 28 ms of
/// the 257 ms `parlance screenshot --ui` spends on it in one language).
@MainActor
enum LeftToExit {
  private static var kept: [AnyObject] = []

  /// Keeps `objects` alive until the process exits.
  static func keep(_ objects: AnyObject...) {
    kept += objects
  }
}
