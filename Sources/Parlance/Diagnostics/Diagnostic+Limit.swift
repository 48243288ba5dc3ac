extension Array where Element == Diagnostic {
  /// Appends `diagnostic` while fewer than `limit` are there; at the limit, one
  /// `tooManyDiagnostics` warning instead, then nothing: a file of garbage gives a
  /// readable report, not a million lines.
  mutating func append(_ diagnostic: Diagnostic, upTo limit: Int) {
    guard count <= limit else { return }
    if count == limit {
      append(
        Diagnostic(
          file: diagnostic.file, location: diagnostic.location, severity: .warning,
          kind: .tooManyDiagnostics(limit: limit)))
      return
    }
    append(diagnostic)
  }
}
