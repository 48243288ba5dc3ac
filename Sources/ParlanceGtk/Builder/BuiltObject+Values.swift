import CGtk

extension BuiltObject {
  /// The integer property `name` (a notebook's `page`, a combo box's `active`), nil when
  /// the object has no readable `gint` property of that name.
  public func integer(forProperty name: String) -> Int? {
    var value: gint = 0
    guard parlance_object_read_int(reference.pointer, name, &value) != 0 else { return nil }
    return Int(value)
  }

  /// Sets the integer property `name`; false, changing nothing, when there is none or the
  /// value does not fit a `gint`.
  @discardableResult
  public func setInteger(_ value: Int, forProperty name: String) -> Bool {
    guard let value = gint(exactly: value) else { return false }
    return parlance_object_write_int(reference.pointer, name, value) != 0
  }

  /// The boolean property `name` (a toggle's `active`), nil when there is none.
  package func boolean(forProperty name: String) -> Bool? {
    var value: gboolean = 0
    guard parlance_object_read_bool(reference.pointer, name, &value) != 0 else { return nil }
    return value != 0
  }

  /// Sets the boolean property `name`; false, changing nothing, when there is none.
  @discardableResult
  package func setBoolean(_ value: Bool, forProperty name: String) -> Bool {
    parlance_object_write_bool(reference.pointer, name, value.gboolean) != 0
  }

  /// Sets the object property `name` (a combo box's `model`) to `value`, or clears it;
  /// false, changing nothing, when there is no such property or it takes another type.
  @discardableResult
  package func setObject(_ value: BuiltObject?, forProperty name: String) -> Bool {
    parlance_object_set_object_property(
      reference.pointer, name, value.map { UnsafeMutableRawPointer($0.reference.pointer) }) != 0
  }
}
