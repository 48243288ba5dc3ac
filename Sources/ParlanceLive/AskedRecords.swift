import Parlance
import ParlanceGtk

/// The messages each running program asked gettext for (`LiveBus.asked`), kept between
/// switches by bus name: the record only grows, so a later switch reads only what the
/// program asked for since. At most `limit` programs are kept.
final class AskedRecords: Sendable {
  static let shared = AskedRecords()
  static let limit = 32

  private let records = Lock<[String: (identity: UInt64, messages: Set<String>)]>([:])

  /// The messages `program` asked for (each its text domain, U+001F and its catalog
  /// key), or nil when it keeps no complete record or does not answer.
  func messages(of program: LiveBus.Program, timeout: Duration) -> Set<String>? {
    let kept = records.withLock { $0[program.busName] }
    do throws(LiveBus.Failure) {
      var answer = try LiveBus.asked(
        program.busName, from: kept?.messages.count ?? 0, timeout: timeout)
      var known = kept?.messages ?? []
      if let kept, answer.identity != kept.identity || answer.total < kept.messages.count {
        // Another process under that name (its pid reused): read from the first.
        answer = try LiveBus.asked(program.busName, from: 0, timeout: timeout)
        known = []
      }
      guard answer.isComplete else {
        records.withLock { _ = $0.removeValue(forKey: program.busName) }
        return nil
      }
      known.formUnion(answer.messages)
      records.withLock { records in
        if records[program.busName] == nil, records.count >= Self.limit { records.removeAll() }
        records[program.busName] = (answer.identity, known)
      }
      return known
    } catch {
      return nil
    }
  }
}
