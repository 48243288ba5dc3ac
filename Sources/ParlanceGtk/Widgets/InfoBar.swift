import CGtk

/// A coloured bar with a message and buttons above a window's content (`GtkInfoBar`).
@MainActor
public final class InfoBar: Container {
  /// The label showing the message, inside the bar's content area.
  public let label: Label

  /// Creates a bar showing `text`; it is revealed, but hidden like any widget until shown.
  public convenience init(text: String = "", messageType: MessageType = .info) {
    self.init(sinking: gtk_info_bar_new())
    self.messageType = messageType
    label.text = text
  }

  /// Wraps an info bar, adopting the first label of its content area as `label` (adding one
  /// when there is none).
  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    let content = pointer.flatMap { gtk_info_bar_get_content_area(parlance_gtk_info_bar($0)) }
    let existing = content.flatMap { content in
      (Widget.wrapper(for: content) as? Container)?.children.lazy.compactMap { $0 as? Label }
        .first
    }
    label = existing ?? Label()
    super.init(sinking: pointer)
    if existing == nil, let content {
      label.wrap = true
      label.xalign = 0
      gtk_container_add(parlance_gtk_container(content), label.widgetPointer)
    }
  }

  private var infoBarPointer: UnsafeMutablePointer<GtkInfoBar> {
    parlance_gtk_info_bar(widgetPointer)
  }

  /// The message (the text of `label`).
  public var text: String {
    get { label.text }
    set { label.text = newValue }
  }

  /// The kind of message, which picks the colour.
  public var messageType: MessageType {
    get { MessageType(gtk_info_bar_get_message_type(infoBarPointer)) }
    set { gtk_info_bar_set_message_type(infoBarPointer, newValue.gtkValue) }
  }

  /// Whether a close button is shown; it emits `ResponseID.close`.
  public var showCloseButton: Bool {
    get { Bool(gboolean: gtk_info_bar_get_show_close_button(infoBarPointer)) }
    set { gtk_info_bar_set_show_close_button(infoBarPointer, newValue.gboolean) }
  }

  /// Whether the bar is open; changing it slides the bar in or out.
  package var revealed: Bool {
    get { Bool(gboolean: gtk_info_bar_get_revealed(infoBarPointer)) }
    set { gtk_info_bar_set_revealed(infoBarPointer, newValue.gboolean) }
  }

  /// The button `showCloseButton` shows (GTK's own, beside the action area), if GTK made one.
  ///
  /// It has an icon and no text: give it an `accessibleName`.
  public var closeButton: Button? {
    guard let actions = gtk_info_bar_get_action_area(infoBarPointer),
      let row = gtk_widget_get_parent(actions)
    else { return nil }
    return (Widget.wrapper(for: row) as? Container)?.children.lazy
      .compactMap { $0 as? Button }
      .first { $0.hasStyleClass("close") }
  }

  /// Adds a button at the end of the bar that emits `response` when clicked.
  @discardableResult
  public func addButton(_ text: String, response: ResponseID) -> Button? {
    guard let button = gtk_info_bar_add_button(infoBarPointer, text, response.rawValue) else {
      return nil
    }
    return Widget.wrapper(for: button) as? Button
  }

  /// Calls `handler` with the response of the clicked button (or `.close`).
  @discardableResult
  public func onResponse(
    _ handler: @escaping @MainActor (ResponseID) -> Void
  ) -> SignalConnection {
    Signal.connect(objectPointer, .response) { handler(ResponseID(rawValue: $0)) }
  }

  /// Emits `response` as if a button with that response had been clicked.
  package func respond(_ response: ResponseID) {
    gtk_info_bar_response(infoBarPointer, response.rawValue)
  }
}
