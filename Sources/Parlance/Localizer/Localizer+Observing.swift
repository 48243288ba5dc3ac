extension Localizer {
  /// Calls `handler` once after each change, on the thread that made the switch.
  ///
  /// Keep the token: the observation ends when it is cancelled or released.
  public func observe(_ handler: @escaping @Sendable (LanguageChange) -> Void)
    -> ObservationToken
  {
    let id = observers.withLock { observers in
      observers.nextID += 1
      observers.handlers[observers.nextID] = handler
      return observers.nextID
    }
    return ObservationToken { [weak self] in
      _ = self?.observers.withLock { $0.handlers.removeValue(forKey: id) }
    }
  }

  /// The changes from now on, as an asynchronous sequence. Ends when the consumer stops.
  public var changes: AsyncStream<LanguageChange> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: LanguageChange.self, bufferingPolicy: .bufferingNewest(16))
    let token = observe { continuation.yield($0) }
    continuation.onTermination = { _ in token.cancel() }
    return stream
  }

  func notify(_ change: LanguageChange) {
    let handlers = observers.withLock { Array($0.handlers.sorted { $0.key < $1.key }.map(\.value)) }
    for handler in handlers { handler(change) }
  }

  struct Observers {
    var nextID: UInt64 = 0
    var handlers: [UInt64: @Sendable (LanguageChange) -> Void] = [:]
  }

  // MARK: Reporting

  /// A key no language of `chain` has: reported once per key and table, whatever the
  /// chain (switching back and forth does not report it again).
  func reportMissing(_ key: String, table: String, chain: FallbackChain) {
    guard reporter != nil else { return }
    reportOnce(
      ReportedProblems.Identity(kind: 0, table: table, key: key, detail: ""),
      .missingKey(key: key, table: table, chain: chain.languages))
  }

  /// A message rendered with a problem: reported once per key, table and problem.
  func reportProblem(_ problem: RenderProblem, key: String, table: String) {
    guard reporter != nil else { return }
    reportOnce(
      ReportedProblems.Identity(kind: 1, table: table, key: key, detail: "\(problem)"),
      .renderProblem(key: key, table: table, problem: problem))
  }

  private func reportOnce(_ identity: ReportedProblems.Identity, _ event: LocalizationEvent) {
    guard let reporter else { return }
    let verdict = reported.withLock { $0.admit(identity, limit: Self.reportLimit) }
    switch verdict {
    case .new: reporter.report(event)
    case .limitReached: reporter.report(.reportLimitReached(limit: Self.reportLimit))
    case .known, .overLimit: break
    }
  }
}

/// The problems a localizer has reported, so each is reported once; bounded.
struct ReportedProblems {
  struct Identity: Hashable {
    let kind: UInt8
    let table: String
    let key: String
    let detail: String
  }

  enum Verdict { case new, known, limitReached, overLimit }

  /// The 64-bit hashes of the problems reported (a few bytes each instead of their
  /// strings; two problems sharing a hash in one process is a 1-in-2⁵² chance at the
  /// limit, and would only make the second one unreported).
  private var seen: Set<Int> = []
  private var limitReported = false

  /// Whether `identity` is new; past `limit` distinct problems, new ones are no longer
  /// remembered (or reported), and the first of them says so once.
  mutating func admit(_ identity: Identity, limit: Int) -> Verdict {
    let hash = identity.hashValue
    if seen.contains(hash) { return .known }
    guard seen.count < limit else {
      if limitReported { return .overLimit }
      limitReported = true
      return .limitReached
    }
    seen.insert(hash)
    return .new
  }
}
