import CGtk

/// A view onto a child larger than itself, with scrollbars (`GtkScrolledWindow`).
@MainActor
public final class ScrolledWindow: Container {
  /// Creates an empty scrolled window with automatic scrollbars.
  public init() {
    super.init(sinking: gtk_scrolled_window_new(nil, nil))
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }

  private var scrolledPointer: UnsafeMutablePointer<GtkScrolledWindow> {
    parlance_gtk_scrolled_window(widgetPointer)
  }

  /// The single child, as it was given.
  ///
  /// GTK wraps a child that cannot scroll itself (anything but a text view, tree view…) in
  /// a `GtkViewport`; the getter looks through it.
  public var child: Widget? {
    get {
      guard let direct = children.first else { return nil }
      if Bool(gboolean: parlance_instance_is_a(direct.widgetPointer, gtk_viewport_get_type())),
        let viewport = direct as? Container
      {
        return viewport.children.first
      }
      return direct
    }
    set {
      removeAll()
      if let newValue { add(newValue) }
    }
  }

  /// The vertical scroll position and range; `value` is the offset of the top edge.
  public var verticalAdjustment: Adjustment {
    Adjustment(retaining: gtk_scrolled_window_get_vadjustment(scrolledPointer))
  }

  /// Sets when each scrollbar appears.
  public func setPolicy(horizontal: ScrollbarPolicy, vertical: ScrollbarPolicy) {
    gtk_scrolled_window_set_policy(scrolledPointer, horizontal.gtkValue, vertical.gtkValue)
  }

  /// Whether scrollbars float over the content and fade out (they do by default).
  ///
  /// Turn it off for screenshots: a fading scrollbar makes two captures differ.
  public var overlayScrolling: Bool {
    get { Bool(gboolean: gtk_scrolled_window_get_overlay_scrolling(scrolledPointer)) }
    set { gtk_scrolled_window_set_overlay_scrolling(scrolledPointer, newValue.gboolean) }
  }

  /// The height the view asks for at least, in pixels; -1 for none.
  public var minContentHeight: Int {
    get { Int(gtk_scrolled_window_get_min_content_height(scrolledPointer)) }
    set { gtk_scrolled_window_set_min_content_height(scrolledPointer, Int32(newValue)) }
  }

}
