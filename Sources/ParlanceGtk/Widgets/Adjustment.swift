import CGtk

/// A bounded value with a page size: a scroll position (`GtkAdjustment`).
///
/// The wrapper holds a reference of its own. Values are in pixels for scrolled windows.
@MainActor
public final class Adjustment {
  private let reference: ObjectReference

  /// Wraps the adjustment a widget returned; stops the program on NULL, which GTK only
  /// returns when used before `Gtk.initialize()`.
  init(retaining adjustment: UnsafeMutablePointer<GtkAdjustment>?) {
    guard let adjustment else {
      preconditionFailure("GTK is not initialized: call Gtk.initialize() first")
    }
    reference = ObjectReference(retaining: adjustment)
  }

  private var pointer: UnsafeMutablePointer<GtkAdjustment> {
    UnsafeMutableRawPointer(reference.pointer).assumingMemoryBound(to: GtkAdjustment.self)
  }

  /// The current value, clamped to `lower...upper - pageSize` when set.
  public var value: Double {
    get { gtk_adjustment_get_value(pointer) }
    set { gtk_adjustment_set_value(pointer, newValue) }
  }

  /// The smallest value.
  public var lower: Double { gtk_adjustment_get_lower(pointer) }

  /// The largest value plus the page size: the full length of the content.
  public var upper: Double { gtk_adjustment_get_upper(pointer) }

  /// The visible part of the content.
  public var pageSize: Double { gtk_adjustment_get_page_size(pointer) }

  /// The largest `value` can be.
  public var maximumValue: Double { max(lower, upper - pageSize) }

  /// Calls `handler` when the value changes (the user scrolled, or code set it).
  @discardableResult
  public func onValueChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    Signal.connect(reference.pointer, .valueChanged, handler)
  }
}
