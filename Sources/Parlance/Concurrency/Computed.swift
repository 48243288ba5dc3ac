/// A value made the first time it is read, on the thread that reads it, and kept: a
/// second thread reading it meanwhile waits for it instead of making it again.
///
/// ```swift
/// let index = Computed { TranslationIndex(catalog) }   // nothing built yet
/// index.value.messages(showing: "Abbrechen")           // built here, once
/// ```
package final class Computed<Value>: @unchecked Sendable {
  private let state: Lock<(value: Value?, make: (() -> Value)?)>

  /// A value `make` makes when it is first read; `make` is released once it has run.
  package init(_ make: @escaping @Sendable () -> Value) {
    state = Lock((nil, make))
  }

  /// The value, made now if it was not yet.
  package var value: Value {
    state.withLock { state in
      if let value = state.value { return value }
      let value = state.make!()
      state = (value, nil)
      return value
    }
  }
}
