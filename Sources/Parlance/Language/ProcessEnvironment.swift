import Foundation

/// Reads the process environment; a seam so tests pass their own dictionary instead.
public enum ProcessEnvironment {
  public static func variables() -> [String: String] {
    ProcessInfo.processInfo.environment
  }
}
