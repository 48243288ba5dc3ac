/// A mutable value a closure shares with the code that created it.
final class Cell<Value> {
  var value: Value

  init(_ value: Value) {
    self.value = value
  }
}
