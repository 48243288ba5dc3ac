/// What an event handler wants after it ran: let other handlers see the event, or stop it.
public enum EventPropagation: Sendable {
  /// Let other handlers and GTK's default handling run (`GDK_EVENT_PROPAGATE`).
  case proceed
  /// Stop here (`GDK_EVENT_STOP`): for `delete-event`, the window stays open.
  case stop
}
