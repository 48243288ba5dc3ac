extension Diagnostic {
  /// The most diagnostics a parser keeps for one file; beyond, they are only counted.
  static let limitPerFile = 1000
}

extension Array where Element == Diagnostic {
  /// Appends `diagnostic` while fewer than `limit` are kept; beyond, it is only counted,
  /// in one `tooManyDiagnostics` summary kept after the first `limit`: a file of garbage
  /// gives a readable report, not a million lines, and still every error counts.
  ///
  /// The summary is an error as soon as it stands for one, and then stands at the first
  /// error it hides, so that the file fails and an editor can jump there.
  /// Example, limit 2: warning, warning, warning, error, error → warning, warning, and
  /// an error at the first error: "not reported: 2 errors, 1 warning".
  mutating func append(_ diagnostic: Diagnostic, upTo limit: Int) {
    if count < limit {
      append(diagnostic)
    } else {
      countBeyond(
        limit, count: 1, diagnostic.severity, file: diagnostic.file, at: diagnostic.location)
    }
  }

  /// Counts `count` diagnostics of `severity` that are beyond `limit`, the first of them
  /// at `location`; with fewer than `limit` kept, nothing is beyond and nothing happens.
  mutating func countBeyond(
    _ limit: Int, count added: Int, _ severity: Diagnostic.Severity, file: String,
    at location: SourceLocation
  ) {
    guard added > 0, count >= limit else { return }
    if count == limit {
      append(
        Diagnostic(
          file: file, location: location, severity: .warning,
          kind: .tooManyDiagnostics(limit: limit, notReported: DiagnosticTotals())))
    }
    guard case .tooManyDiagnostics(let kept, var totals) = self[limit].kind else { return }
    totals.add(severity, count: added)
    self[limit].kind = .tooManyDiagnostics(limit: kept, notReported: totals)
    if severity == .error && self[limit].severity == .warning {
      self[limit].severity = .error
      self[limit].location = location
    }
  }
}

/// Keys written again, each with its earlier location: as many as a file's diagnostics
/// list (`Diagnostic.limitPerFile`); those beyond are only counted, from the first of
/// them (a file of one key a million times).
struct RepeatedKeys {
  private(set) var listed: [(key: String, first: SourceLocation, again: SourceLocation)] = []
  private(set) var unlisted: (count: Int, first: SourceLocation)?

  /// Whether a repeat found now is only counted.
  var isFull: Bool { listed.count == Diagnostic.limitPerFile }

  /// Records a repeat of `key`; `key` is made only when the repeat is listed.
  mutating func add(
    _ key: @autoclosure () -> String, first: SourceLocation, again: SourceLocation
  ) {
    if isFull {
      countUnlisted(seen: true) { again }
    } else {
      listed.append((key(), first, again))
    }
  }

  /// Counts a repeat beyond those listed when it was `seen`; `location` is asked of the
  /// first of them only (where the summary stands).
  mutating func countUnlisted(seen: Bool, location: () -> SourceLocation?) {
    guard seen else { return }
    if let unlisted {
      self.unlisted = (unlisted.count + 1, unlisted.first)
    } else if let first = location() {
      unlisted = (1, first)
    }
  }

  /// The same repeats with every location made `transform(location)`.
  func mapLocations(_ transform: (SourceLocation) -> SourceLocation) -> RepeatedKeys {
    var mapped = self
    mapped.listed = listed.map { ($0.key, transform($0.first), transform($0.again)) }
    mapped.unlisted = unlisted.map { ($0.count, transform($0.first)) }
    return mapped
  }

  /// Adds the repeats only counted to `diagnostics` of `file`, after the listed ones were
  /// reported: in the summary of what is beyond the limit.
  func countUnlisted(in diagnostics: inout [Diagnostic], file: String) {
    guard let unlisted else { return }
    diagnostics.countBeyond(
      Diagnostic.limitPerFile, count: unlisted.count, .warning, file: file, at: unlisted.first)
  }
}
