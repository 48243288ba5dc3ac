import CGtk

/// A number entry with up and down buttons (`GtkSpinButton`).
@MainActor
public final class SpinButton: Widget {
  /// Creates a spin button over `range`, moving by `step`; the value starts at the lower end.
  ///
  /// Digits after the decimal point follow from `step` (0 for integer steps).
  public init(range: ClosedRange<Double>, step: Double = 1) {
    super.init(
      sinking: gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, step))
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }

  private var spinPointer: UnsafeMutablePointer<GtkSpinButton> {
    parlance_gtk_spin_button(widgetPointer)
  }

  /// The value, clamped to `range` when set.
  public var value: Double {
    get { gtk_spin_button_get_value(spinPointer) }
    set { gtk_spin_button_set_value(spinPointer, newValue) }
  }

  /// The value rounded to the nearest integer.
  public var intValue: Int {
    get { Int(gtk_spin_button_get_value_as_int(spinPointer)) }
    set { value = Double(newValue) }
  }

  /// The allowed values.
  public var range: ClosedRange<Double> {
    get {
      var lower = 0.0
      var upper = 0.0
      gtk_spin_button_get_range(spinPointer, &lower, &upper)
      return lower...upper
    }
    set { gtk_spin_button_set_range(spinPointer, newValue.lowerBound, newValue.upperBound) }
  }

  /// How much the arrows and arrow keys change the value.
  public var step: Double {
    get {
      var step = 0.0
      var page = 0.0
      gtk_spin_button_get_increments(spinPointer, &step, &page)
      return step
    }
    set { gtk_spin_button_set_increments(spinPointer, newValue, newValue * 10) }
  }

  /// Digits shown after the decimal point.
  public var digits: Int {
    get { Int(gtk_spin_button_get_digits(spinPointer)) }
    set { gtk_spin_button_set_digits(spinPointer, UInt32(newValue)) }
  }

  /// Calls `handler` whenever the value changes, whether by the user or by code.
  @discardableResult
  public func onValueChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    Signal.connect(objectPointer, .valueChanged, handler)
  }
}
