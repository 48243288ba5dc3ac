import CGtk

/// A row or column of children (`GtkBox`).
@MainActor
public final class Box: Container {
  /// Creates an empty box with `spacing` pixels between children.
  public init(orientation: Orientation, spacing: Int = 0) {
    super.init(sinking: gtk_box_new(orientation.gtkValue, Int32(spacing)))
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }

  private var boxPointer: UnsafeMutablePointer<GtkBox> {
    parlance_gtk_box(widgetPointer)
  }

  /// `GtkOrientable` is an interface, opaque to Swift.
  private var orientablePointer: OpaquePointer {
    parlance_gtk_orientable(widgetPointer)
  }

  /// The direction children are laid out in.
  public var orientation: Orientation {
    get { Orientation(gtk_orientable_get_orientation(orientablePointer)) }
    set { gtk_orientable_set_orientation(orientablePointer, newValue.gtkValue) }
  }

  /// Pixels between two children.
  public var spacing: Int {
    get { Int(gtk_box_get_spacing(boxPointer)) }
    set { gtk_box_set_spacing(boxPointer, Int32(newValue)) }
  }

  /// Adds `child` after the children packed at the start (`gtk_box_pack_start`).
  ///
  /// `expand` gives the child a share of extra space; `fill` makes it fill that share
  /// rather than be centred in it; `padding` adds pixels on both sides of it.
  public func append(_ child: Widget, expand: Bool = false, fill: Bool = true, padding: Int = 0) {
    gtk_box_pack_start(
      boxPointer, child.widgetPointer, expand.gboolean, fill.gboolean, UInt32(padding))
  }

}
