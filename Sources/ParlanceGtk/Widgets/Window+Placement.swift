import CGtk

extension Window {
  /// Asks the window manager to put the window's top-left corner at `x`, `y` (root window
  /// coordinates). Window managers may place it elsewhere; without one (Xvfb) it goes
  /// exactly there.
  public func move(x: Int, y: Int) {
    gtk_window_move(windowPointer, Int32(x), Int32(y))
  }

  /// Where the window's top-left corner is, as far as GTK knows.
  public var position: (x: Int, y: Int) {
    var x: Int32 = 0
    var y: Int32 = 0
    gtk_window_get_position(windowPointer, &x, &y)
    return (Int(x), Int(y))
  }
}
