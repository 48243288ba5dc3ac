import CGtk

/// A title bar drawn by the application, with a title, a subtitle and buttons at both ends.
@MainActor
public final class HeaderBar: Container {
  /// Creates an empty header bar; give it to `Window.setTitlebar(_:)`.
  public init() {
    super.init(sinking: gtk_header_bar_new())
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }

  private var headerBarPointer: UnsafeMutablePointer<GtkHeaderBar> {
    parlance_gtk_header_bar(widgetPointer)
  }

  /// The title; nil shows the window's title.
  public var title: String? {
    get { String(borrowingGLibString: gtk_header_bar_get_title(headerBarPointer)) }
    set { gtk_header_bar_set_title(headerBarPointer, newValue) }
  }

  /// The smaller second line under the title.
  public var subtitle: String? {
    get { String(borrowingGLibString: gtk_header_bar_get_subtitle(headerBarPointer)) }
    set { gtk_header_bar_set_subtitle(headerBarPointer, newValue) }
  }

  /// Whether the window buttons (close, and others the desktop configures) are shown.
  public var showCloseButton: Bool {
    get { Bool(gboolean: gtk_header_bar_get_show_close_button(headerBarPointer)) }
    set { gtk_header_bar_set_show_close_button(headerBarPointer, newValue.gboolean) }
  }

  /// Adds `child` at the end side (right in LTR, left in RTL), before earlier ones.
  public func packEnd(_ child: Widget) {
    gtk_header_bar_pack_end(headerBarPointer, child.widgetPointer)
  }
}
