import Foundation

/// Reads the process environment; a seam so tests pass their own dictionary instead.
public enum ProcessEnvironment {
  /// The environment of this process.
  /// - Returns: every variable and its value.
  public static func variables() -> [String: String] {
    ProcessInfo.processInfo.environment
  }
}
