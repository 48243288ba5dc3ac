/// A value made the first time it is read, on the thread that reads it, and kept: a
/// second thread reading it meanwhile waits for it instead of making it again.
///
/// ```swift
/// let index = Computed { TranslationIndex(catalog) }   // nothing built yet
/// index.value.messages(showing: "Abbrechen")           // built here, once
/// ```
package final class Computed<Value>: @unchecked Sendable {
  private enum State {
    case pending(() -> Value)
    case made(Value)
  }

  private let state: Lock<State>

  /// A value `make` makes when it is first read; `make` is released once it has run.
  package init(_ make: @escaping @Sendable () -> Value) {
    state = Lock(.pending(make))
  }

  /// The value, made now if it was not yet.
  package var value: Value {
    state.withLock { state in
      switch state {
      case .made(let value):
        return value
      case .pending(let make):
        let value = make()
        state = .made(value)
        return value
      }
    }
  }
}
