/// The answers of another `InterfaceClassInfo`, each asked once: a file asks the same
/// class the same thing many times (geany.glade asks 1,500 properties of 40 classes).
final class RememberedClassInfo: InterfaceClassInfo {
  private let classes: any InterfaceClassInfo
  private var known: [String: Bool] = [:]
  private var unbuildable: [String: String?] = [:]
  private var ancestors: [Pair: Bool] = [:]
  private var properties: [Pair: Bool] = [:]
  private var childProperties: [Pair: Bool] = [:]
  private var types: [Pair: String?] = [:]

  private struct Pair: Hashable {
    let name: String
    let className: String
  }

  init(_ classes: any InterfaceClassInfo) {
    self.classes = classes
  }

  func isKnownClass(_ className: String) -> Bool {
    remembered(&known, className) { classes.isKnownClass(className) }
  }

  func whyUnbuildable(_ className: String) -> String? {
    remembered(&unbuildable, className) { classes.whyUnbuildable(className) }
  }

  func isClass(_ className: String, a ancestor: String) -> Bool {
    remembered(&ancestors, Pair(name: ancestor, className: className)) {
      classes.isClass(className, a: ancestor)
    }
  }

  func hasProperty(_ property: String, onClass className: String) -> Bool {
    remembered(&properties, Pair(name: property, className: className)) {
      classes.hasProperty(property, onClass: className)
    }
  }

  func hasChildProperty(_ property: String, container className: String) -> Bool {
    remembered(&childProperties, Pair(name: property, className: className)) {
      classes.hasChildProperty(property, container: className)
    }
  }

  func propertyType(_ property: String, onClass className: String) -> String? {
    remembered(&types, Pair(name: property, className: className)) {
      classes.propertyType(property, onClass: className)
    }
  }

  private func remembered<Key: Hashable, Value>(
    _ answers: inout [Key: Value], _ key: Key, _ ask: () -> Value
  ) -> Value {
    if let answer = answers[key] { return answer }
    let answer = ask()
    answers[key] = answer
    return answer
  }
}
