import CGtk

extension BuiltObject {
  /// The int property `name` (`page` of a notebook, `active` of a combo box), nil when
  /// there is none.
  public func integer(forProperty name: String) -> Int? {
    var value: gint = 0
    guard parlance_object_get_int_property(pointer, name, &value) != 0 else { return nil }
    return Int(value)
  }

  /// Sets the int property `name`; false, changing nothing, when there is none.
  @discardableResult
  public func setInteger(_ value: Int, forProperty name: String) -> Bool {
    guard let value = gint(exactly: value) else { return false }
    return parlance_object_set_int_property(pointer, name, value) != 0
  }

  /// Sets the object property `name` (a combo box's `model`) to `value`, or clears it;
  /// false, changing nothing, when there is no such property or it takes another type.
  @discardableResult
  public func setObject(_ value: BuiltObject?, forProperty name: String) -> Bool {
    parlance_object_set_object_property(
      pointer, name, value.map { UnsafeMutableRawPointer($0.pointer) }) != 0
  }
}
