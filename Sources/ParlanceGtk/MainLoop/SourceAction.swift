/// What a repeating main-loop source wants after running: run again, or be removed.
public enum SourceAction: Sendable {
  /// Keep the source; it runs again after its interval.
  case `continue`
  /// Remove the source.
  case stop
}
