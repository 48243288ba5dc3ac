import CGtk

/// Children in rows and columns (`GtkGrid`); columns mirror in RTL.
@MainActor
public final class Grid: Container {
  /// Creates an empty grid.
  public init(rowSpacing: Int = 0, columnSpacing: Int = 0) {
    super.init(sinking: gtk_grid_new())
    self.rowSpacing = rowSpacing
    self.columnSpacing = columnSpacing
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }

  private var gridPointer: UnsafeMutablePointer<GtkGrid> {
    parlance_gtk_grid(widgetPointer)
  }

  /// Places `child` with its top-left cell at (`column`, `row`), spanning `width` × `height`.
  public func attach(_ child: Widget, column: Int, row: Int, width: Int = 1, height: Int = 1) {
    gtk_grid_attach(
      gridPointer, child.widgetPointer, Int32(column), Int32(row), Int32(width), Int32(height))
  }

  /// The child covering the cell, if any.
  public func child(column: Int, row: Int) -> Widget? {
    gtk_grid_get_child_at(gridPointer, Int32(column), Int32(row)).map(Widget.wrapper(for:))
  }

  /// Pixels between rows.
  public var rowSpacing: Int {
    get { Int(gtk_grid_get_row_spacing(gridPointer)) }
    set { gtk_grid_set_row_spacing(gridPointer, UInt32(newValue)) }
  }

  /// Pixels between columns.
  public var columnSpacing: Int {
    get { Int(gtk_grid_get_column_spacing(gridPointer)) }
    set { gtk_grid_set_column_spacing(gridPointer, UInt32(newValue)) }
  }

}
