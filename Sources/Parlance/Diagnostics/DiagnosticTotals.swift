/// How many errors and warnings a list of diagnostics stands for.
///
/// This is what summaries print and what decides whether a file failed; it counts the
/// problems themselves, not the lines kept to show them.
public struct DiagnosticTotals: Hashable, Sendable, CustomStringConvertible {
  /// How many errors.
  public var errors: Int
  /// How many warnings.
  public var warnings: Int

  /// Totals of `errors` and `warnings`.
  /// - Parameters:
  ///   - errors: how many errors.
  ///   - warnings: how many warnings.
  public init(errors: Int = 0, warnings: Int = 0) {
    self.errors = errors
    self.warnings = warnings
  }

  /// The totals of `diagnostics`: a `tooManyDiagnostics` summary counts as the problems
  /// it stands for, not as one of its own.
  public init(_ diagnostics: some Sequence<Diagnostic>) {
    self.init()
    for diagnostic in diagnostics {
      if case .tooManyDiagnostics(_, let notReported) = diagnostic.kind {
        errors += notReported.errors
        warnings += notReported.warnings
      } else {
        add(diagnostic.severity)
      }
    }
  }

  mutating func add(_ severity: Diagnostic.Severity, count: Int = 1) {
    switch severity {
    case .error: errors += count
    case .warning: warnings += count
    }
  }

  /// `2 errors, 1100 warnings`, `1 error, 1 warning`
  public var description: String {
    "\(errors) " + (errors == 1 ? "error" : "errors") + ", \(warnings) "
      + (warnings == 1 ? "warning" : "warnings")
  }
}
